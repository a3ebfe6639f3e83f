package dev.junitbench.gate;

import static dev.junitbench.testkit.ScenarioResultAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;

import dev.junitbench.Benchmark;
import dev.junitbench.Budget;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import dev.junitbench.results.GateResult;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.stats.Verdict;
import dev.junitbench.testkit.BenchmarkTestKit;
import dev.junitbench.warnings.RunWarnings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

@DisplayName("The regression gate inside JUnit")
class GateTests {

  static final String SPIN = GateTestCases.class.getName() + "#spin";

  @TempDir Path tempDir;

  /** A baseline run of {@code spin} whose samples sit around {@code medianNs}. */
  private Path baseline(long medianNs) {
    return baseline(tempDir, medianNs);
  }

  /** A baseline run of {@code spin} in {@code dir} whose samples sit around {@code medianNs}. */
  static Path baseline(Path dir, long medianNs) {
    return RunFolders.write(
        dir,
        "run-base",
        List.of(RunFolders.passed(SPIN, Map.of("device", "cpu"), RunFolders.around(medianNs, 30))));
  }

  /** A run of {@code spin} against {@code baseline}, with {@code config}'s keys and values. */
  static BenchmarkTestKit.Outcome runSpin(Path baseline, String... config) {
    BenchmarkTestKit run =
        BenchmarkTestKit.with().config("junit.bench.baseline", baseline.toString());
    for (int i = 0; i < config.length; i += 2) {
      run.config(config[i], config[i + 1]);
    }
    return run.run(GateTestCases.class, "spin");
  }

  @Test
  @DisplayName(
      "fails a scenario that regressed: a short first line for the failure list, then the change, its interval, the p-value and the baseline")
  void regressed() {
    Path base = baseline(100_000); // 0.1 ms; the benchmark spins 2 ms
    BenchmarkTestKit.Outcome outcome = runSpin(base, "junit.bench.forks", "0");
    outcome.events().testEvents().assertStatistics(stats -> stats.failed(1).succeeded(0));
    outcome
        .events()
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                displayName("[device=cpu]"),
                finishedWithFailure(instanceOf(AssertionFailedError.class))));
    String message = outcome.failure("[device=cpu]");
    String[] lines = message.split("\n");
    assertThat(lines).hasSize(2);
    assertThat(lines[0])
        .startsWith("[device=cpu] regressed +")
        .contains("(95% CI +")
        .contains("; mann-whitney-u, 30 vs 20 samples), unforked: between-JVM variance unknown")
        .hasSizeLessThan(160);
    assertThat(lines[1])
        .startsWith(
            SPIN + " [device=cpu]: regressed (unforked: between-JVM variance unknown): median +")
        .contains("(95% CI +")
        .contains(", p = ")
        .contains("(mann-whitney-u, 30 vs 20 samples)")
        .containsPattern("100\\.0 us -> \\d+\\.\\d+ ms against ")
        .contains("against " + base.resolve("results.json").toAbsolutePath())
        .contains("(rule: change > 5% and p < 0.01)");

    ScenarioResult result = outcome.result("[device=cpu]");
    assertThat(result)
        .as("a gated failure keeps its figures")
        .failed()
        .hasFigures()
        .hasVerdict(Verdict.REGRESSED);
    GateResult gate = result.gate();
    assertThat(gate.failed()).isTrue();
    assertThat(gate.message()).isEqualTo(message);
    assertThat(gate.headline()).isEqualTo(lines[0]);
    assertThat(gate.baseline().found()).isTrue();
    assertThat(gate.baseline().judged()).isTrue();
    assertThat(gate.baseline().runId()).isEqualTo("run-base");
    assertThat(gate.baseline().change()).isGreaterThan(5);
    assertThat(gate.baseline().comparison().pValue()).isLessThan(0.01);
    assertThat(gate.budget()).isNull();
  }

  @Test
  @DisplayName("passes a scenario that got faster, calling it improved")
  void improved() {
    BenchmarkTestKit.Outcome outcome = runSpin(baseline(1_000_000_000L), "junit.bench.forks", "0");
    outcome.events().testEvents().assertStatistics(stats -> stats.failed(0).succeeded(1));
    assertThat(outcome.result("[device=cpu]")).passed().hasVerdict(Verdict.IMPROVED);
    GateResult gate = outcome.result("[device=cpu]").gate();
    assertThat(gate.failed()).isFalse();
    assertThat(gate.message())
        .contains("improved (unforked: between-JVM variance unknown): median -");
  }

  @Test
  @DisplayName("passes a scenario within the threshold as unchanged, under the rule the run sets")
  void unchanged() {
    // A threshold of 300%: the 2 ms spin stays within it even when a busy machine stretches it.
    BenchmarkTestKit.Outcome outcome =
        runSpin(
            baseline(2_000_000),
            "junit.bench.regression.threshold",
            "300%",
            "junit.bench.forks",
            "0");
    outcome.events().testEvents().assertStatistics(stats -> stats.failed(0).succeeded(1));
    assertThat(outcome.result("[device=cpu]")).hasVerdict(Verdict.UNCHANGED);
    assertThat(outcome.result("[device=cpu]").gate().baseline().rule().threshold()).isEqualTo(3.0);
  }

  /**
   * A baseline with {@code spin} at batch size 8 (which this run lacks) and {@code overBudget} as
   * this run has it.
   */
  private Path partlyMatchingBaseline() {
    return RunFolders.write(
        tempDir,
        "run-other",
        List.of(
            RunFolders.passed(
                SPIN, Map.of("device", "cpu", "batch_size", 8), RunFolders.around(100_000, 30)),
            RunFolders.passed(
                GateTestCases.class.getName() + "#overBudget",
                Map.of("device", "cpu"),
                RunFolders.around(2_000_000, 30))));
  }

  @Test
  @DisplayName(
      "passes a scenario the baseline lacks as NOT JUDGED, naming the nearest baseline scenario and the params that differ")
  void absent() {
    BenchmarkTestKit.Outcome outcome = runSpin(partlyMatchingBaseline(), "junit.bench.forks", "0");
    outcome.events().testEvents().assertStatistics(stats -> stats.failed(0).succeeded(1));
    GateResult gate = outcome.result("[device=cpu]").gate();
    assertThat(gate.failed()).isFalse();
    assertThat(gate.baseline().found()).isFalse();
    assertThat(gate.baseline().judged()).isFalse();
    assertThat(gate.message())
        .endsWith(
            "NOT JUDGED: not in the baseline; nearest in the baseline"
                + " [batch_size=8, device=cpu] (batch_size not here, 8 in the baseline)");
  }

  @Test
  @DisplayName(
      "with junit.bench.baseline.match=all, a scenario the baseline lacks fails, saying why")
  void matchAll() {
    BenchmarkTestKit.Outcome outcome =
        runSpin(
            partlyMatchingBaseline(),
            "junit.bench.forks",
            "0",
            "junit.bench.baseline.match",
            "all");
    outcome.events().testEvents().assertStatistics(stats -> stats.failed(1).succeeded(0));
    assertThat(outcome.failure("[device=cpu]"))
        .startsWith(
            "[device=cpu] not judged against the baseline"
                + " (junit.bench.baseline.match=all): not in the baseline; nearest in the baseline [batch_size=8, device=cpu]"
                + " (batch_size not here, 8 in the baseline)\n"
                + SPIN
                + " [device=cpu]: not judged");
    assertThat(outcome.result("[device=cpu]")).as("measured, then failed").failed().hasFigures();
  }

  @Test
  @DisplayName(
      "fails every benchmark before anything is measured when none of the run's scenarios is in the baseline, naming each one's nearest")
  void noneMatch() {
    Path base =
        RunFolders.write(
            tempDir,
            "run-256",
            List.of(
                RunFolders.passed(
                    SPIN,
                    Map.of("device", "cpu", "sequence_length", 128),
                    RunFolders.around(100_000, 30))));
    BenchmarkTestKit.Outcome outcome = runSpin(base, "junit.bench.forks", "0");
    assertThat(outcome.events().testEvents().started().list())
        .singleElement()
        .satisfies(
            event ->
                assertThat(event.getTestDescriptor().getDisplayName())
                    .isEqualTo("[invalid configuration]"));
    assertThat(outcome.failure("[invalid configuration]"))
        .startsWith(
            "-Djunit.bench.baseline="
                + base.resolve("results.json").toAbsolutePath()
                + ": none of this run's 3 scenarios is in the baseline, so"
                + " nothing would be judged; scenarios match on benchmark and params:")
        .contains(
            "\n  "
                + SPIN
                + " [device=cpu]: nearest in the baseline [device=cpu, sequence_length=128]"
                + " (sequence_length not here, 128 in the baseline)")
        .contains("#overBudget [device=cpu]: the baseline has no scenario of ")
        .endsWith(
            "measure the baseline's scenarios (same params), or make a new baseline from this code");
    assertThat(outcome.results())
        .as("nothing measured")
        .allSatisfy(result -> assertThat(result).hasNoFigures());
  }

  @Test
  @DisplayName(
      "a baseline of other benchmarks entirely fails every benchmark, saying which benchmarks each has")
  void otherBenchmarks() {
    Path base =
        RunFolders.write(
            tempDir,
            "run-elsewhere",
            List.of(
                RunFolders.passed(
                    "com.example.Other#embed",
                    Map.of("device", "cpu"),
                    RunFolders.around(100_000, 30))));
    assertThat(runSpin(base).failure("[invalid configuration]"))
        .contains("none of this run's 3 scenarios is in the baseline")
        .contains("the baseline holds none of this run's benchmarks (" + SPIN)
        .endsWith("it measured com.example.Other#embed: give the baseline of these benchmarks");
  }

  @Test
  @DisplayName(
      "a baseline folder whose run measured nothing, or of a newer result format, is a configuration error")
  void emptyOrNewerBaseline() throws Exception {
    Path empty = RunFolders.write(tempDir, "run-empty", List.of());
    assertThat(runSpin(empty).failure("[invalid configuration]"))
        .isEqualTo(
            "-Djunit.bench.baseline="
                + empty
                + " cannot be used: "
                + empty.resolve("results.json").toAbsolutePath()
                + " holds no scenario (its run measured nothing);"
                + " give the run folder of a run that measured these benchmarks");

    Path newer = baseline(100_000);
    Path json = newer.resolve("results.json");
    Files.writeString(
        json,
        Files.readString(json)
            .replaceFirst("\"schema_version\" : \\d+", "\"schema_version\" : 99"));
    assertThat(runSpin(newer).failure("[invalid configuration]"))
        .startsWith("-Djunit.bench.baseline=" + newer + " cannot be used: ")
        .contains("schema_version 99")
        .contains("newer junit-bench");
  }

  @Test
  @DisplayName(
      "forks=0 with a baseline warns before anything is measured and marks the verdict unforked")
  void unforkedWarned() {
    RunWarnings.reset();
    // Both streams into one, so the order of the warning and the scenario's line shows.
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream both = new PrintStream(printed, true, StandardCharsets.UTF_8);
    PrintStream out = System.out;
    PrintStream err = System.err;
    System.setOut(both);
    System.setErr(both);
    BenchmarkTestKit.Outcome outcome;
    try {
      outcome =
          runSpin(
              baseline(2_000_000),
              "junit.bench.forks",
              "0",
              "junit.bench.regression.threshold",
              "300%");
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
    assertThat(RunWarnings.messages())
        .anySatisfy(
            warning ->
                assertThat(warning)
                    .startsWith(
                        "-Djunit.bench.forks=0 with a baseline: every scenario the baseline measured unforked is judged on one"
                            + " JVM against one JVM"));
    String text = printed.toString(StandardCharsets.UTF_8);
    assertThat(text.indexOf("junit-bench: warning: -Djunit.bench.forks=0 with a baseline"))
        .isNotNegative()
        .isLessThan(text.indexOf("junit-bench: GateTests$GateTestCases.spin [device=cpu]: median"));
    assertThat(outcome.result("[device=cpu]").gate().message())
        .contains("unchanged (unforked: between-JVM variance unknown): median ");
  }

  @Test
  @DisplayName(
      "a baseline whose forks fell on two levels leaves the scenario NOT JUDGED, naming the levels; with match=all it fails")
  void bimodalBaseline() {
    long[][] forks = new long[7][];
    for (int f = 0; f < forks.length; f++) {
      forks[f] = RunFolders.around(f < 5 ? 2_000_000 : 3_400_000, 30);
    }
    Path base =
        RunFolders.write(
            tempDir,
            "run-bimodal",
            List.of(RunFolders.forked(SPIN, Map.of("device", "cpu"), forks)));
    BenchmarkTestKit.Outcome outcome = runSpin(base, "junit.bench.forks", "0");
    outcome.events().testEvents().assertStatistics(stats -> stats.failed(0).succeeded(1));
    assertThat(outcome.result("[device=cpu]")).hasVerdict(Verdict.NOT_JUDGED);
    assertThat(outcome.result("[device=cpu]").gate().message())
        .contains("not judged (JVMs bimodal (2 of 7 slow, ");

    BenchmarkTestKit.Outcome strict =
        runSpin(base, "junit.bench.forks", "0", "junit.bench.baseline.match", "all");
    strict.events().testEvents().assertStatistics(stats -> stats.failed(1));
    assertThat(strict.failure("[device=cpu]"))
        .startsWith(
            "[device=cpu] not judged against the baseline"
                + " (junit.bench.baseline.match=all): JVMs bimodal (2 of 7 slow, ");
  }

  @Test
  @DisplayName("compares with a baseline scenario the gate failed there, as it kept its figures")
  void gatedBaselineCompared() {
    ScenarioResult failedThere =
        RunFolders.passed(SPIN, Map.of("device", "cpu"), RunFolders.around(100_000, 30))
            .withGate(new GateResult(true, "over budget", null, null))
            .ended(Status.FAILED, "org.opentest4j.AssertionFailedError: over budget");
    assertThat(failedThere.latencyMs()).isNotNull();
    BenchmarkTestKit.Outcome outcome =
        runSpin(
            RunFolders.write(tempDir, "run-gated", List.of(failedThere)), "junit.bench.forks", "0");
    assertThat(outcome.result("[device=cpu]")).hasVerdict(Verdict.REGRESSED);
    assertThat(outcome.result("[device=cpu]").gate().baseline().found()).isTrue();
  }

  @Test
  @DisplayName(
      "compares on medians and intervals when the baseline kept no samples.csv, and says so")
  void baselineWithoutSamples() {
    Path base =
        RunFolders.writeWithoutSamples(
            tempDir,
            "run-summary",
            List.of(
                RunFolders.passed(SPIN, Map.of("device", "cpu"), RunFolders.around(100_000, 30))));
    BenchmarkTestKit.Outcome outcome =
        runSpin(base.resolve("results.json"), "junit.bench.forks", "0");
    outcome.events().testEvents().assertStatistics(stats -> stats.failed(1));
    GateResult gate = outcome.result("[device=cpu]").gate();
    assertThat(gate.baseline().comparison().test()).isEqualTo("wald-log-median-ratio");
    assertThat(gate.baseline().note())
        .contains("kept no samples.csv: compared on medians and their intervals");
    assertThat(outcome.failure("[device=cpu]"))
        .contains("wald-log-median-ratio")
        .contains("kept no samples.csv");
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
}
