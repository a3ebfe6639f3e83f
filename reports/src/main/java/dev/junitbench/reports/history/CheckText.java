package dev.junitbench.reports.history;

import dev.junitbench.internal.TextTable;
import dev.junitbench.results.UnitFormat;
import java.util.ArrayList;
import java.util.List;

/**
 * The text of {@code history check}: the summary line first (REGRESSED, ok or NOT JUDGED, with how
 * many series were judged and why the others were not), the method, each series with a change point
 * or a suspected step, then the series not judged.
 */
public final class CheckText {

  private static final int WIDTH = 120;

  private CheckText() {}

  /** The report of {@code findings}, judged on {@code metric} at {@code threshold}. */
  public static String render(
      List<HistoryCheck.Finding> findings, HistoryCheck.Metric metric, double threshold) {
    return render(findings, metric, threshold, Integer.MAX_VALUE);
  }

  /**
   * The same, for a check that counts only change points and suspected steps among the newest
   * {@code within} runs.
   */
  public static String render(
      List<HistoryCheck.Finding> findings,
      HistoryCheck.Metric metric,
      double threshold,
      int within) {
    StringBuilder text =
        new StringBuilder(summary(findings, metric, threshold, within)).append('\n');
    text.append(
            "method: change points of each series (one scenario on one host, oldest run first) by ")
        .append(ChangePoints.METHOD)
        .append('\n');
    text.append("method: a SUSPECTED step, too young for a change point, is ")
        .append(SuspectedSteps.METHOD)
        .append('\n');
    text.append("judged: a series with at least ")
        .append(SuspectedSteps.MIN_RUNS)
        .append(" runs of the ")
        .append(metric.title())
        .append(", or one that regressed in the runs it has; any other is NOT JUDGED, never ok")
        .append("\n\n");
    List<HistoryCheck.Finding> shown = new ArrayList<>();
    findings.stream().filter(HistoryCheck.Finding::regressed).forEach(shown::add);
    findings.stream().filter(f -> !f.regressed() && f.suspected() != null).forEach(shown::add);
    findings.stream()
        .filter(f -> !f.regressed() && f.suspected() == null && !f.shifts().isEmpty())
        .forEach(shown::add);
    for (HistoryCheck.Finding finding : shown) {
      series(text, finding, metric);
    }
    List<HistoryCheck.Finding> unjudged = findings.stream().filter(f -> !f.judged()).toList();
    if (shown.isEmpty() && unjudged.size() < findings.size()) {
      text.append("No series shifted.\n");
    }
    if (!unjudged.isEmpty()) {
      text.append(shown.isEmpty() ? "" : "\n")
          .append("NOT JUDGED: ")
          .append(unjudged.size())
          .append(unjudged.size() == 1 ? " series has" : " series have")
          .append(" fewer runs of the ")
          .append(metric.title())
          .append(" than the ")
          .append(SuspectedSteps.MIN_RUNS)
          .append(" needed to judge the newest runs (")
          .append(SuspectedSteps.MIN_HISTORY_OF_TWO)
          .append(" before the newest 2, so that a slow mode of the history would have shown):\n");
      for (HistoryCheck.Finding finding : unjudged) {
        text.append("  ")
            .append(finding.series().scenario())
            .append(" on ")
            .append(finding.series().host())
            .append(": ")
            .append(runs(finding.runs()))
            .append(", ")
            .append(SuspectedSteps.MIN_RUNS)
            .append(" needed\n");
      }
    }
    return text.toString();
  }

  /**
   * The first line: REGRESSED when a series regressed, else NOT JUDGED when no series could be
   * judged, else ok; always how many series were judged and, for the others, the runs they have
   * against the runs needed.
   */
  static String summary(
      List<HistoryCheck.Finding> findings,
      HistoryCheck.Metric metric,
      double threshold,
      int within) {
    int total = findings.size();
    long regressed = findings.stream().filter(HistoryCheck.Finding::regressed).count();
    long atSuspected =
        findings.stream()
            .filter(f -> f.regression() == HistoryCheck.Regression.SUSPECTED_STEP)
            .count();
    long judged = findings.stream().filter(HistoryCheck.Finding::judged).count();
    long changed = findings.stream().filter(f -> !f.shifts().isEmpty()).count();
    long suspected = findings.stream().filter(f -> f.suspected() != null).count();
    String rule =
        "("
            + metric.title()
            + ", threshold "
            + HistoryCheck.percent(threshold).substring(1)
            + (within == Integer.MAX_VALUE ? "" : ", among its newest " + within + " runs")
            + ")";
    String unjudged = unjudged(findings);
    StringBuilder line = new StringBuilder();
    if (regressed > 0) {
      line.append("REGRESSED: ")
          .append(regressed)
          .append(" of ")
          .append(total)
          .append(" series regressed ")
          .append(rule)
          .append(": ");
      if (regressed > atSuspected) {
        line.append(regressed - atSuspected)
            .append(" at its newest change point")
            .append(atSuspected > 0 ? ", " : "");
      }
      if (atSuspected > 0) {
        line.append(atSuspected).append(" at a SUSPECTED step");
      }
      line.append("; ");
    } else if (judged == 0) {
      return line.append("NOT JUDGED: none of ")
          .append(total)
          .append(" series could be judged ")
          .append(rule)
          .append(": ")
          .append(unjudged)
          .append("; no regression in the runs there are")
          .toString();
    } else {
      line.append("ok: 0 of ").append(total).append(" series regressed ").append(rule).append("; ");
    }
    line.append(judged).append(" judged, ").append(total - judged).append(" NOT JUDGED");
    if (judged < total) {
      line.append(" (").append(unjudged).append(')');
    }
    return line.append("; ")
        .append(changed)
        .append(" with change points, ")
        .append(suspected)
        .append(" with a SUSPECTED step")
        .toString();
  }

  /**
   * The runs the series not judged have, against the runs needed: "4 runs, 20 needed", "4 to 11
   * runs, 20 needed".
   */
  private static String unjudged(List<HistoryCheck.Finding> findings) {
    int fewest = Integer.MAX_VALUE;
    int most = 0;
    for (HistoryCheck.Finding finding : findings) {
      if (!finding.judged()) {
        fewest = Math.min(fewest, finding.runs());
        most = Math.max(most, finding.runs());
      }
    }
    String present = fewest == most ? runs(most) : fewest + " to " + most + " runs";
    return present + ", " + SuspectedSteps.MIN_RUNS + " needed";
  }

  private static String runs(int runs) {
    return runs + (runs == 1 ? " run" : " runs");
  }

  /** One series: its verdict, then its suspected step and its change points, newest first. */
  private static void series(
      StringBuilder text, HistoryCheck.Finding finding, HistoryCheck.Metric metric) {
    String label =
        finding.regressed()
            ? "REGRESSED"
            : finding.suspected() != null
                ? "SUSPECTED"
                : finding.newest().worse() ? "slower" : "faster";
    text.append(label)
        .append(" ".repeat(11 - label.length()))
        .append(finding.series().scenario())
        .append(" on ")
        .append(finding.series().host())
        .append(" (")
        .append(runs(finding.runs()))
        .append(")\n");
    TextTable table =
        new TextTable(
            List.of("run", "commit", "started", "change", "before", "after", "p", ""),
            new boolean[] {true, false, false, true, true, true, true, false},
            new boolean[] {false, false, false, false, false, false, false, false});
    HistoryCheck.Suspected suspected = finding.suspected();
    if (suspected != null) {
      SuspectedStep step = suspected.step();
      table.row(
          List.of(
              String.valueOf(step.index() + 1),
              suspected.point().shortCommit(),
              suspected.point().startedAt().replace('T', ' '),
              HistoryCheck.percent(step.change()),
              level(metric, step.before()),
              level(metric, step.after()),
              "-",
              "SUSPECTED: the newest "
                  + step.runs()
                  + " runs "
                  + (metric.lowerIsBetter() ? "above " : "below ")
                  + level(metric, step.limit())));
    }
    for (int i = finding.shifts().size() - 1; i >= 0; i--) {
      HistoryCheck.Shift shift = finding.shifts().get(i);
      String direction = shift.worse() ? "worse" : "better";
      table.row(
          List.of(
              String.valueOf(shift.index() + 1),
              shift.point().shortCommit(),
              shift.point().startedAt().replace('T', ' '),
              HistoryCheck.percent(shift.change()),
              level(metric, shift.before()),
              level(metric, shift.after()),
              pValue(shift.pValue()),
              i == finding.shifts().size() - 1 ? "newest, " + direction : direction));
    }
    for (String line : table.render("    ", WIDTH)) {
      text.append(line).append('\n');
    }
  }

  /**
   * Below the simulated table's smallest probability the figure is an extrapolation: said as a
   * bound.
   */
  private static String pValue(double p) {
    return p < NullDistribution.P[NullDistribution.P.length - 1] ? "<0.001" : UnitFormat.pValue(p);
  }

  private static String level(HistoryCheck.Metric metric, double value) {
    return metric == HistoryCheck.Metric.THROUGHPUT
        ? UnitFormat.number(value)
        : UnitFormat.duration(value);
  }
}
