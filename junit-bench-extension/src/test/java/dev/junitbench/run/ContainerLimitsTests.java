package dev.junitbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A container's limits")
class ContainerLimitsTests {

  @TempDir
  Path root;

  private void write(String file, String text) throws Exception {
    Path path = root.resolve(file);
    Files.createDirectories(path.getParent());
    Files.writeString(path, text);
  }

  @Test
  @DisplayName("cgroup v2: the process's own group, quota over period in cores, and no limit as null")
  void v2() throws Exception {
    write("cgroup.controllers", "cpu memory\n");
    write("cpu.max", "max 100000\n");
    write("memory.max", "max\n");
    write("system.slice/bench.scope/cpu.max", "150000 100000\n");
    write("system.slice/bench.scope/memory.max", "4294967296\n");
    assertThat(ContainerLimits.read(root, "/")).hasValue(new ContainerLimits(2, null, null));
    assertThat(ContainerLimits.read(root, "/system.slice/bench.scope")).hasValue(new ContainerLimits(2, 1.5, 4294967296L));
  }

  @Test
  @DisplayName("cgroup v1: cfs quota over period, -1 and the largest page-aligned limit as none")
  void v1() throws Exception {
    write("cpu/cpu.cfs_quota_us", "-1\n");
    write("cpu/cpu.cfs_period_us", "100000\n");
    write("memory/memory.limit_in_bytes", "9223372036854771712\n");
    assertThat(ContainerLimits.read(root, "/")).hasValue(new ContainerLimits(1, null, null));
    write("cpu/cpu.cfs_quota_us", "200000\n");
    write("memory/memory.limit_in_bytes", "2147483648\n");
    assertThat(ContainerLimits.read(root, "/")).hasValue(new ContainerLimits(1, 2.0, 2147483648L));
  }

  @Test
  @DisplayName("no cgroup files: none; the own path comes from /proc/self/cgroup's v2 line")
  void none() throws Exception {
    assertThat(ContainerLimits.read(root.resolve("absent"), "/")).isEmpty();
    write("cgroup", "12:memory:/docker/abc\n0::/system.slice/bench.scope\n");
    assertThat(ContainerLimits.ownPath(root.resolve("cgroup"))).isEqualTo("/system.slice/bench.scope");
    assertThat(ContainerLimits.ownPath(root.resolve("missing"))).isEqualTo("/");
  }
}
