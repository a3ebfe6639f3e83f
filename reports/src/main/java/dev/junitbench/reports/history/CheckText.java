package dev.junitbench.reports.history;

import dev.junitbench.results.UnitFormat;
import dev.junitbench.results.TextTable;
import java.util.ArrayList;
import java.util.List;

/** The text of {@code history check}: the summary line first, then each series with a change point. */
public final class CheckText {

  private static final int WIDTH = 120;

  private CheckText() {}

  /** The report of {@code findings}, judged on {@code metric} at {@code threshold}. */
  public static String render(List<HistoryCheck.Finding> findings, HistoryCheck.Metric metric, double threshold) {
    return render(findings, metric, threshold, Integer.MAX_VALUE);
  }

  /** The same, for a check that counts only change points among the newest {@code within} runs. */
  public static String render(List<HistoryCheck.Finding> findings, HistoryCheck.Metric metric, double threshold,
      int within) {
    long regressed = findings.stream().filter(HistoryCheck.Finding::regressed).count();
    long changed = findings.stream().filter(f -> !f.shifts().isEmpty()).count();
    long tooShort = findings.stream().filter(f -> f.judged() < ChangePoints.MIN_RUNS).count();
    StringBuilder text = new StringBuilder();
    text.append(regressed > 0 ? "REGRESSED: " : "ok: ").append(regressed).append(" of ").append(findings.size())
        .append(findings.size() == 1 ? " series" : " series").append(" regressed at its newest change point (")
        .append(metric.title()).append(", threshold ").append(HistoryCheck.percent(threshold).substring(1))
        .append(within == Integer.MAX_VALUE ? "" : ", among its newest " + within + " runs").append("); ").append(changed).append(" with change points; ").append(tooShort)
        .append(" too short to judge (fewer than ").append(ChangePoints.MIN_RUNS).append(" runs)\n");
    text.append("method: change points of each series (one scenario on one host, oldest run first) by ")
        .append(ChangePoints.METHOD).append("\n\n");
    List<HistoryCheck.Finding> shown = new ArrayList<>();
    findings.stream().filter(HistoryCheck.Finding::regressed).forEach(shown::add);
    findings.stream().filter(f -> !f.regressed() && !f.shifts().isEmpty()).forEach(shown::add);
    if (shown.isEmpty()) {
      return text.append("No series shifted.\n").toString();
    }
    for (HistoryCheck.Finding finding : shown) {
      text.append(finding.regressed() ? "REGRESSED  " : finding.newest().worse() ? "slower     " : "faster     ").append(finding.series().scenario())
          .append(" on ").append(finding.series().host()).append(" (").append(finding.judged()).append(" runs)\n");
      TextTable table = new TextTable(List.of("run", "commit", "started", "change", "before", "after", "p", ""),
          new boolean[] {true, false, false, true, true, true, true, false},
          new boolean[] {false, false, false, false, false, false, false, false});
      for (int i = finding.shifts().size() - 1; i >= 0; i--) {
        HistoryCheck.Shift shift = finding.shifts().get(i);
        String direction = shift.worse() ? "worse" : "better";
        table.row(List.of(String.valueOf(shift.index() + 1), shift.point().shortCommit(),
            shift.point().startedAt().replace('T', ' '), HistoryCheck.percent(shift.change()),
            level(metric, shift.before()), level(metric, shift.after()), pValue(shift.pValue()),
            i == finding.shifts().size() - 1 ? "newest, " + direction : direction));
      }
      for (String line : table.render("    ", WIDTH)) {
        text.append(line).append('\n');
      }
    }
    return text.toString();
  }

  /** Below the simulated table's smallest probability the figure is an extrapolation: said as a bound. */
  private static String pValue(double p) {
    return p < NullDistribution.P[NullDistribution.P.length - 1] ? "<0.001" : UnitFormat.pValue(p);
  }

  private static String level(HistoryCheck.Metric metric, double value) {
    return metric == HistoryCheck.Metric.THROUGHPUT ? UnitFormat.number(value) : UnitFormat.duration(value);
  }
}
