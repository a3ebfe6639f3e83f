package dev.junitbench.config;

import dev.junitbench.infra.Device;
import dev.junitbench.stats.AllocationRule;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.RelativeChanges;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The values of {@link BenchConfig}'s settings read from their text, each bad one refused with a
 * {@link BenchmarkConfigurationException} that names the setting, the value and what it takes.
 */
final class SettingParsers {

  private SettingParsers() {}

  /** The rule of the regression gate: threshold and alpha, each defaulted when not set. */
  static RegressionRule regressionRule(Optional<String> threshold, Optional<String> alpha) {
    return new RegressionRule(
        threshold
            .map(value -> fraction(BenchConfig.REGRESSION_THRESHOLD, value))
            .orElse(RegressionRule.DEFAULT_THRESHOLD),
        alpha.map(SettingParsers::alpha).orElse(RegressionRule.DEFAULT_ALPHA));
  }

  private static double alpha(String value) {
    try {
      double parsed = Double.parseDouble(value);
      if (parsed > 0 && parsed <= 0.5) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new BenchmarkConfigurationException(
        "-D"
            + BenchConfig.REGRESSION_ALPHA
            + "="
            + value
            + " is not valid; use a significance level in (0, 0.5], such as 0.01");
  }

  /** The gate's rule for the heap allocated per operation. */
  static AllocationRule allocationRule(String value) {
    try {
      return AllocationRule.parse(value);
    } catch (AllocationRule.BareNumberException e) {
      throw new BenchmarkConfigurationException(
          "-D" + BenchConfig.ALLOC_THRESHOLD + "=" + value + " " + e.getMessage());
    } catch (IllegalArgumentException e) {
      throw new BenchmarkConfigurationException(
          "-D"
              + BenchConfig.ALLOC_THRESHOLD
              + "="
              + value
              + " is not valid; use "
              + AllocationRule.ACCEPTED);
    }
  }

  /** {@code 5%} or {@code 0.05} as 0.05, 0 or more. */
  private static double fraction(String key, String value) {
    double fraction = Fractions.parse(value);
    String bare = RelativeChanges.bareNumberProblem(value, fraction);
    if (bare != null) {
      throw new BenchmarkConfigurationException("-D" + key + "=" + value + " " + bare);
    }
    if (fraction >= 0 && Double.isFinite(fraction)) {
      return fraction;
    }
    throw new BenchmarkConfigurationException(
        "-D"
            + key
            + "="
            + value
            + " is not valid; use a relative change such as 5% or 0.05 (0 or more)");
  }

  /** Which scenarios a baseline must judge: {@code any} or {@code all}, in any case. */
  static BaselineMatch baselineMatch(String value) {
    for (BaselineMatch match : BaselineMatch.values()) {
      if (match.name().equalsIgnoreCase(value)) {
        return match;
      }
    }
    throw new BenchmarkConfigurationException(
        "-D"
            + BenchConfig.BASELINE_MATCH
            + "="
            + value
            + " is not valid; use any (the run fails only when none of its scenarios is in the"
            + " baseline) or all (every scenario it cannot judge fails)");
  }

  /** Whether a key nobody knows is only warned about: {@code warn}, or {@code fail}. */
  static boolean warnOnUnknownKeys(String value) {
    if (value.equalsIgnoreCase("fail") || value.equalsIgnoreCase("warn")) {
      return value.equalsIgnoreCase("warn");
    }
    throw new BenchmarkConfigurationException(
        "-D"
            + BenchConfig.UNKNOWN_KEYS
            + "="
            + value
            + " is not valid; use fail (the default: a junit.bench.* key junit-bench does not know"
            + " fails the run) or warn");
  }

  /** The devices of a comma-separated list of their ids. */
  static Set<Device> devices(String value) {
    Set<Device> devices = new LinkedHashSet<>();
    for (String item : value.split(",")) {
      try {
        devices.add(Device.fromId(item));
      } catch (IllegalArgumentException e) {
        throw new BenchmarkConfigurationException(
            "-D" + BenchConfig.DEVICES + "=" + value + ": " + e.getMessage());
      }
    }
    return devices;
  }

  /** The whole numbers of 1 or more of a comma-separated list, setting {@code key}'s value. */
  static Set<Integer> intSet(String key, String value) {
    Set<Integer> numbers = new LinkedHashSet<>();
    for (String item : value.split(",")) {
      try {
        numbers.add(parseInt(key, item.trim(), 1));
      } catch (BenchmarkConfigurationException e) {
        throw new BenchmarkConfigurationException(
            "-D"
                + key
                + "="
                + value
                + " is not valid; use a comma-separated list of whole numbers >= 1");
      }
    }
    return numbers;
  }

  /** A whole number of {@code min} or more, setting {@code key}'s value. */
  static int parseInt(String key, String value, int min) {
    try {
      int number = Integer.parseInt(value.trim());
      if (number >= min) {
        return number;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new BenchmarkConfigurationException(
        "-D" + key + "=" + value + " is not valid; use a whole number >= " + min);
  }

  /** {@code true} or {@code false}, in any case, setting {@code key}'s value. */
  static boolean parseBoolean(String key, String value) {
    if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(value);
    }
    throw new BenchmarkConfigurationException(
        "-D" + key + "=" + value + " is not valid; use true or false");
  }
}
