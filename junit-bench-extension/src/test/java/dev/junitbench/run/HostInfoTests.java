package dev.junitbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostInfoTests {

  @Test
  @DisplayName("The operating system matches the JVM's system properties")
  void operatingSystem() {
    HostInfo host = HostInfo.current();

    assertThat(host.osName()).isEqualTo(System.getProperty("os.name"));
    assertThat(host.osVersion()).isEqualTo(System.getProperty("os.version"));
    assertThat(host.osArch()).isEqualTo(System.getProperty("os.arch"));
  }

  @Test
  @DisplayName("Processors and physical memory are positive")
  void resources() {
    HostInfo host = HostInfo.current();

    assertThat(host.availableProcessors())
        .isPositive()
        .isEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(host.totalMemoryBytes()).isNotNull().isPositive();
  }

  @Test
  @DisplayName("The CPU model is the first model name of the cpuinfo file")
  void cpuModel(@TempDir Path dir) throws Exception {
    Path cpuInfo = dir.resolve("cpuinfo");
    Files.writeString(
        cpuInfo,
        "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) CPU @ 2.20GHz\n"
            + "\nprocessor\t: 1\nmodel name\t: Intel(R) Xeon(R) CPU @ 2.20GHz\n");

    assertThat(HostInfo.cpuModelFrom(cpuInfo)).isEqualTo("Intel(R) Xeon(R) CPU @ 2.20GHz");
  }

  @Test
  @DisplayName("A cpuinfo file without a model name, or no file at all, gives no CPU model")
  void noCpuModel(@TempDir Path dir) throws Exception {
    Path arm = dir.resolve("cpuinfo");
    Files.writeString(arm, "processor\t: 0\nBogoMIPS\t: 50.00\nCPU part\t: 0xd0c\n");

    assertThat(HostInfo.cpuModelFrom(arm)).isNull();
    assertThat(HostInfo.cpuModelFrom(dir.resolve("missing"))).isNull();
  }
}
