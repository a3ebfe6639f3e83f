package dev.junitbench.machine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.environment.ContainerLimits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A container's limits")
class ContainerLimitsTests {

  @TempDir Path root;

  private void write(String file, String text) throws Exception {
    Path path = root.resolve(file);
    Files.createDirectories(path.getParent());
    Files.writeString(path, text);
  }

  @Test
  @DisplayName(
      "cgroup v2: the tightest limit from the process's group up, quota over period in cores, max as none")
  void v2() throws Exception {
    write("cgroup.controllers", "cpu memory\n");
    write("cpu.max", "max 100000\n");
    write("memory.max", "max\n");
    write("job.slice/cpu.max", "400000 100000\n");
    write("job.slice/memory.max", "2147483648\n");
    write("job.slice/bench.scope/cpu.max", "150000 100000\n");
    write("job.slice/bench.scope/memory.max", "max\n");
    assertThat(ContainerLimitsReader.read(root, List.of("0::/")))
        .hasValue(new ContainerLimits(2, null, null));
    // The scope's own CPU quota is tighter; the memory limit is its parent's.
    assertThat(ContainerLimitsReader.read(root, List.of("0::/job.slice/bench.scope")))
        .hasValue(new ContainerLimits(2, 1.5, 2147483648L));
    // A path a namespace hides is read at the root.
    assertThat(ContainerLimitsReader.read(root, List.of("0::/elsewhere")))
        .hasValue(new ContainerLimits(2, null, null));
  }

  @Test
  @DisplayName(
      "cgroup v1: each controller's own group, cfs quota over period, -1 and the page-aligned maximum as none")
  void v1() throws Exception {
    write("cpu,cpuacct/cpu.cfs_quota_us", "-1\n");
    write("cpu,cpuacct/cpu.cfs_period_us", "100000\n");
    write("memory/memory.limit_in_bytes", "9223372036854771712\n");
    List<String> self = List.of("4:memory:/docker/abc", "2:cpu,cpuacct:/docker/abc", "0::/");
    assertThat(ContainerLimitsReader.read(root, self)).hasValue(new ContainerLimits(1, null, null));
    write("cpu,cpuacct/docker/abc/cpu.cfs_quota_us", "200000\n");
    write("cpu,cpuacct/docker/abc/cpu.cfs_period_us", "100000\n");
    write("memory/docker/abc/memory.limit_in_bytes", "2147483648\n");
    assertThat(ContainerLimitsReader.read(root, self))
        .hasValue(new ContainerLimits(1, 2.0, 2147483648L));
  }

  @Test
  @DisplayName(
      "no cgroup files: none; a controller's path comes from its line of /proc/self/cgroup")
  void none() {
    assertThat(ContainerLimitsReader.read(root.resolve("absent"), List.of())).isEmpty();
    List<String> self =
        List.of(
            "12:memory:/docker/abc", "3:cpu,cpuacct:/docker/def", "0::/system.slice/bench.scope");
    assertThat(ContainerLimitsReader.path(self, "")).isEqualTo("/system.slice/bench.scope");
    assertThat(ContainerLimitsReader.path(self, "memory")).isEqualTo("/docker/abc");
    assertThat(ContainerLimitsReader.path(self, "cpu")).isEqualTo("/docker/def");
    assertThat(ContainerLimitsReader.path(List.of(), "cpu")).isEqualTo("/");
  }
}
