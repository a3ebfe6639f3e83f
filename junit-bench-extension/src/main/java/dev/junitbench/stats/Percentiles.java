package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** Exact percentiles of sorted samples, interpolated the way numpy's default (R type 7) does. */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Percentiles {

  private Percentiles() {}

  /**
   * Type-7 percentile of the first {@code n} entries of {@code sorted}, in the array's unit: with h
   * = (n-1)p, x[floor h] + (h - floor h)(x[floor h + 1] - x[floor h]).
   *
   * @param p the probability, in [0, 1]
   */
  public static double type7(long[] sorted, int n, double p) {
    if (n < 1 || n > sorted.length) {
      throw new IllegalArgumentException("n must be in [1, " + sorted.length + "], was " + n);
    }
    if (!(p >= 0.0 && p <= 1.0)) {
      throw new IllegalArgumentException("p must be in [0, 1], was " + p);
    }
    double h = (n - 1) * p;
    int lo = (int) Math.floor(h);
    if (lo >= n - 1) {
      return sorted[n - 1];
    }
    // Subtract as longs first: the gap is exact even when both values are too large for a double's
    // 53 bits.
    long gap = sorted[lo + 1] - sorted[lo];
    return sorted[lo] + (h - lo) * gap;
  }
}
