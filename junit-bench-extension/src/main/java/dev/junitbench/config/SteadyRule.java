package dev.junitbench.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Duration;
import org.apiguardian.api.API;

/**
 * How a warm-up decides it is steady: it runs in windows of at least {@code window} and {@code
 * windowIterations} calls, and ends once the medians of the last {@code windows} windows drift by
 * at most {@code tolerance} end to end (their Theil-Sen slope times the windows between the first
 * and the last), or at {@code maxTime}, unsteady.
 *
 * @param window the shortest window
 * @param windowIterations the fewest calls in a window
 * @param windows how many of the most recent windows are compared, 3 or more
 * @param tolerance the largest relative drift across them, in (0, 1)
 * @param maxTime the bound: warm-up ends there, steady or not
 */
@API(status = INTERNAL, since = "0.1")
public record SteadyRule(
    Duration window, int windowIterations, int windows, double tolerance, Duration maxTime) {

  /** The rule with the defaults and the bound {@code maxTime}. */
  public static SteadyRule bounded(Duration maxTime) {
    return new SteadyRule(
        Defaults.WARMUP_WINDOW,
        Defaults.WARMUP_WINDOW_ITERATIONS,
        Defaults.WARMUP_WINDOWS,
        Defaults.WARMUP_TOLERANCE,
        maxTime);
  }

  /** How people read the rule: {@code until steady (±2% over 8 windows of 250ms), at most 30s}. */
  public String describe() {
    return "until steady (±"
        + percent(tolerance)
        + " over "
        + windows
        + " windows of "
        + Durations.format(window)
        + "), at most "
        + Durations.format(maxTime);
  }

  /** {@code 2%} of 0.02, {@code 1.5%} of 0.015: as the setting is written. */
  static String percent(double fraction) {
    return new BigDecimal(Double.toString(fraction * 100))
            .round(new MathContext(3))
            .stripTrailingZeros()
            .toPlainString()
        + "%";
  }
}
