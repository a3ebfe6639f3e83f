package dev.junitbench.reports.summary;

import dev.junitbench.config.BaselineMatch;
import dev.junitbench.config.BenchConfig;
import dev.junitbench.internal.ModelChange;
import dev.junitbench.reports.ScenarioNames;
import dev.junitbench.reports.compare.AllocationChange;
import dev.junitbench.reports.compare.ChangeText;
import dev.junitbench.reports.compare.ComparisonText;
import dev.junitbench.reports.compare.RunComparison;
import dev.junitbench.results.BaselineCheck;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.stats.AllocationComparison;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.JvmRuns;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.Verdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A run judged against its baseline, as the pull-request comment says it: the counts line, the
 * model changes before any figure, then the scenarios that changed or could not be judged.
 *
 * @param baseline the baseline run's id (for rounds, the latest round's), or the gate's baseline
 *     file when the verdicts are those the gate recorded
 * @param line {@code 2 regressed, 1 improved, 40 unchanged: 43 of 46 scenarios judged; NOT JUDGED:
 *     3 (3 not in the baseline)}: {@link RunComparison#summaryLine()}'s words
 * @param counts how many scenarios fell in each group
 * @param failed whether something regressed, or was measured in the baseline and failed now, or
 *     (match {@code all}) was not judged: what {@code compare} exits 1 for
 * @param modelChanges {@code Class.method: model changed: a.onnx (34 MB, ..) -> b.onnx (133 MB,
 *     ..)} per changed model, said before any figure: those figures compare two different models
 * @param changes the regressed scenarios, in latency or allocation (largest first, then those that
 *     no longer pass), then the improved, then those not judged
 * @param method how the verdicts were reached: the tests, the rule
 */
public record Verdicts(
    String baseline,
    String line,
    RunComparison.Counts counts,
    boolean failed,
    List<String> modelChanges,
    List<Change> changes,
    String method) {

  /**
   * A scenario the verdicts name.
   *
   * @param scenario {@code Class.method [batch_size=8]}: its params that vary within its benchmark
   * @param words {@code regressed}, {@code improved}, {@code NOT JUDGED}, or {@code no longer
   *     passes (passed -> failed)}
   * @param reason why it was not judged ({@code JVMs bimodal}), else null
   * @param verdict its verdict, change, interval and whether unforked
   */
  public record Change(String scenario, String words, String reason, ScenarioVerdict verdict) {}

  /** The largest regression, or null. */
  public Change largest() {
    return changes.stream()
        .filter(c -> c.verdict().verdict() == Verdict.REGRESSED)
        .max(Comparator.comparingDouble(c -> c.verdict().sortKey()))
        .orElse(null);
  }

  /** The verdicts of a comparison made by {@code report --baseline}. */
  static Verdicts of(RunComparison comparison) {
    // Named as the summary's tables name them: by the params that vary among measured scenarios.
    ScenarioNames names =
        ScenarioNames.of(
            comparison.rows().stream()
                .map(RunComparison.Row::named)
                .filter(result -> result.latencyMs() != null)
                .toList());
    List<Change> regressed = new ArrayList<>();
    List<Change> lost = new ArrayList<>();
    List<Change> improved = new ArrayList<>();
    List<Change> notJudged = new ArrayList<>();
    for (RunComparison.Row row : comparison.rows()) {
      AllocationComparison allocation = comparison.allocation(row);
      Change change =
          new Change(
              names.label(row.named()),
              ComparisonText.kind(row) + allocationWords(allocation),
              row.verdict() == Verdict.NOT_JUDGED
                  ? JvmRuns.notJudgedKind(row.latency().note())
                  : null,
              ScenarioVerdict.of(row.named(), row));
      if (row.lost()) {
        lost.add(change);
      } else if (row.verdict() == Verdict.REGRESSED
          || (allocation != null && allocation.regressed())) {
        regressed.add(change);
      } else if (row.verdict() == Verdict.IMPROVED) {
        improved.add(change);
      } else if (row.verdict() == Verdict.NOT_JUDGED) {
        notJudged.add(change);
      }
    }
    Map<String, List<RunComparison.Row>> byBenchmark = comparison.rowsByBenchmark();
    List<String> models = new ArrayList<>();
    byBenchmark.forEach(
        (benchmark, rows) -> {
          long inBoth = rows.stream().filter(r -> r.before() != null && r.after() != null).count();
          Map<String, List<ScenarioResult>> changed = new LinkedHashMap<>();
          rows.stream()
              .filter(r -> r.modelChange() != null)
              .forEach(
                  r ->
                      changed
                          .computeIfAbsent(r.modelChange(), k -> new ArrayList<>())
                          .add(r.named()));
          changed.forEach(
              (change, results) ->
                  models.add(
                      UnitFormat.shortName(benchmark)
                          + ": "
                          + ChangeText.applied(change, results, inBoth, names)));
        });
    return new Verdicts(
        comparison.baseline().run().id(),
        comparison.summaryLine(),
        comparison.counts(),
        comparison.regressed(),
        List.copyOf(models),
        ordered(regressed, lost, improved, notJudged),
        comparison.method());
  }

  /**
   * The verdicts the gate recorded in {@code folders}' results, or null when it recorded none (the
   * run named no baseline). A scenario without figures here counts as not passed; the baseline's
   * scenarios this run did not run are not known here.
   */
  static Verdicts recorded(List<RunFolder> folders) {
    List<ScenarioResult> results = new ArrayList<>();
    folders.forEach(folder -> results.addAll(folder.results()));
    BaselineCheck any =
        results.stream()
            .filter(r -> r.gate() != null && r.gate().baseline() != null)
            .map(r -> r.gate().baseline())
            .findFirst()
            .orElse(null);
    if (any == null) {
      return null;
    }
    ScenarioNames names =
        ScenarioNames.of(results.stream().filter(r -> r.latencyMs() != null).toList());
    int[] counts = new int[Verdict.values().length];
    Map<Verdict, Integer> allocations = new LinkedHashMap<>();
    int added = 0;
    int notPassed = 0;
    Map<String, Long> notJudgedKinds = new LinkedHashMap<>();
    Map<String, Long> tests = new LinkedHashMap<>();
    List<Change> regressed = new ArrayList<>();
    List<Change> improved = new ArrayList<>();
    List<Change> notJudged = new ArrayList<>();
    for (ScenarioResult result : results) {
      BaselineCheck check = result.gate() == null ? null : result.gate().baseline();
      if (result.latencyMs() == null) {
        notPassed++;
      } else if (check == null) {
        notJudgedKinds.merge("not compared", 1L, Long::sum);
        counts[Verdict.NOT_JUDGED.ordinal()]++;
      } else if (check.comparison() == null) {
        if (check.note() != null && check.note().contains("not in the baseline")) {
          added++;
        } else {
          notPassed++;
        }
      } else {
        Comparison comparison = check.comparison();
        Verdict verdict = comparison.verdict();
        AllocationComparison allocation = check.allocation();
        if (allocation != null) {
          allocations.merge(allocation.verdict(), 1, Integer::sum);
        }
        counts[verdict.ordinal()]++;
        tests.merge(comparison.test(), 1L, Long::sum);
        String reason = null;
        if (verdict == Verdict.NOT_JUDGED) {
          reason = JvmRuns.notJudgedKind(comparison.note());
          notJudgedKinds.merge(reason, 1L, Long::sum);
        }
        Change change =
            new Change(
                names.label(result),
                (verdict == Verdict.NOT_JUDGED ? "NOT JUDGED" : verdict.words())
                    + allocationWords(allocation),
                reason,
                ScenarioVerdict.of(result, null));
        if (verdict != Verdict.REGRESSED && allocation != null && allocation.regressed()) {
          regressed.add(change);
          continue;
        }
        switch (verdict) {
          case REGRESSED -> regressed.add(change);
          case IMPROVED -> improved.add(change);
          case NOT_JUDGED -> notJudged.add(change);
          case UNCHANGED -> {}
        }
      }
    }
    RunComparison.Counts c =
        new RunComparison.Counts(
            counts[Verdict.REGRESSED.ordinal()],
            counts[Verdict.IMPROVED.ordinal()],
            counts[Verdict.UNCHANGED.ordinal()],
            counts[Verdict.NOT_JUDGED.ordinal()],
            added,
            0,
            notPassed,
            0);
    BaselineMatch match = match(folders.get(0));
    int allocationRegressed = allocations.getOrDefault(Verdict.REGRESSED, 0);
    boolean allocationShown =
        results.stream()
            .map(r -> r.gate() == null ? null : r.gate().baseline())
            .anyMatch(
                b ->
                    b != null
                        && b.allocation() != null
                        && (b.allocation().baselineBytesPerOp() != null
                            || b.allocation().currentBytesPerOp() != null));
    return new Verdicts(
        any.file(),
        AllocationChange.summaryLine(
            RunComparison.summaryLine(c, notJudgedKinds, match),
            allocationShown ? AllocationChange.clause(allocations) : null,
            allocationRegressed > 0 && c.regressed() == 0),
        c,
        c.regressed() > 0
            || allocationRegressed > 0
            || (match == BaselineMatch.ALL && c.unjudged() > 0),
        recordedModelChanges(results, names),
        ordered(regressed, List.of(), improved, notJudged),
        recordedMethod(any.rule(), tests));
  }

  /** {@code , allocation regressed: 1 KB/op -> 2 KB/op (+100.0%, +1 KB/op)} when it moved. */
  private static String allocationWords(AllocationComparison allocation) {
    return allocation != null && allocation.judged() && allocation.verdict() != Verdict.UNCHANGED
        ? ", " + allocation.describe()
        : "";
  }

  private static List<Change> ordered(
      List<Change> regressed, List<Change> lost, List<Change> improved, List<Change> notJudged) {
    List<Change> all = new ArrayList<>();
    regressed.stream()
        .sorted(Comparator.comparingDouble((Change c) -> c.verdict().sortKey()).reversed())
        .forEach(all::add);
    all.addAll(lost);
    improved.stream()
        .sorted(Comparator.comparingDouble(c -> c.verdict().sortKey()))
        .forEach(all::add);
    all.addAll(notJudged);
    return List.copyOf(all);
  }

  /** The run's {@code junit.bench.baseline.match}, as recorded; {@code any} without it. */
  private static BaselineMatch match(RunFolder folder) {
    String value =
        folder.run().config() == null
            ? null
            : folder.run().config().get(BenchConfig.BASELINE_MATCH);
    return value != null && value.strip().equalsIgnoreCase("all")
        ? BaselineMatch.ALL
        : BaselineMatch.ANY;
  }

  /**
   * The model changes the gate's verdicts began with, per benchmark and change: {@code
   * Class.method: model changed: a -> b}, followed by where when not every scenario of the
   * benchmark the baseline had.
   */
  private static List<String> recordedModelChanges(
      List<ScenarioResult> results, ScenarioNames names) {
    Map<String, List<ScenarioResult>> byBenchmark = new LinkedHashMap<>();
    results.forEach(r -> byBenchmark.computeIfAbsent(r.benchmark(), k -> new ArrayList<>()).add(r));
    List<String> models = new ArrayList<>();
    byBenchmark.forEach(
        (benchmark, ofBenchmark) -> {
          long inBoth =
              ofBenchmark.stream()
                  .filter(
                      r ->
                          r.gate() != null
                              && r.gate().baseline() != null
                              && r.gate().baseline().comparison() != null)
                  .count();
          Map<String, List<ScenarioResult>> changed = new LinkedHashMap<>();
          for (ScenarioResult result : ofBenchmark) {
            if (ModelChange.inVerdict(result)) {
              changed.computeIfAbsent(recordedChange(result), k -> new ArrayList<>()).add(result);
            }
          }
          changed.forEach(
              (change, changedResults) ->
                  models.add(
                      UnitFormat.shortName(benchmark)
                          + ": "
                          + ChangeText.applied(change, changedResults, inBoth, names)));
        });
    return List.copyOf(models);
  }

  /** {@code model changed: a (..) -> b (..)}, as the gate's verdict on {@code result} began. */
  private static String recordedChange(ScenarioResult result) {
    String detail = result.gate().detail();
    String change =
        detail.substring((result.benchmark() + " " + result.displayName() + ": ").length());
    int arrow = change.indexOf(" -> ");
    int end = change.indexOf("; ", Math.max(arrow, 0));
    return end < 0 ? change : change.substring(0, end);
  }

  private static String recordedMethod(RegressionRule rule, Map<String, Long> tests) {
    StringBuilder text =
        new StringBuilder("judged during the run by the gate (rule: ")
            .append(rule == null ? "as configured" : rule.describe())
            .append(')');
    if (!tests.isEmpty()) {
      text.append("; tests: ");
      List<String> parts = new ArrayList<>();
      tests.forEach(
          (test, count) ->
              parts.add(
                  count
                      + " "
                      + (count == 1 ? "scenario" : "scenarios")
                      + " by "
                      + test.toLowerCase(Locale.ROOT)));
      text.append(String.join(", ", parts));
    }
    return text.toString();
  }
}
