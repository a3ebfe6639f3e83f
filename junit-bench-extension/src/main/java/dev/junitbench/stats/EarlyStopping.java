package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * MLPerf LoadGen's early-stopping rule: how many queries a latency percentile needs before it is
 * supported at 99% confidence, and the conservative estimate of it a run of n queries supports.
 * With h queries at or under a latency and t over it, the chance that the true share under it is
 * below the percentile p and yet h or more of h + t fell under is the binomial tail {@code I_p(h, t
 * + 1)}; the fewest h that brings it under 1 - 0.99 is what the percentile needs. One query over
 * the latency is allowed for an estimate at all, so SingleStream's p90 needs 64 queries, p99 662
 * and p99.9 6636, as LoadGen prints them; a Server run whose t queries exceed its bound needs
 * {@code minPassing(t) + t} (459 for p99 when none does). Exact for the percentiles a benchmark
 * reports (0.5 to 0.9999); at the far extremes rounding and ties may differ from LoadGen by a
 * query.
 *
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class EarlyStopping {

  /** The confidence LoadGen asks of an estimate. */
  public static final double CONFIDENCE = 0.99;

  private EarlyStopping() {}

  /**
   * The fewest queries at or under a latency, with {@code over} queries above it, for which the
   * latency is the {@code percentile} (in (0, 1)) or more at 99% confidence.
   */
  public static long minPassing(long over, double percentile) {
    if (!(percentile > 0 && percentile < 1)) {
      throw new IllegalArgumentException("the percentile must be in (0, 1), was " + percentile);
    }
    if (over < 0) {
      throw new IllegalArgumentException(
          "the number of queries over the latency must be 0 or more, was " + over);
    }
    // The tail falls as h grows: find a bound that passes, then the first h that does.
    long low = 1;
    long high = 1;
    while (!passes(high, over, percentile)) {
      low = high + 1;
      high *= 2;
    }
    while (low < high) {
      long middle = low + (high - low) / 2;
      if (passes(middle, over, percentile)) {
        high = middle;
      } else {
        low = middle + 1;
      }
    }
    return low;
  }

  private static boolean passes(long under, long over, double percentile) {
    return StudentT.regularizedBeta(percentile, under, over + 1.0) < 1 - CONFIDENCE;
  }

  /**
   * Whether {@code over} of {@code under + over} queries above a latency show, at 99% confidence,
   * that the latency is below the {@code percentile}: the mirror of the early-stopping rule. Were
   * the true share over it only {@code 1 - percentile}, as many as {@code over} would fall over
   * with probability {@code I_(1-p)(over, under + 1)}, the binomial tail; under 1 - 0.99 the bound
   * is missed. 8 of 459 over a p99 bound are not enough (0.09); 20 of 1,000 are (0.003).
   */
  public static boolean exceeded(long under, long over, double percentile) {
    if (!(percentile > 0 && percentile < 1)) {
      throw new IllegalArgumentException("the percentile must be in (0, 1), was " + percentile);
    }
    return over > 0
        && under >= 0
        && StudentT.regularizedBeta(1 - percentile, over, under + 1.0) < 1 - CONFIDENCE;
  }

  /**
   * Queries a SingleStream or MultiStream run needs before its {@code percentile} has an estimate
   * at all.
   */
  public static long minQueries(double percentile) {
    return minPassing(1, percentile) + 1;
  }

  /**
   * The rank from the top of a run's early-stopping estimate of its {@code percentile}: the
   * estimate is the t-th highest latency (1 is the highest; LoadGen discards the t - 1 above it); 0
   * when the run has too few queries for any estimate.
   */
  public static long fromTop(long queries, double percentile) {
    if (queries < minQueries(percentile)) {
      return 0;
    }
    // minPassing(t) + t grows with t: the largest t it stays within the run is the estimate's rank.
    long low = 1;
    long high = queries;
    while (low < high) {
      long middle = low + (high - low + 1) / 2;
      if (minPassing(middle, percentile) + middle <= queries) {
        low = middle;
      } else {
        high = middle - 1;
      }
    }
    return low;
  }
}
