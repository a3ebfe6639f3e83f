package dev.junitbench.machine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.environment.ContainerLimits;
import dev.junitbench.environment.GpuInfo;
import dev.junitbench.environment.HostInfo;
import dev.junitbench.warnings.RunWarnings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The host a run was measured on")
class HostInfoTests {

  @TempDir Path dir;

  private static OshiFacts facts() {
    return new OshiFacts(
        "AMD EPYC 7B13",
        "AuthenticAMD",
        2,
        4,
        3_050_000_000L,
        16L << 30,
        "Debian GNU/Linux 12 (bookworm)",
        "6.1.0-18-amd64",
        "bench-host",
        List.of(
            new GpuInfo(null, "Matrox G200eW3", "Matrox", 16L, null, null, "oshi"),
            new GpuInfo(
                null, "GH100 [H100 SXM5 80GB]", "NVIDIA Corporation", null, null, null, "oshi")));
  }

  @Test
  @DisplayName("is described by OSHI, the container's limits and nvidia-smi")
  void described() throws Exception {
    Path cgroup = Files.createDirectories(dir.resolve("cgroup"));
    Files.writeString(cgroup.resolve("cgroup.controllers"), "cpu memory\n");
    Files.writeString(cgroup.resolve("cpu.max"), "200000 100000\n");
    Files.writeString(cgroup.resolve("memory.max"), "8589934592\n");
    String smi = FakeNvidiaSmi.twoGpus(dir, "h100-name-memory-driver.csv").toString();
    HostInfo host = HostReader.collect(true, cgroup, smi, HostInfoTests::facts);
    assertThat(host.name()).isEqualTo("bench-host");
    assertThat(host.osName()).isEqualTo(System.getProperty("os.name"));
    assertThat(host.osVersion()).isEqualTo(System.getProperty("os.version"));
    assertThat(host.distribution()).isEqualTo("Debian GNU/Linux 12 (bookworm)");
    assertThat(host.kernel()).isEqualTo("6.1.0-18-amd64");
    assertThat(host.cpuModel()).isEqualTo("AMD EPYC 7B13");
    assertThat(host.cpuVendor()).isEqualTo("AuthenticAMD");
    assertThat(host.cpuPhysicalCores()).isEqualTo(2);
    assertThat(host.cpuLogicalCores()).isEqualTo(4);
    assertThat(host.cpuMaxFrequencyHz()).isEqualTo(3_050_000_000L);
    assertThat(host.totalMemoryBytes()).isEqualTo(16L << 30);
    assertThat(host.availableProcessors()).isEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(host.container()).isEqualTo(new ContainerLimits(2, 2.0, 8589934592L));
    // nvidia-smi's GPU, then the cards OSHI sees that nvidia-smi does not describe.
    assertThat(host.gpus())
        .extracting(GpuInfo::name, GpuInfo::source)
        .containsExactly(
            Tuple.tuple("NVIDIA H100 80GB HBM3", "nvidia-smi"),
            Tuple.tuple("Matrox G200eW3", "oshi"));
    assertThat(host.gpus().get(0).cudaVersion()).isEqualTo("12.4");
    assertThat(host.unavailableReason()).isNull();
    assertThat(HostReader.collect(false, cgroup, smi, HostInfoTests::facts).name())
        .as("include-name=false")
        .isNull();
  }

  @Test
  @DisplayName("when OSHI fails, keeps what the JVM knows, says why, and warns once per run")
  void oshiFails() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream previous = System.err;
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      RunWarnings.reset();
      for (int i = 0; i < 2; i++) {
        HostInfo host =
            HostReader.collect(
                true,
                dir.resolve("no-cgroup"),
                dir.resolve("no-smi").toString(),
                () -> {
                  throw new UnsatisfiedLinkError(
                      "libjnidispatch.so: cannot open shared object file");
                });
        assertThat(host.cpuVendor()).isNull();
        assertThat(host.cpuLogicalCores()).isNull();
        assertThat(host.name()).isNull();
        assertThat(host.osName()).isEqualTo(System.getProperty("os.name"));
        assertThat(host.totalMemoryBytes()).isPositive();
        assertThat(host.container()).isNull();
        assertThat(host.gpus()).isEmpty();
        assertThat(host.unavailableReason())
            .startsWith(
                "cpu_vendor, cpu_physical_cores, cpu_logical_cores,"
                    + " cpu_max_frequency_hz, distribution, kernel, name: OSHI cannot read this machine"
                    + " (java.lang.UnsatisfiedLinkError: libjnidispatch.so: cannot open shared object file)")
            .contains("container: no control group files under " + dir.resolve("no-cgroup"))
            .contains("gpus (nvidia-smi): " + dir.resolve("no-smi") + " cannot be run");
      }
      assertThat(err.toString(StandardCharsets.UTF_8).lines().filter(l -> l.contains("OSHI")))
          .containsExactly(
              "junit-bench: warning: OSHI cannot read this machine (java.lang.UnsatisfiedLinkError: libjnidispatch.so:"
                  + " cannot open shared object file) (oshi figures are null)");
    } finally {
      System.setErr(previous);
    }
  }

  @Test
  @DisplayName("of this machine, read by the real OSHI")
  void realOshi() {
    OshiFacts real = OshiFacts.read();
    assertThat(real.logicalCores()).isPositive();
    assertThat(real.physicalCores()).isPositive();
    assertThat(real.totalMemoryBytes()).isPositive();
    assertThat(real.cpuVendor()).isNotBlank();
    assertThat(real.distribution()).isNotBlank();
  }

  @Test
  @DisplayName("The CPU model is the first model name of the cpuinfo file")
  void cpuModel() throws Exception {
    Path cpuInfo = dir.resolve("cpuinfo");
    Files.writeString(
        cpuInfo,
        "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) CPU @ 2.20GHz\n"
            + "\nprocessor\t: 1\nmodel name\t: Intel(R) Xeon(R) CPU @ 2.20GHz\n");

    assertThat(HostReader.cpuModelFrom(cpuInfo)).isEqualTo("Intel(R) Xeon(R) CPU @ 2.20GHz");
  }

  @Test
  @DisplayName("A cpuinfo file without a model name, or no file at all, gives no CPU model")
  void noCpuModel() throws Exception {
    Path arm = dir.resolve("cpuinfo");
    Files.writeString(arm, "processor\t: 0\nBogoMIPS\t: 50.00\nCPU part\t: 0xd0c\n");

    assertThat(HostReader.cpuModelFrom(arm)).isNull();
    assertThat(HostReader.cpuModelFrom(dir.resolve("missing"))).isNull();
  }
}
