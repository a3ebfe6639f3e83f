package dev.junitbench.reports.summary;

import dev.junitbench.internal.ModelChange;
import dev.junitbench.reports.compare.ChangeText;
import dev.junitbench.reports.compare.RunComparison;
import dev.junitbench.results.BaselineCheck;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.Verdict;
import java.util.Locale;

/**
 * What a scenario's baseline says of it, from either source a report has: a comparison made by
 * {@code report --baseline} ({@link RunComparison.Row}), or else the verdict the gate recorded in
 * the run ({@link BaselineCheck}); with the gate's budget and whether the model changed. Read the
 * same way by every view of a run.
 *
 * @param comparison the comparison of the latencies that judged the scenario, or null when none was
 *     made (not in the baseline, not measured on one side, no baseline)
 * @param text what a table shows: {@code +12.3% regressed (unforked)}, {@code NOT JUDGED: not in
 *     baseline}, {@code model changed, +0.4% unchanged; over budget}, {@code added}; empty when
 *     there is nothing to say
 * @param kind the verdict's id, to colour it by: {@code regressed} (also for a broken budget),
 *     {@code improved}, {@code unchanged}, {@code not_judged}; empty without one
 * @param modelChanged whether the scenario ran another model file than its baseline
 * @param gateFailed whether the gate failed the scenario's test
 * @param overBudget whether the scenario broke its {@code @Budget}
 */
public record ScenarioVerdict(
    Comparison comparison,
    String text,
    String kind,
    boolean modelChanged,
    boolean gateFailed,
    boolean overBudget) {

  /**
   * The verdict on {@code result}: from {@code row} (its row of a {@code --baseline} comparison, or
   * null) when that compared it, else from what the gate recorded in it; never null, empty ({@link
   * #text()} blank) when neither says anything.
   */
  public static ScenarioVerdict of(ScenarioResult result, RunComparison.Row row) {
    String text = "";
    String kind = "";
    Comparison judged = null;
    if (row != null && row.latency() != null) {
      judged = row.latency();
    } else if (result.gate() != null && result.gate().baseline() != null) {
      BaselineCheck check = result.gate().baseline();
      if (check.comparison() != null) {
        judged = check.comparison();
      } else {
        text =
            check.note() != null && check.note().contains("not measured")
                ? "NOT JUDGED: not measured in baseline"
                : "NOT JUDGED: not in baseline";
        kind = Verdict.NOT_JUDGED.id();
      }
    } else if (row != null) {
      text = row.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
    if (judged != null) {
      Verdict verdict = judged.verdict();
      text =
          (judged.ratio() == null ? "" : UnitFormat.change(judged.ratio() - 1) + " ")
              + (verdict == Verdict.NOT_JUDGED ? "NOT JUDGED" : verdict.words())
              + (unforked(judged) ? " (unforked)" : "");
      kind = verdict.id();
    }
    boolean modelChanged = row != null ? row.modelChange() != null : ModelChange.inVerdict(result);
    if (modelChanged) {
      text = "model changed" + (text.isEmpty() ? "" : ", " + text);
    }
    boolean gateFailed = false;
    boolean overBudget = false;
    if (result.gate() != null) {
      gateFailed = result.gate().failed();
      if (result.gate().budget() != null && result.gate().budget().broken()) {
        overBudget = true;
        text = (text.isEmpty() ? "" : text + "; ") + "over budget";
        kind = Verdict.REGRESSED.id();
      }
    }
    return new ScenarioVerdict(judged, text, kind, modelChanged, gateFailed, overBudget);
  }

  /** The verdict of the comparison, or null without one. */
  public Verdict verdict() {
    return comparison == null ? null : comparison.verdict();
  }

  /**
   * Whether the verdict was called within one JVM a side: its interval holds the variation within
   * each run only, not between runs.
   */
  public boolean unforked() {
    return comparison != null && unforked(comparison);
  }

  /** {@code +12.3%}: the change of the median latency, or {@code -}. */
  public String change() {
    return comparison == null ? "-" : ChangeText.change(comparison.ratio());
  }

  /** {@code [+10.1%, +14.6%]}: the change's 95% interval, or {@code -}. */
  public String interval() {
    return comparison == null ? "-" : ChangeText.interval(comparison);
  }

  /** current / baseline median, to sort by; 0 without a ratio. */
  public double sortKey() {
    return comparison == null || comparison.ratio() == null ? 0 : comparison.ratio();
  }

  private static boolean unforked(Comparison judged) {
    return judged.verdict() != Verdict.NOT_JUDGED && !judged.betweenJvms();
  }
}
