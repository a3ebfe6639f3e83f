package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The two-sided Mann-Whitney U test (Wilcoxon rank-sum) of two independent samples: does one tend
 * to be larger than the other? Distribution-free, so it suits latencies, whose distributions are
 * skewed and often multi-modal. The p-value is exact where scipy's {@code mannwhitneyu} computes it
 * exactly (no ties, one sample of at most 8 values), else the normal approximation with the tie
 * correction of the variance and a continuity correction, as scipy's default does.
 *
 * @param u U of the second sample: pairs (x, y) with y > x, plus half the pairs with y = x
 * @param z the standardized U (continuity-corrected), 0 for the exact test
 * @param pValue the two-sided p-value, in (0, 1]
 * @param exact whether the p-value comes from U's exact distribution
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record MannWhitney(double u, double z, double pValue, boolean exact) {

  /** The largest sample scipy's exact method is used for (when the other may be any size). */
  static final int EXACT_MAX_SMALLER = 8;

  /** Bound on n1 x n2 for the exact distribution, whose table has that many entries. */
  static final long EXACT_MAX_CELLS = 2_000_000;

  /**
   * Tests the first {@code n1} values of sorted {@code x} against the first {@code n2} of sorted
   * {@code y} (ascending, as {@link java.util.Arrays#sort(long[])} leaves them).
   *
   * @throws IllegalArgumentException when a sample is empty
   */
  public static MannWhitney test(long[] x, int n1, long[] y, int n2) {
    if (n1 < 1 || n2 < 1) {
      throw new IllegalArgumentException(
          "both samples need a value; sizes were " + n1 + " and " + n2);
    }
    double rankSumY = 0;
    double tieTerm = 0; // sum of t^3 - t over groups of tied values
    long position = 0;
    int i = 0;
    int j = 0;
    while (i < n1 || j < n2) {
      long value = i == n1 ? y[j] : j == n2 ? x[i] : Math.min(x[i], y[j]);
      int tx = 0;
      while (i < n1 && x[i] == value) {
        i++;
        tx++;
      }
      int ty = 0;
      while (j < n2 && y[j] == value) {
        j++;
        ty++;
      }
      double t = tx + ty;
      rankSumY += ty * (position + (t + 1) / 2);
      tieTerm += t * t * t - t;
      position += tx + ty;
    }
    double u = rankSumY - (double) n2 * (n2 + 1) / 2;
    double mean = (double) n1 * n2 / 2;
    if (tieTerm == 0
        && Math.min(n1, n2) <= EXACT_MAX_SMALLER
        && (long) n1 * n2 <= EXACT_MAX_CELLS) {
      return new MannWhitney(u, 0, exactTwoSided(Math.min(n1, n2), Math.max(n1, n2), u), true);
    }
    double n = (double) n1 + n2;
    double variance = (double) n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)));
    if (variance <= 0) {
      // Every value equal: nothing tells the samples apart.
      return new MannWhitney(u, 0, 1.0, false);
    }
    double distance = Math.max(0, Math.abs(u - mean) - 0.5);
    double z = Math.copySign(distance / Math.sqrt(variance), u - mean);
    return new MannWhitney(u, z, Math.min(1.0, 2 * Normal.upperTail(Math.abs(z))), false);
  }

  /**
   * 2 P(U <= min(u, mn - u)) under the null hypothesis, capped at 1. U's distribution counts the
   * partitions of u into at most m parts no larger than n: the coefficients of the Gaussian
   * binomial [m+n choose m]_q, built as the product of (1 - q^(n+i)) / (1 - q^i) for i = 1..m. Only
   * the lower half is needed (the distribution is symmetric), where no term cancels.
   */
  static double exactTwoSided(int m, int n, double u) {
    long mn = (long) m * n;
    double lowest = Math.min(u, mn - u);
    int top = (int) Math.floor(lowest);
    double[] counts = new double[top + 1];
    counts[0] = 1;
    for (int i = 1; i <= m; i++) {
      int grow = n + i;
      for (int k = top; k >= grow; k--) {
        counts[k] -= counts[k - grow];
      }
      for (int k = i; k <= top; k++) {
        counts[k] += counts[k - i];
      }
    }
    double tail = 0;
    for (double count : counts) {
      tail += count;
    }
    return Math.min(1.0, 2 * tail / binomial(m + n, m));
  }

  /** n choose k as a double (k is at most 8 here, so each step is exact or nearly). */
  private static double binomial(int n, int k) {
    double result = 1;
    for (int i = 1; i <= k; i++) {
      result = result * (n - k + i) / i;
    }
    return result;
  }
}
