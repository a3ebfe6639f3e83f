package dev.junitbench.reports.action;

import dev.junitbench.config.BaselineMatch;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.history.HistoryCheck;
import dev.junitbench.stats.AllocationRule;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.RelativeChanges;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Reads the settings the actions share from their text, each problem a {@link BadInputException}
 * naming the setting as the caller calls it ({@code --threshold} on the command line, {@code
 * threshold} in a pom).
 */
public final class SettingValues {

  private SettingValues() {}

  /**
   * {@code 5%} or {@code 0.05} as 0.05; anything else, or a negative change, names {@code name}.
   */
  public static double relativeChange(String name, String text) throws BadInputException {
    String trimmed = text == null ? "" : text.trim();
    try {
      double value =
          trimmed.endsWith("%")
              ? Double.parseDouble(trimmed.substring(0, trimmed.length() - 1).trim()) / 100
              : Double.parseDouble(trimmed);
      String bare = RelativeChanges.bareNumberProblem(trimmed, value);
      if (bare != null) {
        throw new BadInputException(name + " " + text + " " + bare);
      }
      if (value >= 0 && Double.isFinite(value)) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new BadInputException(name + " " + text + " is not a relative change; use 5% or 0.05");
  }

  /** The verdict rule of a threshold and a significance level. */
  public static RegressionRule rule(
      String thresholdName, String threshold, String alphaName, double alpha)
      throws BadInputException {
    double value = relativeChange(thresholdName, threshold);
    try {
      return new RegressionRule(value, alpha);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(
          thresholdName + " " + threshold + " " + alphaName + " " + alpha + ": " + e.getMessage(),
          e);
    }
  }

  /**
   * The allocation rule {@code text} writes ({@code 5%}, {@code 5%,64B}, {@code 10%,1KB}); anything
   * else names {@code name} and the accepted form.
   */
  public static AllocationRule allocationRule(String name, String text) throws BadInputException {
    try {
      return AllocationRule.parse(text);
    } catch (AllocationRule.BareNumberException e) {
      throw new BadInputException(name + " " + text + " " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(
          name + " " + text + " is not an allocation threshold; use " + AllocationRule.ACCEPTED, e);
    }
  }

  /** {@code any} or {@code all}, in any case. */
  public static BaselineMatch match(String name, String text) throws BadInputException {
    for (BaselineMatch mode : BaselineMatch.values()) {
      if (text != null && mode.name().equalsIgnoreCase(text.trim())) {
        return mode;
      }
    }
    throw new BadInputException(name + " " + text + " is not valid; use any or all");
  }

  /** {@code median}, {@code p99} or {@code throughput}, in any case. */
  public static HistoryCheck.Metric metric(String name, String text) throws BadInputException {
    return switch (text == null ? "" : text.trim().toLowerCase(Locale.ROOT)) {
      case "median" -> HistoryCheck.Metric.MEDIAN;
      case "p99" -> HistoryCheck.Metric.P99;
      case "throughput" -> HistoryCheck.Metric.THROUGHPUT;
      default ->
          throw new BadInputException(
              name
                  + " "
                  + text
                  + " is not a figure history check judges; give median, p99 or throughput");
    };
  }

  /** How many newest runs a history check looks at: null for all, else 1 or more. */
  public static int within(String name, Integer runs) throws BadInputException {
    if (runs == null) {
      return Integer.MAX_VALUE;
    }
    if (runs < 1) {
      throw new BadInputException(
          name
              + " "
              + runs
              + " counts no run; give 1 or more (10: a change point among the newest 10 runs)");
    }
    return runs;
  }

  /**
   * Fails when {@code file} cannot be written because it is a folder or its folder does not exist,
   * naming {@code name}: said before any work, so nothing is half-written.
   */
  public static void requireFolderOf(String name, Path file) throws IOException {
    if (Files.isDirectory(file)) {
      throw new IOException(
          "cannot write " + file + ": it is a folder; give a file name with " + name);
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null && !Files.isDirectory(parent)) {
      throw new IOException(
          "cannot write "
              + file
              + ": its folder "
              + parent
              + " does not exist; create it or give"
              + " another "
              + name);
    }
  }
}
