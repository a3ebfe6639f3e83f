package dev.junitbench.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.ForkStatistics;
import dev.junitbench.stats.JvmRuns;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.Verdict;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The one place that picks the test comparing a scenario now with the same scenario of a baseline,
 * for the regression gate and for {@code compare} alike. A side measured in one JUnit JVM against a
 * side measured so too and then forked: the two alike JVMs, judged by the forks' spread ({@link
 * JvmRuns#compareAlike}). Otherwise each side counts as its JVM runs: a forked run's fork medians,
 * an unforked run's one median, and {@link JvmRuns} picks the test between JVM runs (two levels
 * named and not judged; Welch's t-test on the log fork medians; one side's spread judging the
 * other's JVM); with one JVM a side, the test of one JVM's samples (Mann-Whitney, or a Wald test of
 * medians without samples.csv), its verdict marked {@value JvmRuns#UNFORKED}.
 *
 * @since 0.1.0
 */
@API(status = INTERNAL, since = "0.1")
public final class ScenarioComparison {

  private ScenarioComparison() {}

  /**
   * Compares {@code now} with {@code before} (both measured, median above 0); the samples (ns) of
   * each side, or null where a run kept none.
   */
  public static Comparison of(
      ScenarioResult before,
      long[] beforeSamples,
      ScenarioResult now,
      long[] nowSamples,
      RegressionRule rule) {
    // A side measured in one JUnit JVM against a side that measured itself so too, then forked:
    // alike.
    if (before.forks() == null && forked(now) && now.forks().here() != null) {
      return JvmRuns.compareAlike(
          before.latencyMs().median(),
          now.forks().here().median(),
          now.forks().medians(),
          true,
          rule);
    }
    if (forked(before) && before.forks().here() != null && now.forks() == null) {
      return JvmRuns.compareAlike(
          before.forks().here().median(),
          now.latencyMs().median(),
          before.forks().medians(),
          false,
          rule);
    }
    Optional<Comparison> between = JvmRuns.compare(jvmMedians(before), jvmMedians(now), rule);
    if (between.isEmpty()) {
      return unforked(single(before, beforeSamples, now, nowSamples, rule)).untestedNotJudged();
    }
    Comparison judged = between.get();
    if (judged.verdict() != Verdict.NOT_JUDGED
        && judged.pValue() == null
        && judged.ratio() != null
        && judged.ratio() != 1) {
      // Fork medians without spread (a clock coarser than the body) leave nothing to test; a change
      // between
      // them must still be judged, so the samples are.
      return single(before, beforeSamples, now, nowSamples, rule)
          .withNote(
              judged.note() + ": compared on the pooled samples; between-JVM variance unknown")
          .untestedNotJudged();
    }
    return judged;
  }

  /** {@code comparison} with {@value JvmRuns#UNFORKED} first in its note. */
  public static Comparison unforked(Comparison comparison) {
    Comparison c = comparison;
    return new Comparison(
        c.verdict(),
        c.ratio(),
        c.ci95Low(),
        c.ci95High(),
        c.pValue(),
        c.test(),
        c.baselineMedianMs(),
        c.currentMedianMs(),
        c.baselineCount(),
        c.currentCount(),
        c.note() == null ? JvmRuns.UNFORKED : JvmRuns.UNFORKED + "; " + c.note());
  }

  /**
   * The medians of the JVM runs that measured {@code result}: its forks', or its own when it was
   * not forked.
   */
  public static double[] jvmMedians(ScenarioResult result) {
    return forked(result) ? result.forks().medians() : new double[] {result.latencyMs().median()};
  }

  /**
   * The test of one JVM's samples, or of the medians and their intervals where a side kept no
   * samples.
   */
  private static Comparison single(
      ScenarioResult before,
      long[] beforeSamples,
      ScenarioResult now,
      long[] nowSamples,
      RegressionRule rule) {
    return beforeSamples != null
            && beforeSamples.length > 0
            && nowSamples != null
            && nowSamples.length > 0
        ? Comparison.ofSamples(
            beforeSamples, beforeSamples.length, nowSamples, nowSamples.length, rule)
        : Comparison.ofSummaries(before.latencyMs(), now.latencyMs(), rule);
  }

  /** Whether {@code result} was measured in at least {@link ForkStatistics#MIN_FORKS} forks. */
  public static boolean forked(ScenarioResult result) {
    return result.forks() != null && result.forks().medians().length >= ForkStatistics.MIN_FORKS;
  }
}
