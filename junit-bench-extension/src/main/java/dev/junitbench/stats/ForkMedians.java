package dev.junitbench.stats;

import java.util.Objects;

/**
 * One side of a comparison of forked runs on a log scale: how many forks, the mean and sample
 * variance of their log medians, and the geometric mean those give.
 *
 * @param count forks
 * @param meanLog mean of the log fork medians, or negative infinity when a median is 0
 * @param logVariance sample variance of the log fork medians (count - 1 denominator), NaN below 2
 *     forks or when a median is 0
 * @param geometricMeanMs the geometric mean of the fork medians, ms; 0 when a median is 0
 */
record ForkMedians(int count, double meanLog, double logVariance, double geometricMeanMs) {

  /**
   * Reads one side's fork medians (ms); {@code side} names it in messages.
   *
   * @throws IllegalArgumentException when there is no median or one is negative, NaN or infinite
   */
  static ForkMedians of(String side, double[] mediansMs) {
    Objects.requireNonNull(mediansMs, side + " fork medians");
    int n = mediansMs.length;
    if (n == 0) {
      throw new IllegalArgumentException(
          "no " + side + " fork medians: at least one fork a side is needed");
    }
    double[] logs = new double[n];
    boolean zero = false;
    for (int i = 0; i < n; i++) {
      double median = mediansMs[i];
      if (!(median >= 0 && Double.isFinite(median))) {
        throw new IllegalArgumentException(
            side + " fork " + (i + 1) + "'s median must be 0 or more and finite, was " + median);
      }
      zero |= median == 0;
      logs[i] = Math.log(median);
    }
    if (zero) {
      return new ForkMedians(n, Double.NEGATIVE_INFINITY, Double.NaN, 0);
    }
    double sum = 0;
    for (double l : logs) {
      sum += l;
    }
    double mean = sum / n;
    double squares = 0;
    for (double l : logs) {
      squares += (l - mean) * (l - mean);
    }
    return new ForkMedians(n, mean, n < 2 ? Double.NaN : squares / (n - 1), Math.exp(mean));
  }
}
