package dev.junitbench.gate;

import dev.junitbench.results.BaselineCheck;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.JvmRuns;
import dev.junitbench.stats.Verdict;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The words of a baseline verdict: the full line of a failure, and the short one of a summary. */
final class VerdictLine {

  private VerdictLine() {}

  /**
   * {@code regressed +12.3% (95% CI +10.1% to +14.6%; welch-t-log-fork-medians, 10 vs 10 forks)}.
   */
  static String brief(BaselineCheck check) {
    Comparison c = check.comparison();
    StringBuilder line = new StringBuilder(c.verdict().words()).append(' ');
    line.append(c.ratio() == null ? "n/a" : UnitFormat.change(c.ratio() - 1));
    line.append(" (");
    if (c.ci95Low() != null) {
      line.append("95% CI ")
          .append(UnitFormat.change(c.ci95Low() - 1))
          .append(" to ")
          .append(UnitFormat.change(c.ci95High() - 1))
          .append("; ");
    }
    line.append(c.test())
        .append(", ")
        .append(c.baselineCount())
        .append(" vs ")
        .append(c.currentCount())
        .append(' ')
        .append(c.countUnit())
        .append(')');
    if (!c.betweenJvms()) {
      line.append(", ").append(JvmRuns.UNFORKED);
    }
    return line.toString();
  }

  /**
   * {@code regressed: median +12.3% (95% CI +10.1% to +14.6%), p = 3.2e-12 (mann-whitney-u, 100 vs
   * 100 samples), 7.312 ms -> 8.211 ms}; forked runs name Welch's test and count forks; a verdict
   * of one JVM against one JVM starts {@code regressed (unforked: between-JVM variance unknown)}.
   */
  static String of(BaselineCheck check) {
    Comparison c = check.comparison();
    StringBuilder line = new StringBuilder(c.verdict().words());
    if (c.verdict() == Verdict.NOT_JUDGED) {
      line.append(" (")
          .append(reason(check))
          .append("): median ")
          .append(c.ratio() == null ? "n/a" : UnitFormat.change(c.ratio() - 1))
          .append(", ")
          .append(UnitFormat.duration(c.baselineMedianMs()))
          .append(" -> ")
          .append(UnitFormat.duration(c.currentMedianMs()))
          .append(" (")
          .append(c.baselineCount())
          .append(" vs ")
          .append(c.currentCount())
          .append(' ')
          .append(c.countUnit())
          .append(')');
      return line.toString();
    }
    if (!c.betweenJvms()) {
      line.append(" (").append(JvmRuns.UNFORKED).append(')');
    }
    line.append(": median ");
    line.append(c.ratio() == null ? "n/a" : UnitFormat.change(c.ratio() - 1));
    if (c.ci95Low() != null) {
      line.append(" (95% CI ")
          .append(UnitFormat.change(c.ci95Low() - 1))
          .append(" to ")
          .append(UnitFormat.change(c.ci95High() - 1))
          .append(')');
    }
    line.append(", ")
        .append(c.pValue() == null ? "p n/a" : UnitFormat.pIs(c.pValue()))
        .append(" (")
        .append(c.test())
        .append(", ")
        .append(c.baselineCount())
        .append(" vs ")
        .append(c.currentCount())
        .append(' ')
        .append(c.countUnit())
        .append("), ")
        .append(UnitFormat.duration(c.baselineMedianMs()))
        .append(" -> ")
        .append(UnitFormat.duration(c.currentMedianMs()));
    // The label leads the line already; the note's other parts follow it.
    String note =
        check.note() == null
            ? null
            : Arrays.stream(check.note().split("; "))
                .filter(part -> !part.equals(JvmRuns.UNFORKED))
                .collect(Collectors.joining("; "));
    if (note != null && !note.isBlank()) {
      line.append("; ").append(note);
    }
    return line.toString();
  }

  /** Why a scenario was not judged: the check's note, or the comparison's. */
  static String reason(BaselineCheck check) {
    return (check.comparison() != null ? check.comparison().note() : check.note())
        .replaceFirst("^(NOT JUDGED|not judged): ", "");
  }
}
