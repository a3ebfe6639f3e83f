package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Arrays;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Latency statistics of one measured scenario, in milliseconds, computed once from the raw samples.
 * A figure that is undefined for the sample count (std below 2 samples, the median's 95% interval
 * below 6) is null, never NaN or infinite.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record LatencySummary(
    long count,
    Double mean,
    Double median,
    Double std,
    Double min,
    Double max,
    Double p25,
    Double p75,
    Double p90,
    Double p95,
    Double p99,
    Double p999,
    Double ci95Low,
    Double ci95High,
    Long outliers) {

  private static final double NS_PER_MS = 1e6;

  /**
   * Summarises the first {@code count} entries of {@code samplesNs} (nanoseconds), which are left
   * unmodified.
   *
   * @throws IllegalArgumentException when count is 0 ("no samples") or outside the array
   */
  public static LatencySummary of(long[] samplesNs, int count) {
    return scaled(samplesNs, count, NS_PER_MS);
  }

  /**
   * The same statistics of the first {@code count} entries of {@code values}, each divided by
   * {@code perUnit} ({@link #of} divides nanoseconds by 1e6): for figures that are not latencies,
   * such as tokens per second kept as integers of a finer unit.
   */
  public static LatencySummary scaled(long[] values, int count, double perUnit) {
    Objects.requireNonNull(values, "values");
    if (count == 0) {
      throw new IllegalArgumentException("no samples");
    }
    if (count < 0 || count > values.length) {
      throw new IllegalArgumentException(
          "count must be in [1, " + values.length + "], was " + count);
    }
    long[] x = Arrays.copyOf(values, count);
    Arrays.sort(x);
    int n = count;

    double p25 = Percentiles.type7(x, n, 0.25);
    double p75 = Percentiles.type7(x, n, 0.75);
    int k = MedianInterval.lowerRank(n);
    return new LatencySummary(
        n,
        in(perUnit, mean(x)),
        in(perUnit, Percentiles.type7(x, n, 0.5)),
        n < 2 ? null : in(perUnit, std(x)),
        in(perUnit, x[0]),
        in(perUnit, x[n - 1]),
        in(perUnit, p25),
        in(perUnit, p75),
        in(perUnit, Percentiles.type7(x, n, 0.90)),
        in(perUnit, Percentiles.type7(x, n, 0.95)),
        in(perUnit, Percentiles.type7(x, n, 0.99)),
        in(perUnit, Percentiles.type7(x, n, 0.999)),
        k < 0 ? null : in(perUnit, x[k - 1]),
        k < 0 ? null : in(perUnit, x[n - k]),
        outliers(x, p25, p75));
  }

  /**
   * Mean as min + mean offset: offsets from the minimum are small and exact, absolute sums are not.
   */
  private static double mean(long[] sorted) {
    return sorted[0] + meanOffset(sorted);
  }

  private static double meanOffset(long[] sorted) {
    double sum = 0;
    for (long v : sorted) {
      sum += v - sorted[0];
    }
    return sum / sorted.length;
  }

  /**
   * Corrected two-pass sample standard deviation: squares of deviations from the mean, never of the
   * raw values, so 1e9 ns samples a few ns apart keep their variance.
   */
  private static double std(long[] sorted) {
    double m = meanOffset(sorted);
    double squares = 0;
    double residue =
        0; // sums to zero in exact arithmetic; what is left corrects the mean's rounding
    for (long v : sorted) {
      double d = (v - sorted[0]) - m;
      squares += d * d;
      residue += d;
    }
    int n = sorted.length;
    double variance = (squares - residue * residue / n) / (n - 1);
    return Math.sqrt(Math.max(0, variance));
  }

  /** Tukey's fences on the type-7 quartiles; outliers are counted, never dropped. */
  private static long outliers(long[] sorted, double p25, double p75) {
    double iqr = p75 - p25;
    double low = p25 - 1.5 * iqr;
    double high = p75 + 1.5 * iqr;
    long outside = 0;
    for (long v : sorted) {
      if (v < low || v > high) {
        outside++;
      }
    }
    return outside;
  }

  private static Double in(double perUnit, double raw) {
    double value = raw / perUnit;
    return Double.isFinite(value) ? value : null;
  }
}
