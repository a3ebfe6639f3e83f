package dev.junitbench;

import static dev.junitbench.testkit.ScenarioResultAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.infra.Device;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.testkit.BenchmarkTestKit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestTag;
import org.junit.platform.engine.reporting.ReportEntry;

@DisplayName("A benchmark's stop rules and dimensions")
class ConfigurationTests {

  @Test
  @DisplayName("come from the method's annotations before the class's")
  void methodWinsOverClass() {
    BenchmarkTestKit.Outcome outcome = BenchmarkTestKit.with().run(ConfigurationTestCases.class);
    assertThat(outcome.result("classRule", "[device=cpu, batch_size=2]"))
        .hasWarmupIterations(2)
        .hasMeasuredIterations(9);
    assertThat(outcome.result("ownRule", "[device=cpu, batch_size=3]"))
        .hasWarmupIterations(1)
        .hasMeasuredIterations(4);
  }

  @Test
  @DisplayName("are replaced whole by the run's overrides, time and precision included")
  void overridesReplaceTheWholeRule() {
    ScenarioResult result =
        BenchmarkTestKit.with()
            .config("junit.bench.warmup.iterations", "0")
            .config("junit.bench.measurement.iterations", "3")
            .run(ConfigurationTestCases.class, "slowByAnnotation")
            .result("[device=cpu]");
    assertThat(result).hasWarmupIterations(0).hasMeasuredIterations(3);
    assertThat(result.measurement().precisionTarget()).isNull();
  }

  @Test
  @DisplayName("are filtered by the run's dimension filters")
  void filters() {
    BenchmarkTestKit.Outcome outcome =
        BenchmarkTestKit.with()
            .quick()
            .config("junit.bench.devices", "cpu")
            .config("junit.bench.batch-sizes", "8, 1")
            .config("junit.bench.sequence-lengths", "64")
            .run(ConfigurationTestCases.class, "everyDimension");
    assertThat(
            outcome.events().testEvents().started().stream()
                .map(event -> event.getTestDescriptor().getDisplayName()))
        .containsExactly(
            "[device=cpu, batch_size=1, sequence_length=64]",
            "[device=cpu, batch_size=8, sequence_length=64]");
  }

  @Test
  @DisplayName("run a measurement with a precision target until it is reached and record it")
  void precisionTarget() {
    ScenarioResult result =
        BenchmarkTestKit.with().run(ConfigurationTestCases.class, "precise").result("[device=cpu]");
    assertThat(result.measurement().precisionTarget()).isEqualTo(0.5);
    assertThat(result.measurement().precisionReached()).isNotNull();
    assertThat(result.measurement().iterations()).isGreaterThanOrEqualTo(20);
  }

  @Test
  @DisplayName("are tagged performance and publish their summary under a stable report-entry key")
  void tagAndReportEntry() {
    BenchmarkTestKit.Outcome outcome =
        BenchmarkTestKit.with().quick().run(ConfigurationTestCases.class, "ownRule");
    assertThat(outcome.events().testEvents().started().list().get(0).getTestDescriptor().getTags())
        .contains(TestTag.create("performance"), TestTag.create("quick"));
    assertThat(UnitFormat.REPORT_ENTRY_KEY).isEqualTo("junit.bench.summary");
    assertThat(outcome.events().testEvents().reportingEntryPublished().list())
        .singleElement()
        .satisfies(
            event ->
                assertThat(event.getPayload(ReportEntry.class).orElseThrow().getKeyValuePairs())
                    .hasEntrySatisfying(
                        UnitFormat.REPORT_ENTRY_KEY,
                        value -> assertThat(value).startsWith("median ")));
  }

  @Warmup(iterations = 2)
  @Measurement(iterations = 9)
  @Tag("quick")
  static class ConfigurationTestCases {

    @Benchmark
    @BatchSizes(2)
    void classRule() {}

    @Benchmark
    @Warmup(iterations = 1)
    @Measurement(iterations = 4)
    @BatchSizes(3)
    void ownRule() {}

    @Benchmark
    @Measurement(iterations = 100_000, time = "1h", precision = 0.000001)
    void slowByAnnotation() {}

    @Benchmark
    @Devices({Device.CPU, Device.CUDA})
    @BatchSizes({1, 4, 8})
    @SequenceLengths({64, 128})
    void everyDimension() {}

    @Benchmark
    @Measurement(iterations = 20, time = "2s", precision = 0.5)
    void precise(Blackhole blackhole) {
      blackhole.consume(Math.sqrt(42.0));
    }
  }
}
