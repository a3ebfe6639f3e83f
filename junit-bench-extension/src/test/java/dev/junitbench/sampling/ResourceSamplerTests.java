package dev.junitbench.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.infra.Device;
import dev.junitbench.machine.FakeNvidiaSmi;
import dev.junitbench.machine.Machine;
import dev.junitbench.spi.ProbeScenario;
import dev.junitbench.testkit.TestJvm;
import dev.junitbench.warnings.RunWarnings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The resource sampler")
class ResourceSamplerTests {

  @TempDir Path dir;

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private PrintStream previous;

  @BeforeEach
  void captureWarnings() {
    RunWarnings.reset();
    previous = System.err;
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @AfterEach
  void restoreWarnings() {
    System.setErr(previous);
  }

  /** A machine whose resident set grows 10 MiB per reading from 100 MiB, heap fixed at 50 MiB. */
  static class FakeMachine implements Machine {
    final AtomicInteger reads = new AtomicInteger();
    long cpu;
    long gc;

    @Override
    public long rssBytes() throws Exception {
      return (100L + 10L * reads.getAndIncrement()) << 20;
    }

    @Override
    public long heapUsedBytes() {
      return 50L << 20;
    }

    @Override
    public long processCpuNanos() {
      // Each call: half a second of CPU more.
      cpu += 500_000_000L;
      return cpu;
    }

    long ticks;

    @Override
    public long[] systemTicks() {
      // Each call: 300 ticks busy (user, system) and 900 idle (idle, iowait): 25% busy.
      ticks++;
      return new long[] {100 * ticks, 0, 200 * ticks, 800 * ticks, 100 * ticks, 0, 0, 0};
    }

    @Override
    public long gcCount() {
      return gc += 3;
    }

    @Override
    public long gcTimeMs() {
      return gc * 2;
    }
  }

  private static ResourceSampler.Figures measure(
      ResourceSampler sampler, Device device, long samples) {
    ResourceSampler.Session session = sampler.prepare(new ProbeScenario("a.B#c", "[]", device));
    session.measurementStarts();
    return session.stop(samples, null);
  }

  private ResourceSampler.Settings settings(String nvidiaSmi, Path powercap) {
    return new ResourceSampler.Settings(true, Duration.ofMillis(10), nvidiaSmi, powercap);
  }

  @Test
  @DisplayName("records peaks and means of the resident set and heap, CPU, GC, GPU and energy")
  void everything() throws Exception {
    PowercapTests.zone(dir, "intel-rapl:0", 0, 1L << 40);
    Path smi = FakeNvidiaSmi.twoGpus(dir, "h100-name-memory-driver.csv");
    FakeMachine machine = new FakeMachine();
    ResourceSampler sampler = new ResourceSampler(settings(smi.toString(), dir), machine);
    ResourceSampler.Session session =
        sampler.prepare(new ProbeScenario("a.B#c", "[]", Device.CUDA));
    // nvidia-smi starts with the warm-up; only what it prints during the measurement counts.
    int beforeMeasurement = FakeNvidiaSmi.awaitSamples(smi, 1);
    session.measurementStarts();
    FakeNvidiaSmi.awaitSamples(smi, beforeMeasurement + 3);
    Thread.sleep(300);
    // 30 J spent by the CPU packages during the measurement.
    Files.writeString(dir.resolve("intel-rapl:0/energy_uj"), "30000000\n");
    ResourceSampler.Figures figures = session.stop(10, new ResourceSampler.Reading(42.0, null));

    int readings = machine.reads.get();
    assertThat(readings).isGreaterThan(3);
    assertThat(figures.memory().rssPeakMb()).isEqualTo(100.0 + 10 * (readings - 1));
    assertThat(figures.memory().rssAvgMb()).isEqualTo(100.0 + 10 * (readings - 1) / 2.0);
    assertThat(figures.memory().heapPeakMb()).isEqualTo(50.0);
    assertThat(figures.memory().heapAvgMb()).isEqualTo(50.0);
    assertThat(figures.memory().modelFootprintMb()).isEqualTo(42.0);
    assertThat(figures.memory().gpuMemPeakMb()).isEqualTo(1400.0);
    assertThat(figures.memory().gpuMemProcessMb()).isEqualTo(512.0);
    assertThat(figures.memory().unavailableReason()).isNull();
    assertThat(figures.utilization().cpuSystemPct()).isEqualTo(25.0);
    assertThat(figures.utilization().cpuProcessPct()).isPositive();
    assertThat(figures.utilization().gcCount()).isEqualTo(3);
    assertThat(figures.utilization().gcTimeMs()).isEqualTo(6.0);
    assertThat(figures.utilization().gpuUtilPct()).isEqualTo(85.0);
    assertThat(figures.utilization().samplerCpuPct()).isNotNull();
    assertThat(figures.utilization().unavailableReason()).isNull();
    assertThat(figures.energy().source()).isEqualTo("powercap+nvidia-smi");
    assertThat(figures.energy().gpuPowerAvgW()).isEqualTo(300.0);
    // 30 J of CPU and 300 W of GPU over the ~0.3 s measured, for 10 calls.
    assertThat(figures.energy().joulesPerInference())
        .isBetween(3.0 + 300 * 0.29 / 10, 3.0 + 300 * 1.0 / 10);
    assertThat(figures.energy().unavailableReason()).isNull();
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    // How each figure joins across forks: every number of the three groups declared, peaks and
    // totals apart.
    assertThat(figures.probes().aggregations()).isEqualTo(BuiltInAggregations.DECLARED);
  }

  @Test
  @DisplayName(
      "without nvidia-smi and energy counters: those figures null, the reasons given, warned once")
  void noGpuNoEnergy() {
    String absent = dir.resolve("no-nvidia-smi").toString();
    ResourceSampler sampler =
        new ResourceSampler(settings(absent, dir.resolve("no-powercap")), new FakeMachine());
    for (int scenario = 0; scenario < 2; scenario++) {
      ResourceSampler.Figures figures = measure(sampler, Device.CUDA, 10);
      assertThat(figures.memory().rssPeakMb()).isNotNull();
      assertThat(figures.memory().gpuMemPeakMb()).isNull();
      assertThat(figures.memory().unavailableReason())
          .startsWith(
              "gpu_mem_peak_mb, gpu_mem_process_mb: no NVIDIA GPU"
                  + " figures: "
                  + absent
                  + " cannot be run (")
          .endsWith("model_footprint_mb: the benchmark opens no model");
      assertThat(figures.utilization().gpuUtilPct()).isNull();
      assertThat(figures.utilization().unavailableReason())
          .startsWith("gpu_util_pct: no NVIDIA GPU figures");
      assertThat(figures.energy().joulesPerInference()).isNull();
      assertThat(figures.energy().unavailableReason())
          .contains("powercap: no RAPL energy counters under " + dir.resolve("no-powercap"))
          .contains("nvidia-smi: no NVIDIA GPU figures");
    }
    assertThat(err.toString(StandardCharsets.UTF_8).lines())
        .hasSize(2)
        .anySatisfy(
            line -> assertThat(line).startsWith("junit-bench: warning: no RAPL energy counters"))
        .anySatisfy(
            line ->
                assertThat(line)
                    .startsWith("junit-bench: warning: no NVIDIA GPU figures: " + absent));
  }

  @Test
  @DisplayName(
      "a hanging nvidia-smi costs the run one wait, and its figures are null with the reason")
  void hangingNvidiaSmi() {
    // The inventory gives up after Defaults.NVIDIA_SMI_TIMEOUT; here, once for the whole process.
    String hanging = FakeNvidiaSmi.hanging(dir).toString();
    ResourceSampler.Figures figures =
        measure(new ResourceSampler(settings(hanging, dir), new FakeMachine()), Device.CUDA, 1);
    assertThat(figures.memory().gpuMemPeakMb()).isNull();
    assertThat(figures.memory().unavailableReason())
        .contains("did not answer within 10 s (a hung driver?)");
    assertThat(figures.memory().rssPeakMb()).isNotNull();
  }

  @Test
  @DisplayName(
      "a stream of unexpected output leaves the GPU figures null, saying what nvidia-smi printed")
  void unexpectedStream() throws Exception {
    String smi = FakeNvidiaSmi.unexpectedStream(dir).toString();
    ResourceSampler.Session session =
        new ResourceSampler(settings(smi, dir), new FakeMachine())
            .prepare(new ProbeScenario("a.B#c", "[]", Device.CUDA));
    session.measurementStarts();
    Thread.sleep(150);
    ResourceSampler.Figures figures = session.stop(1, null);
    assertThat(figures.utilization().gpuUtilPct()).isNull();
    assertThat(figures.utilization().unavailableReason())
        .contains("gpu_util_pct: nvidia-smi printed something" + " unexpected: 'ERR!'");
  }

  @Test
  @DisplayName(
      "a scenario on the CPU starts no nvidia-smi; one too short for a GPU sample says so without a warning")
  void gpuOnlyWhereItCounts() throws Exception {
    Path smi = FakeNvidiaSmi.twoGpus(dir, "h100-name-memory-driver.csv");
    ResourceSampler sampler =
        new ResourceSampler(
            new ResourceSampler.Settings(true, Duration.ofSeconds(30), smi.toString(), dir),
            new FakeMachine());
    ResourceSampler.Figures cpu = measure(sampler, Device.CPU, 1);
    assertThat(cpu.utilization().unavailableReason())
        .contains("gpu_util_pct: the scenario runs on the cpu");
    ResourceSampler.Session session =
        sampler.prepare(new ProbeScenario("a.B#c", "[]", Device.CUDA));
    // nvidia-smi prints its first sample at once, during the warm-up, and the next only 30 s later.
    FakeNvidiaSmi.awaitSamples(smi, 1);
    Thread.sleep(200);
    session.measurementStarts();
    ResourceSampler.Figures quick = session.stop(1, null);
    assertThat(quick.utilization().gpuUtilPct()).isNull();
    assertThat(quick.utilization().unavailableReason())
        .contains("gpu_util_pct: no nvidia-smi sample fell within the" + " measurement (");
    assertThat(err.toString(StandardCharsets.UTF_8)).doesNotContain("nvidia-smi");
  }

  @Test
  @DisplayName("a JVM whose collectors count nothing: no GC figures, and why, never zero")
  void noGcCounts() {
    FakeMachine uncounted =
        new FakeMachine() {
          @Override
          public long gcCount() {
            return -1;
          }

          @Override
          public long gcTimeMs() {
            return -1;
          }
        };
    ResourceSampler.Figures figures =
        measure(new ResourceSampler(settings("none", dir), uncounted), Device.CPU, 1);
    assertThat(figures.utilization().gcCount()).isNull();
    assertThat(figures.utilization().gcTimeMs()).isNull();
    assertThat(figures.utilization().unavailableReason())
        .contains(
            "gc_count, gc_time_ms: no garbage collector of this" + " JVM counts its collections");
  }

  @Test
  @DisplayName(
      "a sampler whose readings throw: those figures null, the scenario's other figures kept")
  void samplerThrows() {
    FakeMachine broken =
        new FakeMachine() {
          @Override
          public long rssBytes() {
            throw new IllegalStateException("/proc/self/status vanished");
          }
        };
    ResourceSampler.Figures figures =
        measure(
            new ResourceSampler(settings(dir.resolve("none").toString(), dir), broken),
            Device.CPU,
            1);
    assertThat(figures.memory().rssPeakMb()).isNull();
    assertThat(figures.memory().heapPeakMb()).isNull();
    assertThat(figures.memory().unavailableReason())
        .contains(
            "rss_peak_mb, rss_avg_mb, heap_peak_mb, heap_avg_mb: the resource"
                + " sampler failed (java.lang.IllegalStateException: /proc/self/status vanished)");
    assertThat(figures.utilization().cpuSystemPct()).isEqualTo(25.0);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains(
            "junit-bench: warning: the resource sampler failed"
                + " (java.lang.IllegalStateException: /proc/self/status vanished)");
  }

  @Test
  @DisplayName(
      "a scenario that ends before its measurement starts is not sampled, and no sampler failure is warned of")
  void endedBeforeMeasurement() {
    ResourceSampler.Session session =
        new ResourceSampler(settings(dir.resolve("none").toString(), dir), new FakeMachine())
            .prepare(new ProbeScenario("a.B#c", "[]", Device.CPU));
    ResourceSampler.Figures figures = session.stop(0, null);
    assertThat(figures.memory().rssPeakMb()).isNull();
    assertThat(figures.memory().unavailableReason())
        .contains(
            "rss_peak_mb, rss_avg_mb, heap_peak_mb, heap_avg_mb: not"
                + " sampled, the scenario ended before its measurement started");
    assertThat(err.toString(StandardCharsets.UTF_8))
        .doesNotContain("sampler failed")
        .doesNotContain("did not stop");
  }

  @Test
  @DisplayName("turned off: every figure null but the model's footprint, and why")
  void off() {
    ResourceSampler.Session session =
        new ResourceSampler(
                new ResourceSampler.Settings(false, Duration.ofMillis(50), "nvidia-smi", dir),
                new FakeMachine())
            .prepare(new ProbeScenario("a.B#c", "[]", Device.CUDA));
    session.measurementStarts();
    ResourceSampler.Figures figures = session.stop(5, new ResourceSampler.Reading(12.0, null));
    assertThat(figures.memory().rssPeakMb()).isNull();
    assertThat(figures.memory().modelFootprintMb()).isEqualTo(12.0);
    assertThat(figures.memory().unavailableReason())
        .isEqualTo("sampling is off (junit.bench.sampling.enabled=false)");
    assertThat(figures.utilization().cpuProcessPct()).isNull();
    assertThat(figures.energy().joulesPerInference()).isNull();
  }

  @Test
  @DisplayName("computes the machine's busy share from its CPU ticks, idle and iowait counted idle")
  void busyShare() {
    assertThat(
            UtilizationProbe.busyPct(
                new long[] {0, 0, 0, 0, 0, 0, 0, 0}, new long[] {30, 10, 20, 35, 5, 0, 0, 0}))
        .isEqualTo(60.0);
    assertThat(
            UtilizationProbe.busyPct(
                new long[] {5, 0, 0, 5, 0, 0, 0, 0}, new long[] {5, 0, 0, 5, 0, 0, 0, 0}))
        .as("no tick passed")
        .isNull();
  }

  @Test
  @DisplayName(
      "hands memory the C library kept back to the system, so a model's footprint is not hidden by reuse")
  void releaseFreedMemory() throws Exception {
    // In a JVM of its own: what glibc keeps depends on everything the process allocated before.
    Process child =
        new ProcessBuilder(TestJvm.command(FreedMemoryMain.class.getName()))
            .redirectErrorStream(true)
            .start();
    String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(child.waitFor()).as(output).isZero();
    long freed = Long.parseLong(output.replaceAll("(?s).*freed=(\\d+).*", "$1"));
    long released = Long.parseLong(output.replaceAll("(?s).*released=(-?\\d+).*", "$1"));
    assertThat(released)
        .as("bytes handed back of the %s freed; %s", freed, output)
        .isGreaterThan(freed / 2);
  }

  @Test
  @DisplayName("reads the real resident set size of this process")
  void realRss() throws Exception {
    long rss = Machine.real().rssBytes();
    assertThat(rss).isGreaterThan(10L << 20);
    long status =
        Files.readAllLines(Path.of("/proc/self/status")).stream()
            .filter(l -> l.startsWith("VmRSS:"))
            .mapToLong(l -> Long.parseLong(l.replaceAll("\\D", "")) * 1024)
            .findFirst()
            .orElseThrow();
    assertThat((double) rss)
        .as("statm's resident pages, in bytes, against status's VmRSS")
        .isCloseTo(status, Assertions.withinPercentage(10));
    assertThat(Machine.real().heapUsedBytes()).isPositive();
    assertThat(new ResourceSampler(settings("nvidia-smi", dir)).rssMb().value())
        .isGreaterThan(10.0);
  }
}
