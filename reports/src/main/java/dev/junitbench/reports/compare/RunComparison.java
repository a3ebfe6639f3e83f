package dev.junitbench.reports.compare;

import dev.junitbench.config.BaselineMatch;
import dev.junitbench.internal.ModelChange;
import dev.junitbench.internal.NearestScenario;
import dev.junitbench.internal.ScenarioComparison;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.Runs;
import dev.junitbench.results.JmhResultFile;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.Samples;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.stats.AllocationComparison;
import dev.junitbench.stats.AllocationRule;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.JvmRuns;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.SequentialRounds;
import dev.junitbench.stats.SequentialVerdict;
import dev.junitbench.stats.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Two runs compared scenario by scenario, matched on benchmark and params (never on the result id):
 * each scenario both runs measured gets a {@link Comparison} of its latency and the change of its
 * throughput, judged by the gate's own tests ({@link ScenarioComparison}); the others are listed as
 * added, removed or not passed. A scenario that had figures in the baseline and failed now counts
 * against the run like a regression. Either side may instead be {@link Rounds}: run folders of one
 * build from one machine, pooled as the forks of one run, each JVM run one observation of the test
 * between JVM runs ({@link JvmRuns}). The heap allocated per operation is judged beside the latency
 * by an {@link AllocationRule} ({@link AllocationChange}); its regression fails the comparison like
 * a latency one.
 *
 * @param baseline the run compared against; for rounds, the latest round
 * @param current the run judged; for rounds, the latest round
 * @param rule the regression rule
 * @param rows one per scenario of either run: regressed first, then improved, then the rest
 * @param baselineRounds the baseline's rounds when rounds were pooled, else null
 * @param currentRounds the current rounds when rounds were pooled, else null
 * @param match how strictly the current run must match the baseline: with {@code all}, a scenario
 *     the baseline cannot judge counts against the run, as in the gate
 * @param allocationRule the rule for the heap allocated per operation
 */
public record RunComparison(
    RunFolder baseline,
    RunFolder current,
    RegressionRule rule,
    List<Row> rows,
    Rounds baselineRounds,
    Rounds currentRounds,
    BaselineMatch match,
    AllocationRule allocationRule) {

  /** Orders the rows: regressed (in latency or allocation) first, then improved, then the rest. */
  public RunComparison {
    AllocationRule allocation = allocationRule;
    List<Row> sorted = new ArrayList<>(rows);
    sorted.sort(
        Comparator.comparingInt(
            row -> {
              AllocationComparison judged = AllocationChange.of(row, allocation);
              return judged != null && judged.regressed() ? 0 : ComparisonRows.order(row);
            }));
    rows = List.copyOf(sorted);
  }

  /** A comparison with the default allocation rule. */
  public RunComparison(
      RunFolder baseline,
      RunFolder current,
      RegressionRule rule,
      List<Row> rows,
      Rounds baselineRounds,
      Rounds currentRounds,
      BaselineMatch match) {
    this(
        baseline,
        current,
        rule,
        rows,
        baselineRounds,
        currentRounds,
        match,
        AllocationRule.DEFAULT);
  }

  /** This comparison with allocation judged by {@code allocation} instead. */
  public RunComparison withAllocationRule(AllocationRule allocation) {
    return new RunComparison(
        baseline, current, rule, rows, baselineRounds, currentRounds, match, allocation);
  }

  /** The heap allocated per operation of {@code row} judged, or null when it was not compared. */
  public AllocationComparison allocation(Row row) {
    return AllocationChange.of(row, allocationRule);
  }

  /**
   * Whether {@code row} regressed, in latency or in the heap allocated per operation: what the
   * comparison fails on and what gets a differential flame graph.
   */
  public boolean regressed(Row row) {
    AllocationComparison judged = allocation(row);
    return row.verdict() == Verdict.REGRESSED || (judged != null && judged.regressed());
  }

  /** How a scenario appears in the two runs. */
  public enum Kind {
    /** Passed in both: compared. */
    COMPARED,
    /** Only in the current run. */
    ADDED,
    /** Only in the baseline. */
    REMOVED,
    /** In both, but did not pass in one of them: nothing to compare. */
    NOT_PASSED
  }

  /**
   * One scenario.
   *
   * @param key benchmark and params
   * @param kind how it appears in the two runs
   * @param before the baseline's result, or null; of rounds, the one standing for them, its {@code
   *     alloc} pooled over every round
   * @param after the current result, or null; of rounds, as {@code before}
   * @param latency the comparison of the latencies, for {@link Kind#COMPARED}
   * @param throughputRatio current / baseline throughput (higher is better: below 1 is slower), or
   *     null; shown beside the latency's change, the verdict is the median latency's
   * @param pool the JVM runs pooled from the rounds of each side, for a compared scenario of
   *     rounds; else null
   */
  public record Row(
      ScenarioKey key,
      Kind kind,
      ScenarioResult before,
      ScenarioResult after,
      Comparison latency,
      Double throughputRatio,
      Pool pool) {

    /** A scenario of two single runs. */
    public Row(
        ScenarioKey key,
        Kind kind,
        ScenarioResult before,
        ScenarioResult after,
        Comparison latency,
        Double throughputRatio) {
      this(key, kind, before, after, latency, throughputRatio, null);
    }

    /** The result to name the scenario by: the current one, else the baseline's. */
    public ScenarioResult named() {
      return after != null ? after : before;
    }

    /** The verdict of a compared scenario, null otherwise. */
    public Verdict verdict() {
      return latency == null ? null : latency.verdict();
    }

    /**
     * {@code model changed: a.onnx (34 MB, sha 1a2b3c4d..) -> b.onnx (133 MB, sha 3c4d5e6f..)} when
     * the scenario ran another model file now than in the baseline, else null.
     */
    public String modelChange() {
      return before == null || after == null
          ? null
          : ModelChange.describe(before.model(), after.model()).orElse(null);
    }

    /**
     * Whether the scenario was measured in the baseline and failed now without figures. One aborted
     * or skipped now (no such device here, disabled) is not judged, as in the gate.
     */
    public boolean lost() {
      return kind == Kind.NOT_PASSED
          && ComparisonRows.measured(before)
          && !ComparisonRows.measured(after)
          && after.status() == Status.FAILED;
    }
  }

  /**
   * A scenario's JVM runs pooled from the rounds of each side.
   *
   * @param baselineRounds the baseline's rounds
   * @param currentRounds the current rounds
   * @param baselineMs the medians (ms) of the baseline's JVM runs: a forked round's forks, an
   *     unforked round
   * @param currentMs the same of the current rounds
   * @param sequential where the rounds were decided sequentially, the scenario's state: the round
   *     it settled at and why, or undecided; else null
   * @param baselineBytesPerOp the heap bytes per operation of each baseline round that counted
   *     them, in round order (empty where none did)
   * @param currentBytesPerOp the same of the current rounds
   */
  public record Pool(
      int baselineRounds,
      int currentRounds,
      double[] baselineMs,
      double[] currentMs,
      SequentialVerdict sequential,
      double[] baselineBytesPerOp,
      double[] currentBytesPerOp) {}

  /**
   * Counts for the summary line; {@code lost} of the {@code notPassed} were measured in the
   * baseline; {@code notJudged} were compared but could not be judged (JVMs on two levels).
   */
  public record Counts(
      int regressed,
      int improved,
      int unchanged,
      int notJudged,
      int added,
      int removed,
      int notPassed,
      int lost) {

    /**
     * Scenarios of the current run the baseline judged nothing of: not in it, not passed, not
     * judged.
     */
    public int unjudged() {
      return notJudged + added + notPassed;
    }
  }

  /** Whether the baseline, resp. the current run, kept raw samples (for rounds: every round). */
  public boolean baselineHasSamples() {
    return baselineRounds != null ? baselineRounds.hasSamples() : baseline.hasSamples();
  }

  /** Whether the current run kept raw samples (for rounds: every round). */
  public boolean currentHasSamples() {
    return currentRounds != null ? currentRounds.hasSamples() : current.hasSamples();
  }

  /** Whether the sides are rounds, pooled. */
  public boolean pooled() {
    return baselineRounds != null;
  }

  /**
   * Compares the runs at {@code baselinePath} and {@code currentPath}: run folders or their
   * results.json, or folders of rounds ({@code run-*} of one build from one machine), which are
   * pooled; a run folder beside a folder of rounds is one round.
   *
   * @throws BadInputException when a run cannot be read, a latency is not positive, the runs share
   *     no scenario, or a folder of rounds holds none, a damaged one, or rounds of different
   *     machines or commits
   */
  public static RunComparison of(Path baselinePath, Path currentPath, RegressionRule rule)
      throws BadInputException {
    return of(baselinePath, currentPath, rule, BaselineMatch.ANY);
  }

  /**
   * As {@link #of(Path, Path, RegressionRule)}, {@code match} as the gate's {@code
   * junit.bench.baseline.match}.
   */
  public static RunComparison of(
      Path baselinePath, Path currentPath, RegressionRule rule, BaselineMatch match)
      throws BadInputException {
    return of(baselinePath, currentPath, rule, match, null);
  }

  /**
   * As {@link #of(Path, Path, RegressionRule, BaselineMatch)}, folders of rounds decided
   * sequentially by {@code design} when it is not null (both sides must then be folders of rounds).
   */
  public static RunComparison of(
      Path baselinePath,
      Path currentPath,
      RegressionRule rule,
      BaselineMatch match,
      SequentialRounds design)
      throws BadInputException {
    if (design != null) {
      SequentialCompare.requireRoundsFolders(baselinePath, currentPath);
    }
    if (Rounds.isRoundsFolder(baselinePath) || Rounds.isRoundsFolder(currentPath)) {
      return of(Rounds.read(baselinePath), Rounds.read(currentPath), rule, match, design);
    }
    RunFolder baseline = Runs.read(baselinePath);
    RunFolder current = Runs.read(currentPath);
    return of(baseline, current, rule, match);
  }

  /** Compares two runs already read. */
  public static RunComparison of(RunFolder baseline, RunFolder current, RegressionRule rule)
      throws BadInputException {
    return of(baseline, current, rule, BaselineMatch.ANY);
  }

  /** Compares two runs already read, {@code match} as the gate's. */
  public static RunComparison of(
      RunFolder baseline, RunFolder current, RegressionRule rule, BaselineMatch match)
      throws BadInputException {
    Samples baselineSamples = Runs.samplesOrNull(baseline);
    Samples currentSamples = Runs.samplesOrNull(current);
    Map<ScenarioKey, ScenarioResult> before = index(baseline, current);
    Map<ScenarioKey, ScenarioResult> after = index(current, baseline);
    List<Row> rows =
        ComparisonRows.rows(
            before,
            after,
            (key, then, now) ->
                RunRow.row(
                    key, baseline, then, baselineSamples, current, now, currentSamples, rule));
    if (rows == null) {
      throw new BadInputException(
          baseline.resultsFile()
              + " and "
              + current.resultsFile()
              + " have no scenario in"
              + " common, so nothing would be judged; "
              + NearestScenario.whyNoneMatch(before.keySet(), after.keySet()));
    }
    return new RunComparison(baseline, current, rule, rows, null, null, match);
  }

  /**
   * Compares two sides of rounds, each pooled as the forks of one run: per scenario every JVM run
   * of every round is one observation (a forked round's fork medians, an unforked round's median),
   * and the test between JVM runs decides ({@link JvmRuns}), as for two forked runs. The heap
   * allocated per operation is pooled over the rounds too. A scenario that any round did not
   * measure is not passed for its side.
   */
  public static RunComparison of(
      Rounds baseline, Rounds current, RegressionRule rule, BaselineMatch match)
      throws BadInputException {
    return of(baseline, current, rule, match, null);
  }

  /**
   * As {@link #of(Rounds, Rounds, RegressionRule, BaselineMatch)}, the rounds decided sequentially
   * by {@code design} when it is not null: each scenario settles at the first round pair that
   * decides it ({@link SequentialRounds}), and a settled scenario need not be in later rounds.
   *
   * @throws BadInputException as there, and when the sides hold different numbers of rounds or more
   *     than the design's most
   */
  public static RunComparison of(
      Rounds baseline,
      Rounds current,
      RegressionRule rule,
      BaselineMatch match,
      SequentialRounds design)
      throws BadInputException {
    if (design != null) {
      SequentialCompare.requirePairs(baseline, current, design);
    }
    PooledScenarios before =
        design == null ? PooledScenarios.of(baseline) : PooledScenarios.sequential(baseline);
    PooledScenarios after =
        design == null ? PooledScenarios.of(current) : PooledScenarios.sequential(current);
    List<Row> rows =
        ComparisonRows.rows(
            before.representatives(),
            after.representatives(),
            (key, then, now) ->
                design == null
                    ? PooledRow.row(key, before, then, after, now, rule)
                    : SequentialCompare.row(key, before, then, after, now, rule, design));
    if (rows == null) {
      throw new BadInputException(
          baseline.name()
              + " and "
              + current.name()
              + " have no scenario in common, so"
              + " nothing would be judged; "
              + NearestScenario.whyNoneMatch(
                  before.representatives().keySet(), after.representatives().keySet()));
    }
    return new RunComparison(
        baseline.latest(), current.latest(), rule, rows, baseline, current, match);
  }

  /** The rows grouped by benchmark, in the order the benchmarks first appear. */
  public Map<String, List<Row>> rowsByBenchmark() {
    Map<String, List<Row>> byBenchmark = new LinkedHashMap<>();
    rows.forEach(
        row -> byBenchmark.computeIfAbsent(row.key().benchmark(), k -> new ArrayList<>()).add(row));
    return byBenchmark;
  }

  /**
   * {@code run}'s scenarios by key. A JMH file's compared with a junit-bench run are keyed as
   * junit-bench's ({@link JmhResultFile#junitBenchKey}: without their mode, with device=cpu), where
   * one mode alone has that benchmark and params (as the gate inside JUnit matches them).
   */
  private static Map<ScenarioKey, ScenarioResult> index(RunFolder run, RunFolder other) {
    Map<ScenarioKey, ScenarioResult> byKey = new LinkedHashMap<>();
    Map<ScenarioKey, List<ScenarioResult>> modes =
        run.jmhVersion() != null && other.jmhVersion() == null
            ? JmhResultFile.byJunitBenchKey(run.results())
            : Map.of();
    for (ScenarioResult result : run.results()) {
      ScenarioKey key = JmhResultFile.junitBenchKey(result.key());
      byKey.put(modes.getOrDefault(key, List.of()).size() == 1 ? key : result.key(), result);
    }
    return byKey;
  }

  /** How many scenarios fell in each group. */
  public Counts counts() {
    return SummaryLine.counts(rows);
  }

  /**
   * Whether some scenario regressed (in latency or allocation), or was measured in the baseline and
   * failed or stopped now, or, with {@code match} {@code all}, was not judged: the exit code 1 of
   * {@code compare}.
   */
  public boolean regressed() {
    Counts counts = counts();
    return counts.regressed() > 0
        || AllocationChange.regressed(this) > 0
        || counts.lost() > 0
        || (match == BaselineMatch.ALL && counts.unjudged() > 0);
  }

  /**
   * The one line that leads every output: {@code 2 regressed, 1 improved, 40 unchanged}, then, when
   * some were not judged, {@code : 43 of 50 scenarios judged; NOT JUDGED: 7 (5 not in the baseline,
   * 2 JVMs bimodal)}, and the baseline's scenarios not run, as the gate's summary counts them;
   * then, when some scenario has an allocation figure, {@code ; allocation: 1 regressed, 0
   * improved, 42 unchanged}, that clause first when only allocation regressed.
   */
  public String summaryLine() {
    return SummaryLine.of(this);
  }

  /**
   * The {@link #summaryLine()} of {@code c}, the scenarios compared but not judged counted by why
   * in {@code notJudged} ({@code JVMs bimodal}): also what the run's summary says of the verdicts
   * its gate recorded.
   */
  public static String summaryLine(Counts c, Map<String, Long> notJudged, BaselineMatch match) {
    return SummaryLine.of(c, notJudged, match);
  }

  /** How the figures were compared, as criterion.rs and JMH state their methods. */
  public String method() {
    return ComparisonMethod.describe(this);
  }
}
