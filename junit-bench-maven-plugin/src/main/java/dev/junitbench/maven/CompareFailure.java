package dev.junitbench.maven;

import dev.junitbench.config.BaselineMatch;
import dev.junitbench.reports.compare.ChangeText;
import dev.junitbench.reports.compare.RunComparison;
import dev.junitbench.stats.AllocationComparison;
import dev.junitbench.stats.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The message of a build that {@code compare} fails: the verdict line first, then each scenario
 * that failed it, so the build's error names the regression without the table above it.
 */
final class CompareFailure {

  private CompareFailure() {}

  /** The verdict line, the failing scenarios one a line, and the two runs. */
  static String message(RunComparison comparison, Path baseline, Path current) {
    StringBuilder message = new StringBuilder(comparison.summaryLine());
    for (String scenario : failing(comparison)) {
      message.append(System.lineSeparator()).append("  ").append(scenario);
    }
    return message
        .append(System.lineSeparator())
        .append("  baseline ")
        .append(baseline.toAbsolutePath())
        .append(", current ")
        .append(current.toAbsolutePath())
        .toString();
  }

  /** Each scenario that fails the comparison, named by benchmark and display name, with why. */
  static List<String> failing(RunComparison comparison) {
    List<String> failing = new ArrayList<>();
    for (RunComparison.Row row : comparison.rows()) {
      String name = row.named().benchmark() + " " + row.named().displayName();
      AllocationComparison allocation = comparison.allocation(row);
      if (allocation != null && allocation.regressed()) {
        failing.add(
            "allocation regressed: "
                + name
                + ": "
                + allocation.figures()
                + " (rule: "
                + comparison.allocationRule().describe()
                + ")");
      }
      if (row.verdict() == Verdict.REGRESSED) {
        failing.add(
            "regressed: "
                + name
                + ": median "
                + ChangeText.change(row.latency().ratio())
                + ", 95% CI "
                + ChangeText.interval(row.latency())
                + ", p = "
                + ChangeText.p(row.latency()));
      } else if (row.lost()) {
        failing.add("failed now, measured in the baseline: " + name);
      } else if (comparison.match() == BaselineMatch.ALL && unjudged(row)) {
        failing.add("NOT JUDGED (match all): " + name);
      }
    }
    return failing;
  }

  private static boolean unjudged(RunComparison.Row row) {
    return switch (row.kind()) {
      case ADDED, NOT_PASSED -> true;
      case COMPARED -> row.verdict() == Verdict.NOT_JUDGED;
      case REMOVED -> false;
    };
  }
}
