package dev.junitbench.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The run's settings of a steady warm-up ({@code junit.bench.warmup.mode}, {@code .max-time},
 * {@code .window}, {@code .tolerance}), read and checked once, and the rule a benchmark's warm-up
 * gets from them and its annotation.
 *
 * @param steady {@code true} or {@code false} when the run sets the mode, else empty
 * @param maxTime the bound the run sets, else empty
 * @param window the shortest window
 * @param tolerance the largest drift across the windows compared
 */
@API(status = INTERNAL, since = "0.1")
public record WarmupSettings(
    Optional<Boolean> steady, Optional<Duration> maxTime, Duration window, double tolerance) {

  /** {@code steady} runs every warm-up until steady, {@code fixed} for its count and time. */
  public static final String MODE = "junit.bench.warmup.mode";

  /** The bound of a steady warm-up, replacing {@code @Warmup(maxTime)}. */
  public static final String MAX_TIME = "junit.bench.warmup.max-time";

  /** The shortest window of a steady warm-up. */
  public static final String WINDOW = "junit.bench.warmup.window";

  /** The largest drift, end to end, of the windows a steady warm-up compares. */
  public static final String TOLERANCE = "junit.bench.warmup.tolerance";

  /**
   * The settings of {@code config}.
   *
   * @throws BenchmarkConfigurationException naming the first bad setting and the fix
   */
  public static WarmupSettings of(BenchConfig config) {
    Optional<Boolean> steady =
        config
            .declared(MODE)
            .map(
                value ->
                    switch (value.trim().toLowerCase(Locale.ROOT)) {
                      case "steady" -> true;
                      case "fixed" -> false;
                      default ->
                          throw new BenchmarkConfigurationException(
                              "-D"
                                  + MODE
                                  + "="
                                  + value
                                  + " is not valid; use steady (warm up until the benchmark is"
                                  + " steady) or fixed (the warm-up's count and time)");
                    });
    Optional<Duration> maxTime =
        config.declared(MAX_TIME).map(value -> Durations.parse(value, "-D" + MAX_TIME));
    Duration window =
        config
            .declared(WINDOW)
            .map(value -> Durations.parse(value, "-D" + WINDOW))
            .orElse(Defaults.WARMUP_WINDOW);
    if (window.compareTo(Defaults.WARMUP_WINDOW_MIN) < 0) {
      throw new BenchmarkConfigurationException(
          "-D"
              + WINDOW
              + "="
              + config.declared(WINDOW).orElse("")
              + " is too short; use "
              + Durations.format(Defaults.WARMUP_WINDOW_MIN)
              + " or more (a window's median is one point of the warm-up's curve; "
              + Durations.format(Defaults.WARMUP_WINDOW)
              + " by default)");
    }
    double tolerance =
        config.declared(TOLERANCE).map(WarmupSettings::tolerance).orElse(Defaults.WARMUP_TOLERANCE);
    return new WarmupSettings(steady, maxTime, window, tolerance);
  }

  private static double tolerance(String value) {
    double fraction = Fractions.parse(value);
    if (fraction > 0 && fraction < 1) {
      return fraction;
    }
    throw new BenchmarkConfigurationException(
        "-D"
            + TOLERANCE
            + "="
            + value
            + " is not valid; use a drift in (0, 1) such as 2% or 0.02: how far the last "
            + Defaults.WARMUP_WINDOWS
            + " windows' medians may move, end to end, for the warm-up to be steady");
  }

  /**
   * The warm-up rule of a benchmark: {@code fixed} (its minimum), until steady when the run's mode,
   * else {@code annotatedSteady} (null: not said), else the default asks for it, bounded by the
   * run's max-time, else {@code annotatedMaxTime} (null: not set), else the default.
   *
   * @param maxTimeWhere names the annotation that gave {@code annotatedMaxTime}, for messages
   * @param where names the benchmark, for the error message
   * @throws BenchmarkConfigurationException when the bound is below the minimum or holds too few
   *     windows, or bounds a warm-up nothing makes steady
   */
  public StopRule rule(
      StopRule fixed,
      Boolean annotatedSteady,
      Duration annotatedMaxTime,
      String maxTimeWhere,
      String where) {
    boolean asked = steady.isPresent() || annotatedSteady != null;
    boolean untilSteady =
        steady.orElse(annotatedSteady == null ? Defaults.WARMUP_STEADY : annotatedSteady);
    // A run that sets the mode overrides the annotation, its bound included; without one, a bound
    // on a warm-up that stays fixed would bound nothing without a word.
    if (annotatedMaxTime != null && !untilSteady && !asked) {
      throw new BenchmarkConfigurationException(
          maxTimeWhere
              + " bounds a steady warm-up, and this one is fixed (the default); add until ="
              + " Until.STEADY (or -D"
              + MODE
              + "=steady for the run), or leave maxTime out");
    }
    if (untilSteady && fixed.isOff() && asked) {
      throw new BenchmarkConfigurationException(
          "the warm-up of "
              + where
              + " is off (iterations = 0 and no time) and asked to run until steady ("
              + (steady.isPresent() ? "-D" + MODE + "=steady" : "@Warmup(until = Until.STEADY)")
              + "); give it a minimum such as iterations = 1, or leave steadiness out to measure"
              + " without a warm-up");
    }
    if (!untilSteady || fixed.isOff()) {
      return fixed;
    }
    Duration bound =
        maxTime.orElse(annotatedMaxTime == null ? Defaults.WARMUP_MAX_TIME : annotatedMaxTime);
    String boundName =
        maxTime.isPresent()
            ? "-D" + MAX_TIME + "=" + Durations.format(bound)
            : annotatedMaxTime != null
                ? "@Warmup(maxTime = \"" + Durations.format(bound) + "\")"
                : "the default bound " + Durations.format(bound);
    if (fixed.time() != null && bound.compareTo(fixed.time()) < 0) {
      throw new BenchmarkConfigurationException(
          boundName
              + " of "
              + where
              + " is below the warm-up's minimum of "
              + Durations.format(fixed.time())
              + "; raise the bound ("
              + MAX_TIME
              + " or @Warmup(maxTime)) or lower the minimum");
    }
    // A drift must have room to end and the windows compared to follow it.
    Duration windows = window.multipliedBy(2L * Defaults.WARMUP_WINDOWS);
    if (bound.compareTo(windows) < 0) {
      throw new BenchmarkConfigurationException(
          boundName
              + " of "
              + where
              + " holds fewer than "
              + 2 * Defaults.WARMUP_WINDOWS
              + " windows of "
              + Durations.format(window)
              + ", twice the "
              + Defaults.WARMUP_WINDOWS
              + " a steady warm-up compares; raise the bound to "
              + Durations.format(windows)
              + " or more, or shorten -D"
              + WINDOW);
    }
    return fixed.untilSteady(
        new SteadyRule(
            window, Defaults.WARMUP_WINDOW_ITERATIONS, Defaults.WARMUP_WINDOWS, tolerance, bound));
  }
}
