package dev.junitbench.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.junitbench.stats.ForkStopRule;
import java.util.Optional;
import java.util.function.BiFunction;
import org.apiguardian.api.API;

/**
 * The run's fork settings: {@code junit.bench.forks} (a count, or {@code auto} for forks until the
 * answer is known) and the min, max and precision of adaptive forks. Each bad value is a {@link
 * BenchmarkConfigurationException} naming the setting and the fix.
 */
@API(status = INTERNAL, since = "0.1")
public final class ForkSettings {

  /** Fewest forks when they run until the answer is known: {@code 3}. */
  public static final String MIN = "junit.bench.forks.min";

  /** Most forks when they run until the answer is known: {@code 10}. */
  public static final String MAX = "junit.bench.forks.max";

  /** The relative half-width that stops adaptive forks: {@code 0.02} or {@code 2%}. */
  public static final String PRECISION = "junit.bench.forks.precision";

  /** The value of {@code junit.bench.forks} that turns on forks until the answer is known. */
  public static final String AUTO = "auto";

  private final BenchConfig config;

  private ForkSettings(BenchConfig config) {
    this.config = config;
  }

  /** The fork settings of {@code config}. */
  public static ForkSettings of(BenchConfig config) {
    return new ForkSettings(config);
  }

  /**
   * Whether {@code -Djunit.bench.forks=auto}: every benchmark forks until the answer is known.
   *
   * @throws BenchmarkConfigurationException when it is neither a count nor auto, or a count comes
   *     with min, max or precision
   */
  public boolean auto() {
    return value().map(AUTO::equalsIgnoreCase).orElse(false);
  }

  /**
   * The fork count that replaces every benchmark's, when {@code junit.bench.forks} is a number.
   *
   * @throws BenchmarkConfigurationException likewise
   */
  public Optional<Integer> count() {
    return value().filter(value -> !value.equalsIgnoreCase(AUTO)).map(value -> parseInt(value));
  }

  /** Whether the run sets {@code junit.bench.forks}, a count or auto. */
  public boolean set() {
    return value().isPresent();
  }

  private Optional<String> value() {
    Optional<String> value = config.declared(BenchConfig.FORKS);
    if (value.isPresent() && !value.get().equalsIgnoreCase(AUTO)) {
      parseInt(value.get());
      for (String key : new String[] {MIN, MAX, PRECISION}) {
        config
            .declared(key)
            .ifPresent(
                given -> {
                  throw new BenchmarkConfigurationException(
                      "-D"
                          + BenchConfig.FORKS
                          + "="
                          + value.get()
                          + " with -D"
                          + key
                          + "="
                          + given
                          + ": a fixed count and adaptive forks' "
                          + key.substring(key.lastIndexOf('.') + 1)
                          + " together; set -D"
                          + BenchConfig.FORKS
                          + "="
                          + AUTO
                          + " to fork until the interval is narrow enough, or remove -D"
                          + key
                          + " to fork exactly "
                          + value.get()
                          + " times");
                });
      }
    }
    return value;
  }

  private static int parseInt(String value) {
    try {
      int count = Integer.parseInt(value);
      if (count >= 0) {
        return count;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new BenchmarkConfigurationException(
        "-D"
            + BenchConfig.FORKS
            + "="
            + value
            + " is not valid; use a whole number >= 0 (a fixed count of forks) or "
            + AUTO
            + " (forks until the interval across forks is narrow enough)");
  }

  /**
   * The rule of adaptive forks for a benchmark whose {@code @Fork} gave {@code min}, {@code max}
   * and {@code precision} ({@link Defaults#FORKS_NOT_SET} or NaN where not given), at {@code where}
   * (such as {@code on work of Benchmarks}, for messages): the run's settings first, then the
   * annotation's, then the defaults.
   *
   * @throws BenchmarkConfigurationException naming the value and where it came from, and the fix
   */
  public ForkStopRule rule(int min, int max, double precision, String where) {
    Given<Integer> fewest =
        given(MIN, min, Defaults.ADAPTIVE_FORKS_MIN, where, ForkSettings::whole);
    Given<Integer> most = given(MAX, max, Defaults.ADAPTIVE_FORKS_MAX, where, ForkSettings::whole);
    Optional<String> runPrecision = config.declared(PRECISION);
    Given<Double> target =
        runPrecision.isPresent()
            ? new Given<>(fraction(runPrecision.get()), "-D" + PRECISION + "=" + runPrecision.get())
            : Double.isNaN(precision)
                ? new Given<>(Defaults.ADAPTIVE_FORKS_PRECISION, "the default precision")
                : new Given<>(precision, "@Fork(precision = " + precision + ") " + where);
    return built(fewest, most, target);
  }

  /**
   * The rule of the forks a baseline turns on (the run sets no fork count) for a scenario whose
   * baseline scenario was measured in {@code baselineJvms} JVMs: from the calibrated count {@link
   * Defaults#forksAgainstBaseline} (the fewest that keep the gate's false alarms and its naming of
   * bimodal JVMs where they were calibrated) on, up to {@link Defaults#ADAPTIVE_FORKS_MAX} or the
   * calibrated count if more, while the interval across forks is wider than the precision. The
   * run's min, max and precision settings replace these.
   *
   * @throws BenchmarkConfigurationException naming the value and where it came from, and the fix
   */
  public ForkStopRule againstBaseline(int baselineJvms) {
    int calibrated = Defaults.forksAgainstBaseline(baselineJvms);
    String against =
        " against a baseline scenario measured in "
            + baselineJvms
            + (baselineJvms == 1 ? " JVM" : " JVMs");
    int most = Math.max(calibrated, Defaults.ADAPTIVE_FORKS_MAX);
    Optional<String> runMax = config.declared(MAX);
    if (config.declared(MIN).isEmpty()
        && runMax.isPresent()
        && whole(MAX, runMax.get()) < calibrated) {
      throw new BenchmarkConfigurationException(
          "-D"
              + MAX
              + "="
              + runMax.get()
              + " is below the "
              + calibrated
              + " forks calibrated"
              + against
              + "; raise it to "
              + calibrated
              + " or more (fewer forks leave the gate's false alarms and its naming of JVMs on two"
              + " levels uncalibrated), or set -D"
              + MIN
              + " too if fewer is meant");
    }
    Optional<String> runPrecision = config.declared(PRECISION);
    return built(
        config
            .declared(MIN)
            .map(value -> new Given<>(whole(MIN, value), "-D" + MIN + "=" + value))
            .orElse(new Given<>(calibrated, "the default min of " + calibrated + against)),
        config
            .declared(MAX)
            .map(value -> new Given<>(whole(MAX, value), "-D" + MAX + "=" + value))
            .orElse(new Given<>(most, "the default max of " + most + against)),
        runPrecision
            .map(value -> new Given<>(fraction(value), "-D" + PRECISION + "=" + value))
            .orElse(new Given<>(Defaults.ADAPTIVE_FORKS_PRECISION, "the default precision")));
  }

  private static ForkStopRule built(
      Given<Integer> fewest, Given<Integer> most, Given<Double> target) {
    checkMin(fewest);
    if (most.value() < fewest.value()) {
      throw new BenchmarkConfigurationException(
          fewest.source()
              + " is above "
              + most.source()
              + "; set max to min or more, e.g. min = 3, max = 10");
    }
    if (!(target.value() > 0 && target.value() < 1)) {
      throw new BenchmarkConfigurationException(
          target.source()
              + " is not valid; use a relative half-width above 0 and below 1, such as 0.02"
              + " (+-2%)");
    }
    return new ForkStopRule(fewest.value(), most.value(), target.value());
  }

  /**
   * A warning when the run sets min, max or precision of adaptive forks and {@code benchmark},
   * which {@code how} (such as {@code forks a fixed count}), does not fork adaptively: the settings
   * would change nothing there without a word.
   */
  public Optional<String> unusedBy(String benchmark, String how) {
    StringBuilder given = new StringBuilder();
    for (String key : new String[] {MIN, MAX, PRECISION}) {
      config
          .declared(key)
          .ifPresent(
              value ->
                  given.append(given.length() == 0 ? "" : ", ").append("-D" + key + "=" + value));
    }
    if (given.length() == 0) {
      return Optional.empty();
    }
    return Optional.of(
        given
            + (given.indexOf(",") < 0 ? " changes" : " change")
            + " nothing for "
            + benchmark
            + ", which "
            + how
            + ": min, max and precision shape forks until the answer is known (@Fork without a"
            + " count, -D"
            + BenchConfig.FORKS
            + "="
            + AUTO
            + ", or the forks a baseline turns on); remove them, or fork that way");
  }

  /**
   * Reads min, max and precision once, so a bad value fails the benchmark before anything runs.
   *
   * @throws BenchmarkConfigurationException naming the first bad setting
   */
  public void validate() {
    set();
    config
        .declared(MIN)
        .ifPresent(value -> checkMin(new Given<>(whole(MIN, value), "-D" + MIN + "=" + value)));
    config.declared(MAX).ifPresent(value -> whole(MAX, value));
    config.declared(PRECISION).ifPresent(ForkSettings::fraction);
  }

  private static void checkMin(Given<Integer> min) {
    if (min.value() < ForkStopRule.FEWEST_FORKS) {
      throw new BenchmarkConfigurationException(
          min.source()
              + " is too few: forks until the answer is known start from "
              + ForkStopRule.FEWEST_FORKS
              + " forks or more (with 2, t(0.975, 1) = 12.7 makes any early stop a fluke); set min"
              + " to "
              + ForkStopRule.FEWEST_FORKS
              + " or more, or give a fixed count such as @Fork(2)");
    }
  }

  /** A value and where it came from, for messages. */
  private record Given<T>(T value, String source) {}

  private Given<Integer> given(
      String key,
      int annotated,
      int fallback,
      String where,
      BiFunction<String, String, Integer> parse) {
    Optional<String> run = config.declared(key);
    String name = key.substring(key.lastIndexOf('.') + 1);
    if (run.isPresent()) {
      return new Given<>(parse.apply(key, run.get()), "-D" + key + "=" + run.get());
    }
    if (annotated != Defaults.FORKS_NOT_SET) {
      return new Given<>(annotated, "@Fork(" + name + " = " + annotated + ") " + where);
    }
    return new Given<>(fallback, "the default " + name + " of " + fallback);
  }

  private static int whole(String key, String value) {
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new BenchmarkConfigurationException(
          "-D" + key + "=" + value + " is not valid; use a whole number of forks, such as 3 or 10");
    }
  }

  private static double fraction(String value) {
    String text = value.trim();
    boolean percent = text.endsWith("%");
    try {
      double parsed =
          Double.parseDouble(percent ? text.substring(0, text.length() - 1).trim() : text);
      double fraction = percent ? parsed / 100 : parsed;
      if (fraction > 0 && fraction < 1) {
        return fraction;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new BenchmarkConfigurationException(
        "-D"
            + PRECISION
            + "="
            + value
            + " is not valid; use a relative half-width above 0 and below 1, such as 0.02 or 2%"
            + " (+-2%)");
  }
}
