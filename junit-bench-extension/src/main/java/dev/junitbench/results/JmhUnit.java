package dev.junitbench.results;

import java.util.Locale;
import java.util.Map;

/**
 * A JMH score unit, {@code us/op} or {@code ops/s}, and the conversion of its figures to
 * milliseconds per operation.
 *
 * @param msPerTimeUnit milliseconds in the unit's time unit ({@code us}: 0.001)
 * @param throughput whether the unit is operations per time ({@code ops/s}), else time per
 *     operation
 */
record JmhUnit(double msPerTimeUnit, boolean throughput) {

  /** JMH's time units, as its units and durations write them, in ms. */
  private static final Map<String, Double> TIME_UNITS =
      Map.of(
          "ns", 1e-6,
          "us", 1e-3,
          "\u00b5s", 1e-3,
          "ms", 1.0,
          "s", 1e3,
          "sec", 1e3,
          "min", 60e3,
          "hr", 3600e3,
          "h", 3600e3,
          "day", 86400e3);

  /**
   * The unit {@code text} names.
   *
   * @throws ResultFileException naming {@code where} and the units JMH writes
   */
  static JmhUnit of(String where, String text) throws ResultFileException {
    if (text != null) {
      String[] parts = text.trim().split("/", -1);
      if (parts.length == 2) {
        if (parts[1].equals("op") && TIME_UNITS.containsKey(parts[0])) {
          return new JmhUnit(TIME_UNITS.get(parts[0]), false);
        }
        if (parts[0].equals("ops") && TIME_UNITS.containsKey(parts[1])) {
          return new JmhUnit(TIME_UNITS.get(parts[1]), true);
        }
      }
    }
    throw new ResultFileException(
        where
            + " has score unit "
            + (text == null ? "(none)" : "\"" + text.replaceAll("\\p{Cntrl}", "?") + "\"")
            + ", which is not a unit JMH writes (a time per operation such as us/op, or"
            + " operations per time such as ops/s); give the file JMH wrote");
  }

  /** A figure of this unit as milliseconds per operation. */
  double msPerOp(double value) {
    return throughput ? msPerTimeUnit / value : value * msPerTimeUnit;
  }

  /**
   * A JMH duration ({@code 10 s}, {@code 100 ms}) in ms, or null when it is not one (a
   * single-shot's {@code single-shot}).
   */
  static Double duration(String text) {
    if (text == null) {
      return null;
    }
    String[] parts = text.trim().toLowerCase(Locale.ROOT).split("\\s+");
    if (parts.length != 2 || !TIME_UNITS.containsKey(parts[1])) {
      return null;
    }
    try {
      double value = Double.parseDouble(parts[0]);
      return Double.isFinite(value) && value >= 0 ? value * TIME_UNITS.get(parts[1]) : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
