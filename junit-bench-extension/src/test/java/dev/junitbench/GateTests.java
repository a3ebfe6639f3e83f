package dev.junitbench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.results.GateResult;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.opentest4j.AssertionFailedError;

@DisplayName("The regression gate inside JUnit")
class GateTests {

  private static final String SPIN = GateTestCases.class.getName() + "#spin";

  @TempDir
  Path tempDir;

  /** A baseline run of {@code spin} whose samples sit around {@code medianNs}. */
  private Path baseline(long medianNs) {
    return RunFolders.write(tempDir, "run-base",
        List.of(RunFolders.passed(SPIN, Map.of("device", "cpu"), RunFolders.around(medianNs, 30))));
  }

  private BenchmarkRun.Outcome runSpin(Path baseline, String... config) {
    BenchmarkRun run = BenchmarkRun.with().config("junit.bench.baseline", baseline.toString());
    for (int i = 0; i < config.length; i += 2) {
      run.config(config[i], config[i + 1]);
    }
    return run.run(GateTestCases.class, "spin");
  }

  private static Throwable failure(BenchmarkRun.Outcome outcome) {
    return outcome.events().testEvents().failed().list().get(0).getPayload(TestExecutionResult.class)
        .orElseThrow().getThrowable().orElseThrow();
  }

  @Test
  @DisplayName("fails a scenario that regressed, naming the change, its interval, the p-value and the baseline")
  void regressed() {
    Path base = baseline(100_000); // 0.1 ms; the benchmark spins 2 ms
    BenchmarkRun.Outcome outcome = runSpin(base);
    outcome.events().testEvents().assertStatistics(stats -> stats.failed(1).succeeded(0));
    Throwable thrown = failure(outcome);
    assertThat(thrown).isInstanceOf(AssertionFailedError.class);
    assertThat(thrown.getMessage())
        .startsWith(SPIN + " [device=cpu]: regressed: median +")
        .contains("(95% CI +").contains(", p = ").contains("(mann-whitney-u, 30 vs 20 samples)")
        .containsPattern("100\\.0 us -> \\d+\\.\\d+ ms; neither run is forked in 2 JVMs or more: between-JVM"
            + " variance unknown \\(fork both to measure it\\) against ")
        .contains("against " + base.resolve("results.json").toAbsolutePath())
        .contains("(rule: change > 5% and p < 0.01)");

    ScenarioResult result = outcome.result("spin [device=cpu]");
    assertThat(result.latencyMs()).as("a gated failure keeps its figures").isNotNull();
    GateResult gate = result.gate();
    assertThat(gate.failed()).isTrue();
    assertThat(gate.message()).isEqualTo(thrown.getMessage());
    assertThat(gate.baseline().found()).isTrue();
    assertThat(gate.baseline().runId()).isEqualTo("run-base");
    assertThat(gate.baseline().comparison().verdict()).isEqualTo(Verdict.REGRESSED);
    assertThat(gate.baseline().change()).isGreaterThan(5);
    assertThat(gate.baseline().comparison().pValue()).isLessThan(0.01);
    assertThat(gate.budget()).isNull();
  }

  @Test
  @DisplayName("passes a scenario that got faster, calling it improved")
  void improved() {
    BenchmarkRun.Outcome outcome = runSpin(baseline(1_000_000_000L));
    outcome.events().testEvents().assertStatistics(stats -> stats.failed(0).succeeded(1));
    GateResult gate = outcome.result("spin [device=cpu]").gate();
    assertThat(gate.failed()).isFalse();
    assertThat(gate.baseline().comparison().verdict()).isEqualTo(Verdict.IMPROVED);
    assertThat(gate.message()).contains("improved: median -");
  }

  @Test
  @DisplayName("passes a scenario within the threshold as unchanged, under the rule the run sets")
  void unchanged() {
    // A threshold of 300%: the 2 ms spin stays within it even when a busy machine stretches it.
    BenchmarkRun.Outcome outcome = runSpin(baseline(2_000_000), "junit.bench.regression.threshold", "300%");
    outcome.events().testEvents().assertStatistics(stats -> stats.failed(0).succeeded(1));
    GateResult gate = outcome.result("spin [device=cpu]").gate();
    assertThat(gate.baseline().comparison().verdict()).isEqualTo(Verdict.UNCHANGED);
    assertThat(gate.baseline().rule().threshold()).isEqualTo(3.0);
  }

  @Test
  @DisplayName("passes a scenario the baseline lacks, with a note")
  void absent() {
    Path base = RunFolders.write(tempDir, "run-other", List.of(RunFolders.passed(SPIN,
        Map.of("device", "cpu", "batch_size", 8), RunFolders.around(100_000, 30))));
    BenchmarkRun.Outcome outcome = runSpin(base);
    outcome.events().testEvents().assertStatistics(stats -> stats.failed(0).succeeded(1));
    GateResult gate = outcome.result("spin [device=cpu]").gate();
    assertThat(gate.failed()).isFalse();
    assertThat(gate.baseline().found()).isFalse();
    assertThat(gate.message()).endsWith("not in the baseline (a new scenario): nothing to compare, passed");
  }

  @Test
  @DisplayName("compares with a baseline scenario the gate failed there, as it kept its figures")
  void gatedBaselineCompared() {
    ScenarioResult failedThere = RunFolders.passed(SPIN, Map.of("device", "cpu"), RunFolders.around(100_000, 30))
        .withGate(new GateResult(true, "over budget", null, null))
        .ended(dev.junitbench.results.Status.FAILED, "org.opentest4j.AssertionFailedError: over budget");
    assertThat(failedThere.latencyMs()).isNotNull();
    BenchmarkRun.Outcome outcome = runSpin(RunFolders.write(tempDir, "run-gated", List.of(failedThere)));
    GateResult gate = outcome.result("spin [device=cpu]").gate();
    assertThat(gate.baseline().found()).isTrue();
    assertThat(gate.baseline().comparison().verdict()).isEqualTo(Verdict.REGRESSED);
  }

  @Test
  @DisplayName("compares on medians and intervals when the baseline kept no samples.csv, and says so")
  void baselineWithoutSamples() {
    Path base = RunFolders.writeWithoutSamples(tempDir, "run-summary",
        List.of(RunFolders.passed(SPIN, Map.of("device", "cpu"), RunFolders.around(100_000, 30))));
    BenchmarkRun.Outcome outcome = runSpin(base.resolve("results.json"));
    outcome.events().testEvents().assertStatistics(stats -> stats.failed(1));
    GateResult gate = outcome.result("spin [device=cpu]").gate();
    assertThat(gate.baseline().comparison().test()).isEqualTo("wald-log-median-ratio");
    assertThat(gate.baseline().note()).contains("kept no samples.csv: compared on medians and their intervals");
    assertThat(failure(outcome).getMessage()).contains("wald-log-median-ratio").contains("kept no samples.csv");
  }

  @Test
  @DisplayName("a baseline that cannot be read fails every benchmark as a configuration error naming junit.bench.baseline")
  void badBaseline() throws Exception {
    Path missing = tempDir.resolve("no-such-run");
    BenchmarkRun.Outcome outcome = runSpin(missing);
    assertThat(outcome.events().testEvents().started().list()).singleElement()
        .satisfies(event -> assertThat(event.getTestDescriptor().getDisplayName()).isEqualTo("[invalid configuration]"));
    assertThat(failure(outcome).getMessage()).isEqualTo("-Djunit.bench.baseline=" + missing + " cannot be used: "
        + missing + " does not exist; give a run folder (run-<time>-<id>) or its results.json");

    Path empty = Files.createDirectories(tempDir.resolve("empty"));
    Files.writeString(empty.resolve("results.json"), "{\"schema_version\": 1, \"run\": {\"id\": \"x\"}, \"resu");
    assertThat(failure(runSpin(empty)).getMessage()).startsWith("-Djunit.bench.baseline=" + empty + " cannot be used: ")
        .contains("is not valid JSON").contains("cut short");

    // Values no measurement gives (an interval that does not hold its median) are refused before anything runs.
    Path damaged = baseline(100_000);
    Path json = damaged.resolve("results.json");
    Files.writeString(json, Files.readString(json).replaceFirst("\"ci95_high\" : [0-9.E-]+", "\"ci95_high\" : 1.0E-9"));
    BenchmarkRun.Outcome refused = runSpin(damaged);
    assertThat(refused.events().testEvents().started().list()).singleElement()
        .satisfies(event -> assertThat(event.getTestDescriptor().getDisplayName()).isEqualTo("[invalid configuration]"));
    assertThat(failure(refused).getMessage()).startsWith("-Djunit.bench.baseline=" + damaged + " cannot be used: ")
        .contains("does not hold its median");
  }

  @Test
  @DisplayName("a broken budget fails the scenario with each limit it broke; a kept one passes")
  void budget() {
    BenchmarkRun.Outcome outcome = BenchmarkRun.with().run(GateTestCases.class);
    Map<String, ScenarioResult> results = outcome.results();
    ScenarioResult over = outcome.result("overBudget [device=cpu]");
    assertThat(over.gate().failed()).isTrue();
    assertThat(over.gate().budget().exceeded()).hasSize(2);
    assertThat(over.gate().message()).startsWith(GateTestCases.class.getName() + "#overBudget [device=cpu]: budget exceeded: median ")
        .contains(" > 1.000 ms; throughput ").contains(" < 1.000e+06 samples/s");
    assertThat(over.latencyMs()).isNotNull();
    ScenarioResult within = outcome.result("withinBudget [device=cpu]");
    assertThat(within.gate().failed()).isFalse();
    assertThat(within.gate().budget().exceeded()).isEmpty();
    assertThat(within.gate().message()).endsWith("within budget");
    assertThat(results.get("spin [device=cpu]").gate()).as("no baseline, no budget: no gate").isNull();
    outcome.events().testEvents().assertStatistics(stats -> stats.succeeded(2).failed(1));
  }

  @Test
  @DisplayName("a @Budget without a limit, with a bad duration or a throughput <= 0 is an invalid configuration")
  void invalidBudgets() {
    BenchmarkRun.Outcome outcome = BenchmarkRun.with().run(InvalidBudgetTestCases.class);
    List<String> messages = outcome.events().testEvents().failed().list().stream()
        .map(e -> e.getPayload(TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow().getMessage())
        .toList();
    assertThat(messages).containsExactlyInAnyOrder(
        "@Budget on noLimit of " + InvalidBudgetTestCases.class.getName() + "#noLimit is not valid: it sets no limit;"
            + " set median, p99 or minThroughput, e.g. @Budget(median = \"10ms\")",
        "@Budget(median) on badDuration of " + InvalidBudgetTestCases.class.getName() + "#badDuration = \"fast\" is not"
            + " a duration; use " + dev.junitbench.config.Durations.ACCEPTED,
        "@Budget(minThroughput = -5.0) on negativeThroughput of " + InvalidBudgetTestCases.class.getName()
            + "#negativeThroughput is not valid: the throughput limit must be a positive number of samples per second,"
            + " e.g. minThroughput = 100",
        "@Budget(minThroughput = -1.0) on minusOne of " + InvalidBudgetTestCases.class.getName()
            + "#minusOne is not valid: the throughput limit must be a positive number of samples per second,"
            + " e.g. minThroughput = 100");
  }

  @Test
  @DisplayName("compares forked runs with Welch's t-test on their fork medians, and says so")
  void forkedRuns() {
    Path base = RunFolders.write(tempDir, "run-forked", List.of(RunFolders.forked(SPIN, Map.of("device", "cpu"),
        RunFolders.around(100_000, 30), RunFolders.around(101_000, 30), RunFolders.around(99_000, 30))));
    BenchmarkRun.Outcome outcome = runSpin(base, "junit.bench.forks", "3");
    outcome.events().testEvents().assertStatistics(stats -> stats.failed(1).succeeded(0));
    assertThat(failure(outcome).getMessage()).startsWith(SPIN + " [device=cpu]: regressed: median +")
        .contains("(welch-t-log-fork-medians, 3 vs 3 forks)")
        .doesNotContain("variance unknown");
    ScenarioResult result = outcome.results().values().iterator().next();
    assertThat(result.gate().baseline().comparison().test()).isEqualTo(Comparison.WELCH);
    assertThat(result.forks().completed()).isEqualTo(3);
  }

  @Test
  @DisplayName("says the between-run variance is unknown when only one side is forked")
  void oneSideForked() {
    BenchmarkRun.Outcome outcome = runSpin(baseline(100_000), "junit.bench.forks", "2");
    assertThat(failure(outcome).getMessage()).contains("(mann-whitney-u, 30 vs 40 samples)")
        .contains("the baseline is not forked in 2 JVMs or more: between-JVM variance unknown (fork both to measure it)");
  }

  static class GateTestCases {
    static void spin(long nanos) {
      long end = System.nanoTime() + nanos;
      while (System.nanoTime() < end) {
        Thread.onSpinWait();
      }
    }

    @Benchmark
    @Warmup(iterations = 1)
    @Measurement(iterations = 20)
    void spin() {
      spin(2_000_000);
    }

    @Benchmark
    @Warmup(iterations = 1)
    @Measurement(iterations = 10)
    @Budget(median = "1ms", minThroughput = 1_000_000)
    void overBudget() {
      spin(2_000_000);
    }

    @Benchmark
    @Warmup(iterations = 1)
    @Measurement(iterations = 10)
    @Budget(median = "10s", p99 = "10s", minThroughput = 0.001)
    void withinBudget() {
      spin(100_000);
    }
  }

  static class InvalidBudgetTestCases {
    @Benchmark
    @Budget
    void noLimit() {}

    @Benchmark
    @Budget(median = "fast")
    void badDuration() {}

    @Benchmark
    @Budget(minThroughput = -5)
    void negativeThroughput() {}

    @Benchmark
    @Budget(minThroughput = -1)
    void minusOne() {}
  }
}
