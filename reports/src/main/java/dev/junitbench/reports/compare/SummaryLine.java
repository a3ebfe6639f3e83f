package dev.junitbench.reports.compare;

import dev.junitbench.config.BaselineMatch;
import dev.junitbench.stats.JvmRuns;
import dev.junitbench.stats.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one line that leads every output of a comparison, and the counts it is made of: {@code 2
 * regressed, 1 improved, 40 unchanged}, the scenarios not judged by why, the baseline's scenarios
 * not run, then allocation's clause and the sequential decision's.
 */
final class SummaryLine {

  private SummaryLine() {}

  /** How many of {@code rows} fell in each group. */
  static RunComparison.Counts counts(List<RunComparison.Row> rows) {
    int regressed = 0;
    int improved = 0;
    int unchanged = 0;
    int notJudged = 0;
    int added = 0;
    int removed = 0;
    int notPassed = 0;
    int lost = 0;
    for (RunComparison.Row row : rows) {
      lost += row.lost() ? 1 : 0;
      switch (row.kind()) {
        case ADDED -> added++;
        case REMOVED -> removed++;
        case NOT_PASSED -> notPassed++;
        case COMPARED -> {
          switch (row.verdict()) {
            case REGRESSED -> regressed++;
            case IMPROVED -> improved++;
            case UNCHANGED -> unchanged++;
            case NOT_JUDGED -> notJudged++;
          }
        }
      }
    }
    return new RunComparison.Counts(
        regressed, improved, unchanged, notJudged, added, removed, notPassed, lost);
  }

  /** {@link RunComparison#summaryLine()}. */
  static String of(RunComparison comparison) {
    Map<String, Long> kinds = new LinkedHashMap<>();
    comparison.rows().stream()
        .filter(row -> row.verdict() == Verdict.NOT_JUDGED && row.latency() != null)
        .forEach(row -> kinds.merge(notJudgedKind(row), 1L, Long::sum));
    RunComparison.Counts c = comparison.counts();
    long known = kinds.values().stream().mapToLong(Long::longValue).sum();
    if (c.notJudged() > known) {
      kinds.merge("no test possible", c.notJudged() - known, Long::sum);
    }
    return AllocationChange.summaryLine(comparison, of(c, kinds, comparison.match()))
        + SequentialCompare.summary(comparison);
  }

  /** Why a row was not judged: undecided in a sequential decision, else the test's reason. */
  private static String notJudgedKind(RunComparison.Row row) {
    return row.pool() != null
            && row.pool().sequential() != null
            && !row.pool().sequential().settled()
        ? "undecided"
        : JvmRuns.notJudgedKind(row.latency().note());
  }

  /** {@link RunComparison#summaryLine(RunComparison.Counts, Map, BaselineMatch)}. */
  static String of(RunComparison.Counts c, Map<String, Long> notJudged, BaselineMatch match) {
    int judged = c.regressed() + c.improved() + c.unchanged();
    int total = judged + c.unjudged();
    StringBuilder line =
        new StringBuilder()
            .append(c.regressed())
            .append(" regressed, ")
            .append(c.improved())
            .append(" improved, ")
            .append(c.unchanged())
            .append(" unchanged");
    if (c.unjudged() > 0) {
      List<String> why = new ArrayList<>();
      if (c.added() > 0) {
        why.add(c.added() + " not in the baseline");
      }
      notJudged.forEach((kind, count) -> why.add(count + " " + kind));
      if (c.notPassed() > 0) {
        why.add(
            c.notPassed()
                + " not passed"
                + (c.lost() == 0 ? "" : " (" + c.lost() + " failed, measured in the baseline)"));
      }
      line.append(": ")
          .append(judged)
          .append(" of ")
          .append(total)
          .append(total == 1 ? " scenario" : " scenarios")
          .append(" judged; NOT JUDGED: ")
          .append(c.unjudged())
          .append(" (")
          .append(String.join(", ", why))
          .append(')');
      if (match == BaselineMatch.ALL) {
        line.append(", each a failure under --match all");
      }
    }
    if (c.removed() > 0) {
      line.append("; ")
          .append(c.removed())
          .append(c.removed() == 1 ? " baseline scenario" : " baseline scenarios")
          .append(" not run");
    }
    return line.toString();
  }
}
