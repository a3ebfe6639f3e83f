package dev.junitbench.gate;

import static dev.junitbench.testkit.ScenarioResultAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;

import dev.junitbench.Benchmark;
import dev.junitbench.Budget;
import dev.junitbench.Devices;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import dev.junitbench.config.Defaults;
import dev.junitbench.config.Durations;
import dev.junitbench.infra.Device;
import dev.junitbench.results.GateResult;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.JvmRuns;
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
import org.junit.platform.engine.TestExecutionResult;
import org.opentest4j.AssertionFailedError;

@DisplayName("The regression gate inside JUnit")
class GateTests {

  private static final String SPIN = GateTestCases.class.getName() + "#spin";

  @TempDir Path tempDir;

  /** A baseline run of {@code spin} whose samples sit around {@code medianNs}. */
  private Path baseline(long medianNs) {
    return RunFolders.write(
        tempDir,
        "run-base",
        List.of(RunFolders.passed(SPIN, Map.of("device", "cpu"), RunFolders.around(medianNs, 30))));
  }

  private BenchmarkTestKit.Outcome runSpin(Path baseline, String... config) {
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

  @Test
  @DisplayName(
      "a scenario the baseline has but did not measure passes as NOT JUDGED saying so; with match=all it fails")
  void notMeasuredInBaseline() {
    Path base =
        RunFolders.write(
            tempDir,
            "run-broken",
            List.of(
                RunFolders.ended(
                    SPIN, Map.of("device", "cpu"), Status.FAILED, "java.lang.OutOfMemoryError"),
                RunFolders.passed(
                    GateTestCases.class.getName() + "#overBudget",
                    Map.of("device", "cpu"),
                    RunFolders.around(2_000_000, 30))));
    BenchmarkTestKit.Outcome outcome = runSpin(base, "junit.bench.forks", "0");
    outcome.events().testEvents().assertStatistics(stats -> stats.failed(0).succeeded(1));
    GateResult gate = outcome.result("[device=cpu]").gate();
    assertThat(gate.baseline().judged()).isFalse();
    assertThat(gate.message())
        .endsWith("NOT JUDGED: the baseline's scenario was not measured (failed)");

    BenchmarkTestKit.Outcome strict =
        runSpin(base, "junit.bench.forks", "0", "junit.bench.baseline.match", "all");
    strict.events().testEvents().assertStatistics(stats -> stats.failed(1));
    assertThat(strict.failure("[device=cpu]"))
        .startsWith(
            "[device=cpu] not judged against the baseline"
                + " (junit.bench.baseline.match=all): the baseline's scenario was not measured (failed)");
  }

  @Test
  @DisplayName(
      "a baseline that measured none of its scenarios is a configuration error, as one with no scenario is")
  void baselineMeasuredNothing() {
    Path base =
        RunFolders.write(
            tempDir,
            "run-dry",
            List.of(RunFolders.ended(SPIN, Map.of("device", "cpu"), Status.SKIPPED, "dry run")));
    assertThat(runSpin(base).failure("[invalid configuration]"))
        .isEqualTo(
            "-Djunit.bench.baseline="
                + base
                + " cannot be used: "
                + base.resolve("results.json").toAbsolutePath()
                + " holds no measured scenario (each of its 1 failed, was"
                + " aborted or skipped, or the run was a dry run); give the run folder of a run that measured these"
                + " benchmarks");
  }

  @Test
  @DisplayName(
      "with match=all, a scenario the baseline measured that cannot run here fails instead of being aborted")
  void abortedUnderMatchAll() {
    String onCuda = CudaTestCases.class.getName() + "#onCuda";
    Path base =
        RunFolders.write(
            tempDir,
            "run-gpu",
            List.of(
                RunFolders.passed(
                    onCuda, Map.of("device", "cuda"), RunFolders.around(100_000, 30))));
    BenchmarkTestKit.Outcome any =
        BenchmarkTestKit.with()
            .config("junit.bench.baseline", base.toString())
            .config("junit.bench.forks", "0")
            .run(CudaTestCases.class);
    any.events().testEvents().assertStatistics(stats -> stats.aborted(1).failed(0));
    BenchmarkTestKit.Outcome all =
        BenchmarkTestKit.with()
            .config("junit.bench.baseline", base.toString())
            .config("junit.bench.forks", "0")
            .config("junit.bench.baseline.match", "all")
            .run(CudaTestCases.class);
    all.events().testEvents().assertStatistics(stats -> stats.aborted(0).failed(1));
    assertThat(all.failure("[device=cuda]"))
        .startsWith(
            "[device=cuda] not judged against the baseline"
                + " (junit.bench.baseline.match=all): it cannot run here, and the baseline measured it\n"
                + onCuda
                + " [device=cuda]: ");
  }

  static class CudaTestCases {
    @Benchmark
    @Devices(Device.CUDA)
    @Measurement(iterations = 5)
    void onCuda() {
      GateTestCases.spin(100_000);
    }
  }

  @Test
  @DisplayName(
      "a baseline that cannot be read fails every benchmark as a configuration error naming junit.bench.baseline")
  void badBaseline() throws Exception {
    Path missing = tempDir.resolve("no-such-run");
    BenchmarkTestKit.Outcome outcome = runSpin(missing);
    assertThat(outcome.events().testEvents().started().list())
        .singleElement()
        .satisfies(
            event ->
                assertThat(event.getTestDescriptor().getDisplayName())
                    .isEqualTo("[invalid configuration]"));
    assertThat(outcome.failure("[invalid configuration]"))
        .isEqualTo(
            "-Djunit.bench.baseline="
                + missing
                + " cannot be used: "
                + missing
                + " does not exist; give a run folder (run-<time>-<id>) or its results.json");

    Path empty = Files.createDirectories(tempDir.resolve("empty"));
    Files.writeString(
        empty.resolve("results.json"), "{\"schema_version\": 1, \"run\": {\"id\": \"x\"}, \"resu");
    assertThat(runSpin(empty).failure("[invalid configuration]"))
        .startsWith("-Djunit.bench.baseline=" + empty + " cannot be used: ")
        .contains("is not valid JSON")
        .contains("cut short");

    // Values no measurement gives (an interval that does not hold its median) are refused before
    // anything runs.
    Path damaged = baseline(100_000);
    Path json = damaged.resolve("results.json");
    Files.writeString(
        json,
        Files.readString(json).replaceFirst("\"ci95_high\" : [0-9.E-]+", "\"ci95_high\" : 1.0E-9"));
    BenchmarkTestKit.Outcome refused = runSpin(damaged);
    assertThat(refused.events().testEvents().started().list())
        .singleElement()
        .satisfies(
            event ->
                assertThat(event.getTestDescriptor().getDisplayName())
                    .isEqualTo("[invalid configuration]"));
    assertThat(refused.failure("[invalid configuration]"))
        .startsWith("-Djunit.bench.baseline=" + damaged + " cannot be used: ")
        .contains("does not hold its median");
  }

  @Test
  @DisplayName("a broken budget fails the scenario with each limit it broke; a kept one passes")
  void budget() {
    BenchmarkTestKit.Outcome outcome = BenchmarkTestKit.with().run(GateTestCases.class);
    ScenarioResult over = outcome.result("overBudget", "[device=cpu]");
    assertThat(over).failed().hasFigures();
    assertThat(over.gate().failed()).isTrue();
    assertThat(over.gate().budget().exceeded()).hasSize(2);
    assertThat(over.gate().headline()).startsWith("[device=cpu] budget exceeded: median ");
    assertThat(over.gate().detail())
        .startsWith(
            GateTestCases.class.getName() + "#overBudget [device=cpu]: budget exceeded: median ")
        .contains(" > 1.000 ms; throughput ")
        .contains(" < 1.000e+06 samples/s");
    ScenarioResult within = outcome.result("withinBudget", "[device=cpu]");
    assertThat(within.gate().failed()).isFalse();
    assertThat(within.gate().budget().exceeded()).isEmpty();
    assertThat(within.gate().message()).endsWith("within budget");
    assertThat(outcome.result("spin", "[device=cpu]").gate())
        .as("no baseline, no budget: no gate")
        .isNull();
    outcome.events().testEvents().assertStatistics(stats -> stats.succeeded(2).failed(1));
  }

  @Test
  @DisplayName(
      "a @Budget without a limit, with a bad duration or a throughput <= 0 is an invalid configuration")
  void invalidBudgets() {
    BenchmarkTestKit.Outcome outcome = BenchmarkTestKit.with().run(InvalidBudgetTestCases.class);
    List<String> messages =
        outcome.events().testEvents().failed().list().stream()
            .map(
                e ->
                    e.getPayload(TestExecutionResult.class)
                        .orElseThrow()
                        .getThrowable()
                        .orElseThrow()
                        .getMessage())
            .toList();
    assertThat(messages)
        .containsExactlyInAnyOrder(
            "@Budget on noLimit of "
                + InvalidBudgetTestCases.class.getName()
                + "#noLimit is not valid: it sets no limit;"
                + " set median, p99, minThroughput or maxAllocPerOp, e.g. @Budget(median = \"10ms\")",
            "@Budget(median) on badDuration of "
                + InvalidBudgetTestCases.class.getName()
                + "#badDuration = \"fast\" is not"
                + " a duration; use "
                + Durations.ACCEPTED,
            "@Budget(minThroughput = -5.0) on negativeThroughput of "
                + InvalidBudgetTestCases.class.getName()
                + "#negativeThroughput is not valid: the throughput limit must be a positive number of samples per second,"
                + " e.g. minThroughput = 100",
            "@Budget(minThroughput = -1.0) on minusOne of "
                + InvalidBudgetTestCases.class.getName()
                + "#minusOne is not valid: the throughput limit must be a positive number of samples per second,"
                + " e.g. minThroughput = 100");
  }

  @Test
  @DisplayName("compares forked runs with Welch's t-test on their fork medians, and says so")
  void forkedRuns() {
    Path base =
        RunFolders.write(
            tempDir,
            "run-forked",
            List.of(
                RunFolders.forked(
                    SPIN,
                    Map.of("device", "cpu"),
                    RunFolders.around(100_000, 30),
                    RunFolders.around(101_000, 30),
                    RunFolders.around(99_000, 30))));
    ScenarioResult result = runSpin(base, "junit.bench.forks", "3").result("[device=cpu]");
    assertThat(result.forks().completed()).isEqualTo(3);
    // Welch's test on 3 forks a side; or, when a busy machine slowed some of the forks, the test of
    // two levels on
    // the JVMs of one level.
    assertThat(result.gate().baseline().comparison().test())
        .isIn(Comparison.WELCH, Comparison.LEVELS);
    assertThat(result.gate().message())
        .containsPattern(
            "\\((welch-t-log-fork-medians, 3 vs 3 forks"
                + "|student-t-log-jvm-levels, [1-3] vs [1-3] JVMs)\\)")
        .doesNotContain("variance unknown");
  }

  @Test
  @DisplayName(
      "forked against a baseline of one JVM, measures here too and judges the two alike JVMs by the forks' spread")
  void oneSideForked() {
    ScenarioResult result =
        runSpin(baseline(100_000), "junit.bench.forks", "3").result("[device=cpu]");
    assertThat(result.forks().completed()).isEqualTo(3);
    assertThat(result.forks().here().count()).as("measured here too, first").isEqualTo(20);
    Comparison comparison = result.gate().baseline().comparison();
    // Alike; or not judged when a busy machine left the forks too spread to confirm what the two
    // JVMs show.
    assertThat(comparison.test()).isIn(Comparison.ALIKE, Comparison.NONE);
    assertThat(result.gate().message()).doesNotContain("variance unknown");
    if (comparison.test().equals(Comparison.ALIKE)) {
      assertThat(comparison.verdict()).as("20x slower").isEqualTo(Verdict.REGRESSED);
      assertThat(result.gate().message())
          .contains("(t-alike-jvms-fork-spread, 1 vs 1 JVMs)")
          .contains(
              "alike: both runs' JUnit JVMs, the spread between JVMs from the current run's 3 forks");
    } else {
      // Never a 20x slowdown called unchanged: only the forks' levels or their disagreement leave
      // it unjudged.
      assertThat(comparison.verdict()).isEqualTo(Verdict.NOT_JUDGED);
      assertThat(JvmRuns.notJudgedKind(comparison.note()))
          .isIn("JVMs bimodal", JvmRuns.UNCONFIRMED);
    }
  }

  @Test
  @DisplayName(
      "with a baseline and no fork count set, a scenario in the baseline forks from the default count against its baseline's JVMs, exactly 10 and here too when that was one; one not in it is not forked")
  void defaultForks() {
    Path base =
        RunFolders.write(
            tempDir,
            "run-unforked",
            List.of(
                RunFolders.passed(
                    DefaultForkTestCases.class.getName() + "#inBaseline",
                    Map.of("device", "cpu"),
                    RunFolders.around(100_000, 30))));
    BenchmarkTestKit.Outcome outcome =
        BenchmarkTestKit.with()
            .config("junit.bench.baseline", base.toString())
            .config("junit.bench.regression.threshold", "300%")
            .run(DefaultForkTestCases.class);
    ScenarioResult forked = outcome.result("inBaseline", "[device=cpu]");
    assertThat(forked.forks().planned()).isEqualTo(Defaults.forksAgainstBaseline(1)).isEqualTo(10);
    // The calibrated count against one JVM is also the most: exactly 10, a fixed count, its
    // interval uncorrected.
    assertThat(forked.forks().adaptive()).isNull();
    assertThat(forked.forks().completed()).isEqualTo(10);
    assertThat(forked.forks().method()).doesNotContain("sequential");
    // Its JUnit JVM against the baseline's, alike, by the forks' spread; or named bimodal when a
    // busy machine
    // slowed some forks.
    assertThat(forked.gate().baseline().comparison().test())
        .isIn(Comparison.ALIKE, Comparison.NONE);
    assertThat(forked.forks().here()).as("measured here too, as its baseline was").isNotNull();
    assertThat(forked.forks().here().count()).isEqualTo(5);
    ScenarioResult added = outcome.result("notInBaseline", "[device=cpu]");
    assertThat(added.forks()).as("nothing to judge it against: not forked").isNull();
    assertThat(added.gate().baseline().judged()).isFalse();
  }

  static class DefaultForkTestCases {
    @Benchmark
    @Warmup(iterations = 0)
    @Measurement(iterations = 5)
    void inBaseline() {
      GateTestCases.spin(200_000);
    }

    @Benchmark
    @Warmup(iterations = 0)
    @Measurement(iterations = 5)
    void notInBaseline() {
      GateTestCases.spin(200_000);
    }
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
