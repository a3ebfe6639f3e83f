package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** Ranks of the distribution-free 95% confidence interval of the median. */
@API(status = EXPERIMENTAL, since = "0.1")
public final class MedianInterval {

  /** Fewest samples with an interval: P(B = 0) = 2^-n first drops to 0.025 or below at n = 6. */
  public static final int MIN_COUNT = 6;

  private static final double TAIL = 0.025;

  /** Tail terms below this fraction of the running sum no longer change a double. */
  private static final double NEGLIGIBLE = 1e-18;

  private MedianInterval() {}

  /**
   * 1-based rank k of the lower bound x(k) (the upper bound is x(n-k+1)), or -1 when {@code n < 6}
   * (no interval reaches 95%): the largest k with {@code P(B <= k-1) <= 0.025} for B ~ Binomial(n,
   * 1/2).
   */
  public static int lowerRank(int n) {
    if (n < MIN_COUNT) {
      return -1;
    }
    // The normal approximation lands within a rank or two; exact cdf steps settle it.
    int k = (int) Math.max(1, Math.floor((n - 1.959963984540054 * Math.sqrt(n)) / 2));
    while (k > 1 && cdf(n, k - 1) > TAIL) {
      k--;
    }
    if (cdf(n, k - 1) > TAIL) {
      return -1;
    }
    while (cdf(n, k) <= TAIL) {
      k++;
    }
    return k;
  }

  /**
   * P(B <= j), only ever asked below the median: summed from j downwards, where terms shrink, so
   * the sum stops after a few sqrt(n) terms instead of j.
   */
  static double cdf(int n, int j) {
    if (j >= n) {
      return 1.0;
    }
    double sum = 0;
    double compensation = 0; // Kahan: thousands of terms must not cost the last digits
    for (int i = j; i >= 0; i--) {
      double term = BinomialHalf.pmf(n, i);
      double y = term - compensation;
      double t = sum + y;
      compensation = (t - sum) - y;
      sum = t;
      if (term < sum * NEGLIGIBLE) {
        break;
      }
    }
    return sum;
  }
}
