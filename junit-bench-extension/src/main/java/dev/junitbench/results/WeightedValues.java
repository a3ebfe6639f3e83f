package dev.junitbench.results;

import dev.junitbench.stats.LatencySummary;
import dev.junitbench.stats.MedianInterval;
import java.util.Arrays;

/**
 * Values with counts (JMH's iterations, each counted once, or its sample-mode histograms, a value
 * with the times it was seen), summarised as junit-bench summarises its own samples: type-7
 * percentiles, the order-statistics interval of the median, Tukey's fences; without expanding a
 * histogram into one entry per sample.
 */
final class WeightedValues {

  private final double[] values;
  private final long[] counts;
  private final long total;

  private WeightedValues(double[] values, long[] counts, long total) {
    this.values = values;
    this.counts = counts;
    this.total = total;
  }

  /** The first {@code n} {@code values} with their {@code counts}, in any order; none empty. */
  static WeightedValues of(double[] values, long[] counts, int n) {
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Double.compare(values[a], values[b]));
    double[] sortedValues = new double[n];
    long[] sortedCounts = new long[n];
    long total = 0;
    for (int i = 0; i < n; i++) {
      sortedValues[i] = values[order[i]];
      sortedCounts[i] = counts[order[i]];
      total = Math.addExact(total, counts[order[i]]);
    }
    return new WeightedValues(sortedValues, sortedCounts, total);
  }

  /** How many distinct entries: values with their counts, smallest first. */
  int size() {
    return values.length;
  }

  /** The {@code i}-th smallest entry's value. */
  double value(int i) {
    return values[i];
  }

  /** How often the {@code i}-th smallest entry's value was seen. */
  long countOf(int i) {
    return counts[i];
  }

  /** How many values, each counted as often as it was seen. */
  long count() {
    return total;
  }

  /** The value of 0-based rank {@code rank} among all values counted. */
  double at(long rank) {
    long seen = 0;
    for (int i = 0; i < values.length; i++) {
      seen += counts[i];
      if (rank < seen) {
        return values[i];
      }
    }
    return values[values.length - 1];
  }

  /**
   * Type-7 percentile: with h = (n-1)p, x[floor h] + (h - floor h)(x[floor h + 1] - x[floor h]).
   */
  double percentile(double p) {
    double h = (total - 1) * p;
    long lo = (long) Math.floor(h);
    if (lo >= total - 1) {
      return values[values.length - 1];
    }
    double low = at(lo);
    return low + (h - lo) * (at(lo + 1) - low);
  }

  double mean() {
    double sum = 0;
    for (int i = 0; i < values.length; i++) {
      sum += (values[i] - values[0]) * counts[i];
    }
    return values[0] + sum / total;
  }

  private Double std() {
    if (total < 2) {
      return null;
    }
    double mean = mean();
    double squares = 0;
    for (int i = 0; i < values.length; i++) {
      double d = values[i] - mean;
      squares += d * d * counts[i];
    }
    return Math.sqrt(squares / (total - 1));
  }

  /** The 95% interval of the median by order statistics, or null below 6 values. */
  double[] medianInterval() {
    if (total < MedianInterval.MIN_COUNT || total > Integer.MAX_VALUE) {
      return null;
    }
    int k = MedianInterval.lowerRank((int) total);
    return k < 0 ? null : new double[] {at(k - 1L), at(total - k)};
  }

  /** The summary junit-bench writes as {@code latency_ms}, of values already in ms. */
  LatencySummary summary() {
    double p25 = percentile(0.25);
    double p75 = percentile(0.75);
    double[] interval = medianInterval();
    double iqr = p75 - p25;
    long outliers = 0;
    for (int i = 0; i < values.length; i++) {
      if (values[i] < p25 - 1.5 * iqr || values[i] > p75 + 1.5 * iqr) {
        outliers += counts[i];
      }
    }
    return new LatencySummary(
        total,
        mean(),
        percentile(0.5),
        std(),
        values[0],
        values[values.length - 1],
        p25,
        p75,
        percentile(0.90),
        percentile(0.95),
        percentile(0.99),
        percentile(0.999),
        interval == null ? null : interval[0],
        interval == null ? null : interval[1],
        outliers);
  }
}
