package dev.junitbench.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junitbench.environment.GpuInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("nvidia-smi")
class NvidiaSmiTests {

  @TempDir Path dir;

  private static final Duration TIMEOUT = Duration.ofSeconds(2);

  @Test
  @DisplayName("parses a recorded RTX 2080 output field by field, N/A as no value")
  void recordedQuery() throws Exception {
    String command = FakeNvidiaSmi.class.getResource("/nvidia-smi/rtx2080-query.csv").getPath();
    String header = Files.readAllLines(Path.of(command)).get(0);
    List<String> fields =
        Arrays.asList(header.replaceAll(".*--query-gpu=(\\S+).*", "$1").split(","));
    Map<String, String> row = NvidiaSmi.parse(fields, FakeNvidiaSmi.recorded("rtx2080-query.csv"));
    assertThat(row)
        .hasSize(19)
        .containsEntry("name", "GeForce RTX 2080")
        .containsEntry("utilization.gpu", "86")
        .containsEntry("power.draw", "176.98")
        .containsEntry("memory.total", "7979")
        .containsEntry("temperature.memory", null)
        .containsEntry("pstate", "P2");
    assertThat(NvidiaSmi.decimal(row.get("power.draw"))).isEqualTo(176.98);
    assertThat(NvidiaSmi.number(row.get("temperature.memory"))).isNull();
  }

  @Test
  @DisplayName("reads the nvidia-smi's documented missing values: N/A, [N/A], [Not Supported]")
  void missingValues() throws Exception {
    Map<String, String> row =
        NvidiaSmi.parse(List.of("a", "b", "c", "d"), "N/A, [N/A], [Not Supported], 12.5");
    assertThat(row)
        .containsOnlyKeys("a", "b", "c", "d")
        .containsEntry("a", null)
        .containsEntry("b", null)
        .containsEntry("c", null)
        .containsEntry("d", "12.5");
  }

  @Test
  @DisplayName("lists the GPUs of recorded H100 and H200 machines, with the banner's CUDA version")
  void inventory() throws Exception {
    List<GpuInfo> h100 =
        new NvidiaSmi(FakeNvidiaSmi.twoGpus(dir, "h100-name-memory-driver.csv").toString(), TIMEOUT)
            .gpus();
    assertThat(h100)
        .containsExactly(
            new GpuInfo(
                0, "NVIDIA H100 80GB HBM3", "NVIDIA", 81559L, "580.159.04", "12.4", "nvidia-smi"));
    List<GpuInfo> h200 =
        new NvidiaSmi(FakeNvidiaSmi.twoGpus(dir, "h200-name-memory-driver.csv").toString(), TIMEOUT)
            .gpus();
    assertThat(h200)
        .extracting(GpuInfo::name, GpuInfo::memoryTotalMb, GpuInfo::driverVersion)
        .containsExactly(Tuple.tuple("NVIDIA H200", 143771L, "580.159.03"));
    assertThat(
            NvidiaSmi.cudaVersion(
                List.of(
                    "+----+",
                    "| NVIDIA-SMI 535.104.05   Driver Version: 535.104.05"
                        + "   CUDA Version: 12.2     |")))
        .hasValue("12.2");
    assertThat(NvidiaSmi.cudaVersion(List.of("No devices were found"))).isEmpty();
  }

  @Test
  @DisplayName("finds the memory this process holds on the GPUs")
  void processMemory() throws Exception {
    NvidiaSmi smi =
        new NvidiaSmi(
            FakeNvidiaSmi.twoGpus(dir, "h100-name-memory-driver.csv").toString(), TIMEOUT);
    assertThat(smi.processMemoryMb(ProcessHandle.current().pid())).hasValue(512L);
    assertThat(smi.processMemoryMb(-5)).isEmpty();
  }

  @Test
  @DisplayName("streams samples and summarizes the busiest GPU")
  void stream() throws Exception {
    Path script = FakeNvidiaSmi.twoGpus(dir, "h100-name-memory-driver.csv");
    GpuStream stream = new NvidiaSmi(script.toString(), TIMEOUT).stream(Duration.ofMillis(20));
    stream.measurementStarts();
    FakeNvidiaSmi.awaitSamples(script, 4);
    // Printed is not yet read: wait until the stream has read three lines of the busier GPU.
    FakeNvidiaSmi.await(() -> stream.linesInWindow(1) > 2, "3 lines of GPU 1 read by the stream");
    GpuStream.Figures figures = stream.stop();
    assertThat(figures.problem()).isNull();
    assertThat(figures.gpu()).isEqualTo(1);
    assertThat(figures.utilizationPct()).isEqualTo(85.0);
    assertThat(figures.memoryPeakMb()).isEqualTo(1400.0);
    assertThat(figures.powerAvgW()).isEqualTo(300.0);
    assertThat(figures.samples()).isGreaterThan(2);
  }

  @Test
  @DisplayName("says why when it is absent, hangs, fails or prints something unexpected")
  void broken() {
    assertThatThrownBy(() -> new NvidiaSmi(dir.resolve("absent").toString(), TIMEOUT).gpus())
        .hasMessageStartingWith(dir.resolve("absent") + " cannot be run (")
        .hasMessageEndingWith(
            "); no NVIDIA driver here, or set junit.bench.nvidia-smi to its path");
    long start = System.nanoTime();
    assertThatThrownBy(() -> new NvidiaSmi(FakeNvidiaSmi.hanging(dir).toString(), TIMEOUT).gpus())
        .hasMessageEndingWith(
            "--query-gpu=name,memory.total,driver_version --format=csv,noheader,nounits did not"
                + " answer within 2 s (a hung driver?)");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    assertThatThrownBy(() -> new NvidiaSmi(FakeNvidiaSmi.failing(dir).toString(), TIMEOUT).gpus())
        .hasMessageEndingWith(
            "failed with exit status 9: NVIDIA-SMI has failed because it couldn't communicate with"
                + " the NVIDIA driver.");
    assertThatThrownBy(
            () -> new NvidiaSmi(FakeNvidiaSmi.unexpected(dir).toString(), TIMEOUT).gpus())
        .hasMessage(
            "nvidia-smi printed something unexpected: 'Segmentation fault (core dumped) in libnvidia-ml.so'"
                + " (expected 3 values: name, memory.total, driver_version)");
  }

  @Test
  @DisplayName("a stream of unexpected lines gives no figures and says what it printed")
  void unexpectedStream() throws Exception {
    GpuStream stream =
        new NvidiaSmi(FakeNvidiaSmi.unexpectedStream(dir).toString(), TIMEOUT)
            .stream(Duration.ofMillis(20));
    stream.measurementStarts();
    FakeNvidiaSmi.await(stream::sawUnexpected, "an unexpected line read by the stream");
    GpuStream.Figures figures = stream.stop();
    assertThat(figures.utilizationPct()).isNull();
    assertThat(figures.problem())
        .isEqualTo(
            "nvidia-smi printed something unexpected: 'ERR!' (expected 4 values:"
                + " index, utilization.gpu, memory.used, power.draw)");
  }
}
