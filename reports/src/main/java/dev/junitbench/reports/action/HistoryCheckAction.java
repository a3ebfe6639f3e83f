package dev.junitbench.reports.action;

import dev.junitbench.reports.history.CheckText;
import dev.junitbench.reports.history.HistoryCheck;
import dev.junitbench.reports.history.Series;
import java.util.List;

/**
 * A history check of series read from the store: where each shifted, and whether the newest shift
 * is a regression.
 *
 * @param findings one per series
 * @param text the check's output, its first line the verdict
 * @param outcome a regression, NOT JUDGED (no series could be judged and unjudged ones are not
 *     allowed), or ok
 */
public record HistoryCheckAction(
    List<HistoryCheck.Finding> findings, String text, Outcome outcome) {

  /**
   * Judges {@code series} on {@code metric}: a newest change point or SUSPECTED step among the
   * newest {@code within} runs that moved the figure the wrong way by more than {@code threshold}
   * is a regression; when no series could be judged the outcome is {@link Outcome#NOT_JUDGED},
   * unless {@code allowUnjudged}.
   */
  public static HistoryCheckAction run(
      List<Series> series,
      HistoryCheck.Metric metric,
      double threshold,
      int within,
      boolean allowUnjudged) {
    List<HistoryCheck.Finding> findings = HistoryCheck.check(series, metric, threshold, within);
    String text = CheckText.render(findings, metric, threshold, within);
    Outcome outcome;
    if (findings.stream().anyMatch(HistoryCheck.Finding::regressed)) {
      outcome = Outcome.REGRESSION;
    } else if (findings.stream().noneMatch(HistoryCheck.Finding::judged) && !allowUnjudged) {
      outcome = Outcome.NOT_JUDGED;
    } else {
      outcome = Outcome.OK;
    }
    return new HistoryCheckAction(findings, text, outcome);
  }

  /** The verdict: the first line of the output. */
  public String summaryLine() {
    int end = text.indexOf('\n');
    return end < 0 ? text : text.substring(0, end);
  }
}
