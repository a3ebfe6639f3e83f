package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The ratio of two medians (current / baseline) with a distribution-free 95% confidence interval,
 * by Price and Bonett's method ("Distribution-free confidence intervals for difference and ratio of
 * medians", J. Stat. Comput. Simul. 72(2), 2002): on the log scale, each median's variance is
 * estimated from its order-statistic confidence interval, [x(k), x(n-k+1)] with the ranks of {@link
 * MedianInterval}, as ((ln x(n-k+1) - ln x(k)) / (2 z_k))^2, where z_k is the normal quantile of
 * that interval's exact binomial coverage; the two variances add. It needs only the medians, the
 * interval bounds and the counts, so a run known only by its results.json is compared the same way.
 * Sorting is all it costs: O(n log n), no resampling.
 *
 * @param ratio current median / baseline median
 * @param ci95Low lower bound of the ratio's 95% confidence interval
 * @param ci95High upper bound
 * @param logStandardError the standard error of ln(ratio)
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record MedianRatio(double ratio, double ci95Low, double ci95High, double logStandardError) {

  private static final double Z_975 = Normal.quantile(0.975);

  /**
   * The ratio of the medians of two samples, each given by its median, the bounds of its median's
   * 95% interval as {@link LatencySummary} reports them, and its count (at least {@link
   * MedianInterval#MIN_COUNT}); all values positive.
   *
   * @throws IllegalArgumentException when a count is below {@link MedianInterval#MIN_COUNT} or a
   *     value is not positive
   */
  public static MedianRatio of(Side baseline, Side current) {
    double logRatio = Math.log(current.median()) - Math.log(baseline.median());
    double se = Math.sqrt(baseline.logVariance() + current.logVariance());
    return new MedianRatio(
        Math.exp(logRatio), Math.exp(logRatio - Z_975 * se), Math.exp(logRatio + Z_975 * se), se);
  }

  /**
   * One sample as the comparison needs it: median and the median's 95% order-statistic interval.
   *
   * @param median the sample's median (any positive unit, the same on both sides)
   * @param ci95Low x(k), k = {@link MedianInterval#lowerRank}(count)
   * @param ci95High x(count - k + 1)
   * @param count the sample size
   */
  public record Side(double median, double ci95Low, double ci95High, long count) {

    /** Checks what the method needs. */
    public Side {
      if (count < MedianInterval.MIN_COUNT || count > Integer.MAX_VALUE) {
        throw new IllegalArgumentException(
            "a median's interval needs at least "
                + MedianInterval.MIN_COUNT
                + " samples, had "
                + count);
      }
      if (!(median > 0 && ci95Low > 0 && ci95High >= ci95Low) || Double.isInfinite(ci95High)) {
        throw new IllegalArgumentException(
            "the median and its interval must be positive and ordered, were "
                + median
                + " in ["
                + ci95Low
                + ", "
                + ci95High
                + "]");
      }
    }

    /** The side of first {@code count} values of the sorted array {@code sorted}. */
    public static Side ofSorted(long[] sorted, int count) {
      int k = MedianInterval.lowerRank(count);
      if (k < 1) {
        throw new IllegalArgumentException(
            "a median's interval needs at least "
                + MedianInterval.MIN_COUNT
                + " samples, had "
                + count);
      }
      return new Side(
          Percentiles.type7(sorted, count, 0.5), sorted[k - 1], sorted[count - k], count);
    }

    /** Variance of ln(median) implied by the interval's width and its exact coverage. */
    double logVariance() {
      int k = MedianInterval.lowerRank((int) count);
      // The interval [x(k), x(n-k+1)] covers the median with probability 1 - 2 P(B <= k-1).
      double z = Normal.quantile(1 - MedianInterval.cdf((int) count, k - 1));
      double halfWidth = (Math.log(ci95High) - Math.log(ci95Low)) / (2 * z);
      return halfWidth * halfWidth;
    }
  }
}
