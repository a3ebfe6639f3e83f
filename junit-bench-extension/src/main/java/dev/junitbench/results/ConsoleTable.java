package dev.junitbench.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The summary printed at the end of a run, like JMH's: one row per scenario with its median, the
 * median's 95% confidence interval, p99, throughput and the process's peak resident memory.
 */
public final class ConsoleTable {

  private static final String[] HEADER =
      {"Benchmark", "Params", "Status", "Median", "95% CI", "p99", "Throughput", "Peak RSS"};

  private ConsoleTable() {}

  /** The table for {@code results}, one line per row, columns padded to fit. */
  public static String render(List<ScenarioResult> results) {
    List<String[]> rows = new ArrayList<>();
    rows.add(HEADER);
    for (ScenarioResult result : results) {
      rows.add(row(result));
    }
    int[] widths = new int[HEADER.length];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        widths[i] = Math.max(widths[i], row[i].length());
      }
    }
    StringBuilder table = new StringBuilder();
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        boolean number = i >= 3;
        String cell = number ? pad(row[i], widths[i], true) : pad(row[i], widths[i], false);
        table.append(cell).append(i < row.length - 1 ? "  " : "");
      }
      table.append(System.lineSeparator());
    }
    return table.toString();
  }

  private static String[] row(ScenarioResult result) {
    String benchmark = result.benchmark();
    int dot = benchmark.lastIndexOf('.', benchmark.indexOf('#') < 0 ? benchmark.length() : benchmark.indexOf('#'));
    String shortName = benchmark.substring(dot + 1).replace('#', '.');
    String params = result.params().entrySet().stream()
        .map(Map.Entry::toString).collect(Collectors.joining(", "));
    String status = result.status() == null ? "?" : result.status().id();
    if (result.latencyMs() == null) {
      return new String[] {shortName, params, status, "-", "-", "-", "-", "-"};
    }
    var latency = result.latencyMs();
    String ci = latency.ci95Low() == null ? "-"
        : "[" + Figures.duration(latency.ci95Low()) + ", " + Figures.duration(latency.ci95High()) + "]";
    String rss = result.memory() == null || result.memory().rssPeakMb() == null ? "-"
        : String.format(java.util.Locale.ROOT, "%.0f MiB", result.memory().rssPeakMb());
    return new String[] {shortName, params, status, Figures.duration(latency.median()), ci,
        Figures.duration(latency.p99()), Figures.rate(result.throughput()), rss};
  }

  private static String pad(String text, int width, boolean right) {
    String spaces = " ".repeat(width - text.length());
    return right ? spaces + text : text + spaces;
  }
}
