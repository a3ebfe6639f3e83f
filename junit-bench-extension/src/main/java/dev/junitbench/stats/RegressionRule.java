package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * When a change counts: its p-value is below {@code alpha} and its estimate differs from no change
 * by more than {@code threshold} (0.05 = 5%). Both are needed: with many samples a 0.5% shift is
 * significant but is noise between JVM runs; with few, a 20% shift may be chance.
 *
 * @param threshold relative change below which nothing is called, 0 or more (2.0 calls only a 3x
 *     slowdown)
 * @param alpha significance level, in (0, 0.5]
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record RegressionRule(double threshold, double alpha) {

  /** Default noise threshold: 5%. */
  public static final double DEFAULT_THRESHOLD = 0.05;

  /** Default significance level: 0.01. */
  public static final double DEFAULT_ALPHA = 0.01;

  /** The rule with both defaults. */
  public static final RegressionRule DEFAULT = new RegressionRule(DEFAULT_THRESHOLD, DEFAULT_ALPHA);

  /** Checks both values. */
  public RegressionRule {
    if (!(threshold >= 0 && Double.isFinite(threshold))) {
      throw new IllegalArgumentException(
          "the threshold must be 0 or more (0.05 = 5%), was " + threshold);
    }
    if (!(alpha > 0 && alpha <= 0.5)) {
      throw new IllegalArgumentException("alpha must be in (0, 0.5] (e.g. 0.01), was " + alpha);
    }
  }

  /**
   * The verdict on a ratio current / baseline of a lower-is-better figure (latency) with its
   * p-value; a null p-value (no test possible) is never significant.
   */
  public Verdict latencyVerdict(double ratio, Double pValue) {
    if (pValue == null || !(pValue < alpha) || Double.isNaN(ratio)) {
      return Verdict.UNCHANGED;
    }
    if (ratio > 1 + threshold) {
      return Verdict.REGRESSED;
    }
    return ratio < 1 - threshold ? Verdict.IMPROVED : Verdict.UNCHANGED;
  }

  /** {@code change > 5% and p < 0.01}, for messages. */
  public String describe() {
    return "change > " + percent(threshold) + " and p < " + alpha;
  }

  private static String percent(double fraction) {
    double pct = fraction * 100;
    return (pct == Math.rint(pct) ? String.valueOf((long) pct) : String.valueOf(pct)) + "%";
  }
}
