package dev.junitbench.results;

import dev.junitbench.stats.LatencySummary;
import java.util.Locale;

/** How figures read to people: durations in a fitting unit, rates, and the report-entry summary. */
public final class Figures {

  /** Key of the report entry that gives a scenario's summary (IDEs show it beside the test). */
  public static final String REPORT_ENTRY_KEY = "junit.bench.summary";

  private Figures() {}

  /** {@code ms} milliseconds in a unit that keeps the number readable: {@code 48.30 ns}, {@code 7.312 ms}. */
  public static String duration(Double ms) {
    if (ms == null) {
      return "-";
    }
    double abs = Math.abs(ms);
    if (abs < 0.001) {
      return number(ms * 1e6) + " ns";
    }
    if (abs < 1) {
      return number(ms * 1e3) + " us";
    }
    if (abs < 1000) {
      return number(ms) + " ms";
    }
    return number(ms / 1e3) + " s";
  }

  /** A rate with four significant digits and its unit, or {@code -}. */
  public static String rate(Throughput throughput) {
    if (throughput == null || throughput.value() == null) {
      return "-";
    }
    return number(throughput.value()) + " " + throughput.unit();
  }

  /** Four significant digits, no exponent below a million. */
  static String number(double value) {
    double abs = Math.abs(value);
    if (abs >= 1e6) {
      return String.format(Locale.ROOT, "%.4g", value);
    }
    int decimals = abs >= 1000 ? 0 : abs >= 100 ? 1 : abs >= 10 ? 2 : 3;
    return String.format(Locale.ROOT, "%." + decimals + "f", value);
  }

  /** One line for a report entry: median, its 95% CI, p99, throughput and sample count. */
  public static String summary(LatencySummary latency, Throughput throughput) {
    String ci = latency.ci95Low() == null ? "n/a"
        : "[" + duration(latency.ci95Low()) + ", " + duration(latency.ci95High()) + "]";
    return "median " + duration(latency.median()) + ", 95% CI " + ci + ", p99 " + duration(latency.p99())
        + ", " + rate(throughput) + ", n=" + latency.count();
  }
}
