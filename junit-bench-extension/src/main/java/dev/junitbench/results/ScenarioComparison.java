package dev.junitbench.results;

import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.ForkStatistics;
import dev.junitbench.stats.RegressionRule;

/**
 * The one place that picks the test comparing a scenario now with the same scenario of a baseline,
 * for the regression gate and for {@code compare} alike. Both runs forked: Welch's t-test on the log
 * fork medians, which measures the variance between JVM runs. Otherwise the test of one JVM's
 * samples (Mann-Whitney, or a Wald test of medians without samples.csv), with a note that the
 * variance between runs is unknown: a difference between two JVMs may then be called a change.
 *
 * @since 0.1.0
 */
public final class ScenarioComparison {

  private ScenarioComparison() {}

  /**
   * Compares {@code now} with {@code before} (both measured, median above 0); the samples (ns) of
   * each side, or null where a run kept none.
   */
  public static Comparison of(ScenarioResult before, long[] beforeSamples, ScenarioResult now, long[] nowSamples,
      RegressionRule rule) {
    boolean forkedBefore = forked(before);
    boolean forkedNow = forked(now);
    if (forkedBefore && forkedNow) {
      Comparison welch = Comparison.ofForks(before.forks().medians(), now.forks().medians(), rule);
      if (welch.pValue() != null || welch.ratio() == null || welch.ratio() == 1) {
        return welch;
      }
      // Fork medians without spread on either side (a clock coarser than the body) leave Welch nothing to
      // test; a change between them must still be judged, so the samples are.
      return single(before, beforeSamples, now, nowSamples, rule).withNote(welch.note()
          + ": compared on the pooled samples; between-JVM variance unknown");
    }
    String which = forkedBefore ? "the current run is not" : forkedNow ? "the baseline is not" : "neither run is";
    return single(before, beforeSamples, now, nowSamples, rule).withNote(which + " forked in "
        + ForkStatistics.MIN_FORKS + " JVMs or more: between-JVM variance unknown (fork both to measure it)");
  }

  /** The test of one JVM's samples, or of the medians and their intervals where a side kept no samples. */
  private static Comparison single(ScenarioResult before, long[] beforeSamples, ScenarioResult now, long[] nowSamples,
      RegressionRule rule) {
    return beforeSamples != null && beforeSamples.length > 0 && nowSamples != null && nowSamples.length > 0
        ? Comparison.ofSamples(beforeSamples, beforeSamples.length, nowSamples, nowSamples.length, rule)
        : Comparison.ofSummaries(before.latencyMs(), now.latencyMs(), rule);
  }

  /** Whether {@code result} was measured in at least {@link ForkStatistics#MIN_FORKS} forks. */
  public static boolean forked(ScenarioResult result) {
    return result.forks() != null && result.forks().medians().length >= ForkStatistics.MIN_FORKS;
  }
}
