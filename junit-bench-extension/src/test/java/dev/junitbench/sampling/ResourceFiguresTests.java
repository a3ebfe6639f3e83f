package dev.junitbench.sampling;

import static dev.junitbench.testkit.ScenarioResultAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import ai.onnxruntime.OrtException;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Model;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.machine.FakeNvidiaSmi;
import dev.junitbench.onnx.OnnxModel;
import dev.junitbench.onnx.TinyModels;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.testkit.BenchmarkTestKit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EventConditions;
import org.junit.platform.testkit.engine.TestExecutionResultConditions;

@DisplayName("What a scenario costs besides time")
class ResourceFiguresTests {

  @TempDir static Path dir;

  static Path counter;

  @BeforeAll
  static void fakes() throws Exception {
    TinyModels.write();
    Path zone = Files.createDirectories(dir.resolve("powercap/intel-rapl:0"));
    Files.writeString(zone.resolve("name"), "package-0\n");
    Files.writeString(zone.resolve("max_energy_range_uj"), "262143328850\n");
    counter = zone.resolve("energy_uj");
    Files.writeString(counter, "0\n");
  }

  private static BenchmarkTestKit.Outcome run(String method, String nvidiaSmi) {
    return BenchmarkTestKit.with()
        .quick()
        .config("junit.bench.nvidia-smi", nvidiaSmi)
        .config("junit.bench.powercap.root", dir.resolve("powercap").toString())
        .config("junit.bench.sampling.interval", "10ms")
        .run(ResourceTestCases.class, method);
  }

  @Test
  @DisplayName("is sampled while the scenario is measured: memory, CPU, energy per inference")
  void sampled() {
    ResourceTestCases.joules = 0;
    String smi = FakeNvidiaSmi.twoGpus(dir, "h200-name-memory-driver.csv").toString();
    BenchmarkTestKit.Outcome outcome = run("model", smi);
    outcome.events().testEvents().assertStatistics(stats -> stats.succeeded(1));
    ScenarioResult result = outcome.result("[device=cpu, batch_size=2]");
    assertThat(result.memory().rssPeakMb()).isPositive();
    assertThat(result.memory().modelFootprintMb()).isNotNull().isNotNegative();
    // A scenario on the CPU starts no nvidia-smi: the GPUs are not what it uses.
    assertThat(result.memory().gpuMemPeakMb()).isNull();
    assertThat(result.utilization().unavailableReason())
        .contains("gpu_util_pct: the scenario runs on the cpu");
    assertThat(result.energy().source()).isEqualTo("powercap");
    // Each call of 2 samples adds 2 J to the fake counter: 1 J per inference, the last call's after
    // the end.
    assertThat(result.energy().joulesPerInference()).isBetween(0.7, 1.0);
  }

  @Test
  @DisplayName("measures a real model's footprint, each time it is opened")
  void footprintAfterAnotherModel() {
    BenchmarkTestKit.Outcome first =
        BenchmarkTestKit.with().quick().run(ResourceTestCases.class, "miniLm");
    // The first session is closed now; its memory is free for the allocator to hand out again.
    BenchmarkTestKit.Outcome second =
        BenchmarkTestKit.with().quick().run(ResourceTestCases.class, "miniLm");
    for (BenchmarkTestKit.Outcome outcome : List.of(first, second)) {
      // A 23 MB quantized model takes more than 10 MiB once opened.
      assertThat(outcome.result("[device=cpu]").memory().modelFootprintMb()).isGreaterThan(10.0);
    }
  }

  @Test
  @DisplayName("turned off with junit.bench.sampling.enabled=false: the figures null, saying so")
  void off() {
    ScenarioResult result =
        BenchmarkTestKit.with()
            .quick()
            .config("junit.bench.sampling.enabled", "false")
            .run(ResourceTestCases.class, "plain")
            .result("[device=cpu]");
    assertThat(result.memory().rssPeakMb()).isNull();
    assertThat(result.memory().unavailableReason())
        .isEqualTo(
            "sampling is off (junit.bench.sampling.enabled=false); model_footprint_mb: the benchmark opens no model");
    assertThat(result).hasSamples(5);
  }

  @Test
  @DisplayName("a scenario on the CPU does not wait for a hanging nvidia-smi")
  void hangingNvidiaSmi() {
    long start = System.nanoTime();
    BenchmarkTestKit.Outcome outcome = run("plain", FakeNvidiaSmi.hanging(dir).toString());
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    ScenarioResult result = outcome.result("[device=cpu]");
    assertThat(result).hasSamples(5);
    assertThat(result.memory().rssPeakMb()).isPositive();
  }

  @Test
  @DisplayName("a sampling interval below 10 ms is rejected before anything runs")
  void intervalTooShort() {
    BenchmarkTestKit.Outcome outcome =
        BenchmarkTestKit.with()
            .quick()
            .config("junit.bench.sampling.interval", "1ms")
            .run(ResourceTestCases.class, "plain");
    outcome
        .events()
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            EventConditions.finishedWithFailure(
                TestExecutionResultConditions.message(
                    "-Djunit.bench.sampling.interval=1ms is not valid; use 10ms or more (sampling more often costs more than"
                        + " it tells)")));
  }

  static class ResourceTestCases {
    static long joules;

    @Benchmark
    @BatchSizes(2)
    void model(@Model("target/test-models/matmul.onnx") OnnxModel model, ModelInputs inputs)
        throws OrtException {
      model.run(inputs).close();
      joules += 2;
      try {
        Files.writeString(counter, joules * 1_000_000 + "\n");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Benchmark
    void miniLm(@Model("classpath:all-minilm-l6-v2-q.onnx") OnnxModel model) {}

    @Benchmark
    void plain(Blackhole blackhole) {
      blackhole.consume(Math.sqrt(blackhole.hashCode()));
    }
  }
}
