package dev.junitbench.gate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Budget;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import dev.junitbench.config.BaselineMatch;
import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.ForkSettings;
import dev.junitbench.results.AllocationFigures;
import dev.junitbench.results.GateResult;
import dev.junitbench.results.ResultsJson;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.AllocationRule;
import dev.junitbench.stats.ByteSizes;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.Verdict;
import dev.junitbench.testkit.BenchmarkTestKit;
import dev.junitbench.warnings.RunWarnings;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;

@DisplayName("The gate, judging the heap allocated per operation beside latency")
class GateAllocationTests {

  private static final String EMBED = "dev.example.EmbeddingBenchmarks#embed";
  private static final Map<String, Object> PARAMS = Map.of("device", "cpu");
  private static final long MEDIAN_NS = 8_000_000;

  @TempDir Path dir;

  private int baselines;

  @BeforeEach
  @AfterEach
  void noWarnings() {
    RunWarnings.reset();
  }

  static AllocationFigures bytesPerOp(Double bytes) {
    return bytes == null
        ? new AllocationFigures(
            null, null, 30, 1, null, null, null, null, null, "bytes_per_op: not supported here")
        : new AllocationFigures(bytes, (long) (bytes * 30), 30, 1, 0L, 0.0, 0.0, 0.0, 0.0, null);
  }

  private static ScenarioResult scenario(long medianNs, AllocationFigures alloc) {
    ScenarioResult result = RunFolders.passed(EMBED, PARAMS, RunFolders.around(medianNs, 30));
    return alloc == null ? result : result.withAlloc(alloc);
  }

  private Gate gate(ScenarioResult before, AllocationRule rule, Gate.BudgetLimits budget) {
    return gate(before, rule, budget, BaselineMatch.ANY);
  }

  private Gate gate(
      ScenarioResult before, AllocationRule rule, Gate.BudgetLimits budget, BaselineMatch match) {
    Path folder = RunFolders.write(dir, "run-base-" + ++baselines, List.of(before));
    Baseline baseline = Baseline.read(folder);
    return new Gate(
        BaselineMatching.of(
            baseline,
            baseline.keys(),
            match,
            ForkSettings.of(BenchConfig.of(key -> Optional.empty()))),
        RegressionRule.DEFAULT,
        budget,
        rule);
  }

  private GateResult judge(Double before, Double after) {
    return judge(before, after, AllocationRule.DEFAULT);
  }

  private GateResult judge(Double before, Double after, AllocationRule rule) {
    ScenarioResult now = scenario(MEDIAN_NS, bytesPerOp(after));
    return gate(scenario(MEDIAN_NS, bytesPerOp(before)), rule, null).check(now, now.samplesNs());
  }

  @Test
  @DisplayName(
      "fails a scenario whose latency held but whose allocation grew: the first line names the"
          + " scenario, the bytes before and after, the change and the rule")
  void allocationRegressed() {
    GateResult decision = judge(1024.0, 2048.0);
    assertThat(decision.failed()).isTrue();
    assertThat(decision.baseline().comparison().verdict()).isEqualTo(Verdict.UNCHANGED);
    assertThat(decision.baseline().allocation().verdict()).isEqualTo(Verdict.REGRESSED);
    assertThat(decision.headline())
        .isEqualTo(
            "[device=cpu] allocation regressed 1 KB/op -> 2 KB/op (+100.0%, +1 KB/op; rule:"
                + " allocation change > 5% and >= 64 B/op)");
    assertThat(decision.detail())
        .startsWith(EMBED + " [device=cpu]: allocation regressed: 1 KB/op -> 2 KB/op");
  }

  @Test
  @DisplayName("calls a growth just beyond both limits (+6%, +120 bytes) a regression")
  void justBeyond() {
    assertThat(judge(2000.0, 2120.0).failed()).isTrue();
  }

  @Test
  @DisplayName("passes +4% (400 bytes) and +50 bytes (25%): each misses one of the two limits")
  void withinTheRule() {
    GateResult fourPercent = judge(10_000.0, 10_400.0);
    assertThat(fourPercent.failed()).isFalse();
    assertThat(fourPercent.baseline().allocation().verdict()).isEqualTo(Verdict.UNCHANGED);
    assertThat(fourPercent.message()).contains("allocation unchanged: 9.8 KB/op -> 10.2 KB/op");
    GateResult fiftyBytes = judge(200.0, 250.0);
    assertThat(fiftyBytes.failed()).isFalse();
    assertThat(fiftyBytes.baseline().allocation().verdict()).isEqualTo(Verdict.UNCHANGED);
  }

  @Test
  @DisplayName("follows the rule it is given: 50% and 0 bytes lets +40% pass and +60% fail")
  void ownRule() {
    AllocationRule loose = AllocationRule.parse("50%,0B");
    assertThat(judge(1000.0, 1400.0, loose).failed()).isFalse();
    assertThat(judge(1000.0, 1600.0, loose).failed()).isTrue();
  }

  @Test
  @DisplayName(
      "does not judge allocation when either side lacks the figure, and says which and why")
  void notJudged() {
    GateResult baselineLacks = judge(null, 4096.0);
    assertThat(baselineLacks.failed()).isFalse();
    assertThat(baselineLacks.baseline().allocation().verdict()).isEqualTo(Verdict.NOT_JUDGED);
    assertThat(baselineLacks.message())
        .contains(
            "not judged for allocation: the baseline has no allocation figure"
                + " (bytes_per_op: not supported here)");
    GateResult currentLacks = judge(4096.0, null);
    assertThat(currentLacks.failed()).isFalse();
    assertThat(currentLacks.message())
        .contains("not judged for allocation: this run has no allocation figure");
    ScenarioResult now = scenario(MEDIAN_NS, null);
    GateResult noGroup =
        gate(scenario(MEDIAN_NS, bytesPerOp(1024.0)), AllocationRule.DEFAULT, null)
            .check(now, now.samplesNs());
    assertThat(noGroup.message())
        .contains("not judged for allocation: this run has no allocation figure (no alloc group)");
    assertThat(
            GateSummary.line(
                List.of(now.withGate(noGroup), now.withGate(judge(1024.0, 2048.0))),
                List.of(now.key()),
                "base/results.json"))
        .contains("; allocation: 1 judged (1 regressed), NOT JUDGED: 1 (no figure)");
  }

  @Test
  @DisplayName(
      "under junit.bench.baseline.match=all fails a scenario whose allocation is not judged, with"
          + " the reason")
  void notJudgedUnderMatchAll() {
    ScenarioResult now = scenario(MEDIAN_NS, bytesPerOp(4096.0));
    GateResult decision =
        gate(scenario(MEDIAN_NS, bytesPerOp(null)), AllocationRule.DEFAULT, null, BaselineMatch.ALL)
            .check(now, now.samplesNs());
    assertThat(decision.failed()).isTrue();
    assertThat(decision.headline())
        .contains(
            "allocation not judged against the baseline (junit.bench.baseline.match=all): not"
                + " judged for allocation: the baseline has no allocation figure"
                + " (bytes_per_op: not supported here)");
    ScenarioResult both = scenario(MEDIAN_NS, bytesPerOp(4096.0));
    assertThat(
            gate(both, AllocationRule.DEFAULT, null, BaselineMatch.ALL)
                .check(both, both.samplesNs())
                .failed())
        .as("judged on both sides")
        .isFalse();
  }

  @Test
  @DisplayName("mentions the allocation's change in a latency regression's message")
  void latencyRegressionMentionsAllocation() {
    ScenarioResult now = scenario(30_000_000, bytesPerOp(512.0));
    GateResult decision =
        gate(scenario(MEDIAN_NS, bytesPerOp(4096.0)), AllocationRule.DEFAULT, null)
            .check(now, now.samplesNs());
    assertThat(decision.failed()).isTrue();
    assertThat(decision.headline()).startsWith("[device=cpu] regressed +");
    assertThat(decision.detail()).contains("; allocation improved: 4 KB/op -> 512 B/op (-87.5%");
  }

  @Test
  @DisplayName(
      "breaks a budget of allocation above it, keeps it at or below, and says when it could not"
          + " check it")
  void budget() {
    Gate.BudgetLimits twoKb = new Gate.BudgetLimits(null, null, null, ByteSizes.parse("2KB"));
    Gate gate = new Gate(null, RegressionRule.DEFAULT, twoKb);
    ScenarioResult over = scenario(MEDIAN_NS, bytesPerOp(3072.0));
    GateResult broken = gate.check(over, over.samplesNs());
    assertThat(broken.failed()).isTrue();
    assertThat(broken.headline())
        .isEqualTo("[device=cpu] budget exceeded: allocation 3 KB/op > 2 KB/op");
    ScenarioResult at = scenario(MEDIAN_NS, bytesPerOp(2048.0));
    GateResult held = gate.check(at, at.samplesNs());
    assertThat(held.failed()).isFalse();
    assertThat(held.budget().maxAllocBytesPerOp()).isEqualTo(2048.0);
    assertThat(held.message()).endsWith("within budget");
    ScenarioResult unknown = scenario(MEDIAN_NS, bytesPerOp(null));
    GateResult unchecked = gate.check(unknown, unknown.samplesNs());
    assertThat(unchecked.failed()).isFalse();
    assertThat(unchecked.budget().notChecked())
        .containsExactly(
            "allocation limit 2 KB/op not checked: no allocation figure"
                + " (bytes_per_op: not supported here)");
    assertThat(unchecked.message()).doesNotEndWith("within budget").contains("not checked");
    assertThat(RunWarnings.messages())
        .containsExactly(
            "@Budget of "
                + EMBED
                + " passes unchecked in part: allocation limit 2 KB/op not checked: no allocation"
                + " figure (bytes_per_op: not supported here)");
    gate.check(unknown, unknown.samplesNs());
    assertThat(RunWarnings.messages()).as("once per benchmark").hasSize(1);
  }

  @Test
  @DisplayName(
      "inside JUnit, records in the gate group that allocation was not judged against a baseline"
          + " without the figure")
  void notJudgedInsideJunit() throws Exception {
    Path base =
        RunFolders.write(
            dir,
            "run-no-alloc",
            List.of(RunFolders.passed(ALLOCATE, PARAMS, RunFolders.around(MEDIAN_NS, 30))));
    BenchmarkTestKit.Outcome outcome =
        BenchmarkTestKit.with()
            .config("junit.bench.baseline", base.toString())
            .config("junit.bench.forks", "0")
            .config("junit.bench.regression.threshold", "100000%")
            .run(AllocationTestCases.class, "allocate");
    outcome.events().testEvents().assertStatistics(stats -> stats.succeeded(1));
    GateResult gate = outcome.result("[device=cpu]").gate();
    assertThat(gate.baseline().allocation().verdict()).isEqualTo(Verdict.NOT_JUDGED);
    assertThat(gate.message())
        .contains("not judged for allocation: the baseline has no allocation figure");
    JsonNode json = ResultsJson.mapper().valueToTree(gate);
    assertThat(json.at("/baseline/allocation/verdict").asText()).isEqualTo("not_judged");
  }

  @Test
  @DisplayName(
      "inside JUnit, fails a scenario whose allocation grew though its latency held, once the run"
          + " measures allocation")
  void regressedInsideJunit() {
    Path base =
        RunFolders.write(
            dir,
            "run-small",
            List.of(
                RunFolders.passed(ALLOCATE, PARAMS, RunFolders.around(MEDIAN_NS, 30))
                    .withAlloc(bytesPerOp(0.0))));
    BenchmarkTestKit.Outcome outcome =
        BenchmarkTestKit.with()
            .config("junit.bench.baseline", base.toString())
            .config("junit.bench.forks", "0")
            // No latency change is ever called: only allocation can fail it.
            .config("junit.bench.regression.threshold", "100000%")
            .run(AllocationTestCases.class, "allocate");
    ScenarioResult result = outcome.result("[device=cpu]");
    assertThat(result.alloc()).as("every measured scenario carries its allocation").isNotNull();
    assertThat(result.alloc().bytesPerOp()).isGreaterThan(64.0);
    assertThat(result.gate().baseline().comparison().verdict()).isNotEqualTo(Verdict.REGRESSED);
    assertThat(outcome.failure("[device=cpu]"))
        .startsWith("[device=cpu] allocation regressed 0 B/op -> ");
  }

  @Test
  @DisplayName("a @Budget(maxAllocPerOp) that is not a size is an invalid configuration")
  void badBudgetValue() {
    BenchmarkTestKit.Outcome outcome =
        BenchmarkTestKit.with().run(AllocationTestCases.class, "badSize");
    String message =
        outcome
            .events()
            .testEvents()
            .failed()
            .list()
            .get(0)
            .getPayload(TestExecutionResult.class)
            .orElseThrow()
            .getThrowable()
            .orElseThrow()
            .getMessage();
    assertThat(message)
        .isEqualTo(
            "@Budget(maxAllocPerOp = \"2 kilobytes\") on badSize of "
                + AllocationTestCases.class.getName()
                + "#badSize is not valid: it is not a size; use "
                + ByteSizes.ACCEPTED);
  }

  private static final String ALLOCATE = AllocationTestCases.class.getName() + "#allocate";

  static class AllocationTestCases {
    @Benchmark
    @Warmup(iterations = 1)
    @Measurement(iterations = 10)
    void allocate(Blackhole blackhole) {
      blackhole.consume(new byte[64 * 1024]);
    }

    @Benchmark
    @Budget(maxAllocPerOp = "2 kilobytes")
    void badSize() {}
  }
}
