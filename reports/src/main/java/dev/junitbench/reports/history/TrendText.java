package dev.junitbench.reports.history;

import dev.junitbench.internal.TextTable;
import dev.junitbench.results.UnitFormat;
import java.util.ArrayList;
import java.util.List;

/**
 * The text of {@code history trend}: per scenario and host, its newest runs with median, p99 and
 * throughput.
 */
public final class TrendText {

  private static final int WIDTH = 120;

  private TrendText() {}

  /** The tables of {@code series}, each with at most its {@code last} newest runs. */
  public static String render(List<Series> series, int last) {
    StringBuilder text = new StringBuilder();
    for (Series one : series) {
      List<Series.Point> points = one.points();
      List<Series.Point> shown = points.subList(Math.max(0, points.size() - last), points.size());
      text.append(one.scenario())
          .append(" on ")
          .append(one.host())
          .append(": ")
          .append(points.size())
          .append(points.size() == 1 ? " run" : " runs")
          .append(shown.size() < points.size() ? ", the newest " + shown.size() + " shown" : "")
          .append('\n');
      TextTable table =
          new TextTable(
              List.of("started", "commit", "median", "p99", "throughput", "vs first shown"),
              new boolean[] {false, false, true, true, true, true},
              new boolean[] {false, false, false, false, false, false});
      double first = shown.get(0).medianMs();
      for (Series.Point point : shown) {
        List<String> cells = new ArrayList<>();
        cells.add(point.startedAt().replace('T', ' ').replaceAll("(:\\d\\d)(\\.\\d+)?Z$", "$1Z"));
        cells.add(point.shortCommit());
        cells.add(UnitFormat.duration(point.medianMs()));
        cells.add(UnitFormat.duration(point.p99Ms()));
        cells.add(
            point.throughput() == null
                ? "-"
                : UnitFormat.number(point.throughput())
                    + " "
                    + (point.throughputUnit() == null ? "" : point.throughputUnit()));
        cells.add(first > 0 ? UnitFormat.change(point.medianMs() / first - 1) : "-");
        table.row(cells);
      }
      for (String line : table.render("  ", WIDTH)) {
        text.append(line).append('\n');
      }
      text.append('\n');
    }
    return text.toString();
  }
}
