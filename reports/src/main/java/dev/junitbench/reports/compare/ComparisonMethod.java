package dev.junitbench.reports.compare;

import dev.junitbench.stats.Comparison;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a comparison of two single runs judged its figures, in words, as criterion.rs and JMH state
 * their methods: which test for how many scenarios, the change's interval, and the allocation rule;
 * pooled rounds are described by {@link PooledMethod}.
 */
final class ComparisonMethod {

  private ComparisonMethod() {}

  /** How {@code comparison} judged its figures. */
  static String describe(RunComparison comparison) {
    if (comparison.pooled()) {
      return PooledMethod.describe(comparison) + "; " + AllocationChange.method(comparison);
    }
    Map<String, Long> byTest = new LinkedHashMap<>();
    comparison.rows().stream()
        .filter(row -> row.latency() != null)
        .forEach(row -> byTest.merge(row.latency().test(), 1L, Long::sum));
    long forked = byTest.getOrDefault(Comparison.WELCH, 0L);
    long predicted = byTest.getOrDefault(Comparison.PREDICTION, 0L);
    long levels = byTest.getOrDefault(Comparison.LEVELS, 0L);
    long notJudged = byTest.getOrDefault(Comparison.NONE, 0L);
    long alike = byTest.getOrDefault(Comparison.ALIKE, 0L);
    long single =
        byTest.values().stream().mapToLong(Long::longValue).sum()
            - forked
            - predicted
            - levels
            - alike
            - notJudged;
    List<String> parts = new ArrayList<>();
    parts.add(ComparisonMethod.verdictRule(comparison));
    if (forked > 0) {
      parts.add(
          scenarios(forked)
              + " forked in both runs: Welch's t-test on the log fork medians (each JVM run one"
              + " observation); change = ratio of the geometric means of the fork medians with a 95%"
              + " Welch-Satterthwaite t interval, which holds the variation between runs");
    }
    if (predicted > 0) {
      parts.add(
          scenarios(predicted)
              + " forked in one run only: the other run's JVM (or two) judged against the"
              + " forked run's spread, the prediction interval of one more JVM run (Student's t on the log medians)");
    }
    if (alike > 0) {
      parts.add(
          scenarios(alike)
              + " measured in one JVM in the baseline and, alike, in the current run's JUnit JVM"
              + " beside its forks (or the other way round): the two alike JVMs' log medians against the forks' spread"
              + " (Student's t, s sqrt(2), forks - 1 df), a change called only when the forks show it too against the"
              + " single JVM, else not judged");
    }
    if (levels > 0) {
      parts.add(
          scenarios(levels)
              + " whose JVM runs fell on two levels, the change beyond both: Student's t of the"
              + " nearer levels, the spread pooled within levels");
    }
    if (notJudged > 0) {
      parts.add(
          scenarios(notJudged)
              + " not judged (JVM runs on two levels, a change of alike JVMs not confirmed by"
              + " the forks, or no test possible)");
    }
    if (single > 0 || byTest.isEmpty()) {
      long ranked =
          byTest.getOrDefault(Comparison.MANN_WHITNEY, 0L)
              + byTest.getOrDefault(Comparison.MANN_WHITNEY_EXACT, 0L);
      // With no scenario compared, the test the runs' samples would get.
      boolean samples = comparison.baselineHasSamples() && comparison.currentHasSamples();
      // Medians without intervals (fewer than 6 samples or iterations a side): nothing tested.
      long untested =
          comparison.rows().stream()
              .filter(row -> row.latency() != null)
              .filter(row -> Comparison.WALD.equals(row.latency().test()))
              .filter(row -> row.latency().pValue() == null)
              .count();
      long waldRows = byTest.isEmpty() ? (samples ? 0 : 1) : single - ranked - untested;
      ranked = byTest.isEmpty() ? (samples ? 1 : 0) : ranked;
      boolean counted = (ranked > 0 ? 1 : 0) + (waldRows > 0 ? 1 : 0) + (untested > 0 ? 1 : 0) > 1;
      List<String> tests = new ArrayList<>();
      if (ranked > 0) {
        tests.add(
            (counted ? scenarios(ranked) + ": " : "")
                + "two-sided Mann-Whitney U test on the raw samples (tie-corrected; exact for small"
                + " samples without ties)"
                + (jmh(comparison)
                    ? ", a JMH file's being its sample mode's sampled operations"
                    : ""));
      }
      if (waldRows > 0) {
        tests.add(
            (counted ? scenarios(waldRows) + ": " : "")
                + "Wald test of the log ratio of medians: "
                + withoutSamples(comparison)
                + ", so scenarios are compared on their medians and intervals only");
      }
      if (untested > 0) {
        tests.add(
            scenarios(untested)
                + " not judged: a side has fewer than 6 samples, too few for the median's interval"
                + (jmh(comparison) ? " (a JMH file's iterations: give JMH -i 6 or more)" : ""));
      }
      parts.add(
          (single < byTest.values().stream().mapToLong(Long::longValue).sum()
                  ? scenarios(single) + " unforked" + " in both runs: "
                  : "")
              + String.join("; ", tests)
              + "; change = ratio of medians (current / baseline) with a"
              + " 95% confidence interval from each median's order-statistic interval on the log scale (Price-Bonett);"
              + " one JVM per side, so the interval holds the variation within each run, not between runs (fork both"
              + " runs to measure it)");
    }
    parts.add(AllocationChange.method(comparison));
    return String.join("; ", parts);
  }

  static boolean jmh(RunComparison comparison) {
    return comparison.baseline().jmhVersion() != null || comparison.current().jmhVersion() != null;
  }

  /**
   * Why a side has no samples: {@code /a/samples.csv is missing}, {@code JMH's iterations are
   * means, not samples}, or both.
   */
  private static String withoutSamples(RunComparison comparison) {
    List<String> missing = new ArrayList<>();
    if (!comparison.baselineHasSamples() && comparison.baseline().jmhVersion() == null) {
      missing.add(comparison.baseline().samplesFile().toString());
    }
    if (!comparison.currentHasSamples() && comparison.current().jmhVersion() == null) {
      missing.add(comparison.current().samplesFile().toString());
    }
    List<String> why = new ArrayList<>();
    if (!missing.isEmpty()) {
      why.add(String.join(" and ", missing) + (missing.size() == 1 ? " is" : " are") + " missing");
    }
    if (jmh(comparison)) {
      why.add("a JMH file's iterations (outside sample mode) are means, not samples");
    }
    return why.isEmpty() ? "a side kept no samples of the scenario" : String.join(", and ", why);
  }

  private static String scenarios(long count) {
    return count + (count == 1 ? " scenario" : " scenarios");
  }

  /** {@code verdict when p < 0.01 and the median changed by more than 5.0%}: the rule in words. */
  static String verdictRule(RunComparison comparison) {
    return "verdict when p < "
        + comparison.rule().alpha()
        + " and the median changed by more than "
        + Math.round(comparison.rule().threshold() * 1000) / 10.0
        + "%";
  }
}
