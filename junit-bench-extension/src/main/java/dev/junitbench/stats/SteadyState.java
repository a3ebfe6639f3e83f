package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Arrays;
import org.apiguardian.api.API;

/**
 * Whether a warm-up has settled: the drift of its most recent window medians, as the Theil-Sen
 * slope (the median of the slopes between every pair of windows) of their logarithms. A median of
 * slopes is not moved by one window a pause or a collection spoiled, and a step (a JIT tier
 * arriving) shows as a slope as long as it lies within the windows compared. The warm-up is steady
 * when the drift, carried across the windows compared, moves their level by at most a tolerance, at
 * {@link #CONFIRMATIONS} windows running; the rule is calibrated by simulation (the user guide's
 * page on warm-up gives the figures). Its cost is a few dozen arithmetic operations per window;
 * nothing here allocates.
 *
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SteadyState {

  /** The fewest windows compared: below three a slope is two points' difference. */
  public static final int MIN_WINDOWS = 3;

  /**
   * How many windows running must each find the drift within the tolerance: a drift smaller than
   * the windows' noise passes one judgement by chance far more often than two in a row.
   */
  public static final int CONFIRMATIONS = 2;

  private SteadyState() {}

  /**
   * The Theil-Sen slope of the last {@code windows} of the first {@code count} values of {@code
   * logMedians} (natural logarithms of window medians), per window; NaN when fewer than {@code
   * windows} are there. {@code scratch} holds at least {@code windows * (windows - 1) / 2} values.
   */
  public static double slope(double[] logMedians, int count, int windows, double[] scratch) {
    if (windows < MIN_WINDOWS) {
      throw new IllegalArgumentException(
          "a drift needs " + MIN_WINDOWS + " windows or more, was " + windows);
    }
    if (count < windows) {
      return Double.NaN;
    }
    int from = count - windows;
    int pairs = 0;
    for (int i = from; i < count; i++) {
      for (int j = i + 1; j < count; j++) {
        scratch[pairs++] = (logMedians[j] - logMedians[i]) / (j - i);
      }
    }
    Arrays.sort(scratch, 0, pairs);
    return pairs % 2 == 1 ? scratch[pairs / 2] : (scratch[pairs / 2 - 1] + scratch[pairs / 2]) / 2;
  }

  /** The relative change per window a log {@code slope} stands for: -0.04 for 4% faster each. */
  public static double perWindow(double slope) {
    return Math.expm1(slope);
  }

  /**
   * Whether a log {@code slope} per window, carried across {@code windows} windows, moves their
   * level by at most {@code tolerance} (relative, either way).
   */
  public static boolean steady(double slope, int windows, double tolerance) {
    if (Double.isNaN(slope)) {
      return false;
    }
    double span = Math.abs(slope) * (windows - 1);
    return Math.expm1(span) <= tolerance;
  }
}
