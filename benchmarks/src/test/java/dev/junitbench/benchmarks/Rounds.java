package dev.junitbench.benchmarks;

import java.util.Arrays;

/** The arithmetic the self-benchmarks share: joining rounds of samples and their medians. */
final class Rounds {

  private Rounds() {}

  /** {@code a} then {@code b}. */
  static long[] concat(long[] a, long[] b) {
    long[] all = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  /** The median (mean of the middle two for an even count). */
  static double median(long[] values) {
    return median(Arrays.stream(values).asDoubleStream().toArray());
  }

  /** The median (mean of the middle two for an even count). */
  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
