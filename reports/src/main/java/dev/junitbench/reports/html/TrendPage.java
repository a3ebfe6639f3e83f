package dev.junitbench.reports.html;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import dev.junitbench.reports.history.ChangePoint;
import dev.junitbench.reports.history.ChangePoints;
import dev.junitbench.reports.history.Series;
import dev.junitbench.results.UnitFormat;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The HTML page of {@code history trend}: per scenario and host, its median, p99 and throughput
 * over every run, commits on the axis, and the runs in a table. Self-contained and escaped like the
 * report.
 */
public final class TrendPage {

  private static final Mustache MUSTACHE =
      new DefaultMustacheFactory().compile("dev/junitbench/reports/html/trend.mustache");
  private static final String SCRIPT = PageAssets.resource("dev/junitbench/reports/html/trend.js");

  /** One run in a table. */
  record Row(
      String started, String commit, String run, String median, String p99, String throughput) {}

  /** One series: its heading, its rows, the id of its charts. */
  record Section(String id, String title, String host, int runs, List<Row> rows) {}

  /** One series for the charts. */
  record ChartSeries(
      String id,
      List<String> labels,
      List<String> commits,
      List<String> started,
      List<Double> median,
      List<Double> p99,
      List<Double> throughput,
      String unit,
      List<Integer> changes) {}

  private final String pattern;
  private final List<Section> sections;
  private final List<ChartSeries> charts;

  private TrendPage(String pattern, List<Section> sections, List<ChartSeries> charts) {
    this.pattern = pattern;
    this.sections = sections;
    this.charts = charts;
  }

  /** The page of {@code series}, titled by the {@code pattern} that chose them. */
  public static TrendPage of(List<Series> series, String pattern) {
    List<Section> sections = new ArrayList<>();
    List<ChartSeries> charts = new ArrayList<>();
    int i = 0;
    for (Series one : series) {
      String id = "series-" + i++;
      List<Row> rows = new ArrayList<>();
      List<String> labels = new ArrayList<>();
      List<String> commits = new ArrayList<>();
      List<String> started = new ArrayList<>();
      List<Double> median = new ArrayList<>();
      List<Double> p99 = new ArrayList<>();
      List<Double> throughput = new ArrayList<>();
      String unit = null;
      for (Series.Point point : one.points()) {
        String day =
            point.startedAt().length() >= 10
                ? point.startedAt().substring(0, 10)
                : point.startedAt();
        labels.add(point.shortCommit() + " " + day);
        commits.add(point.commit());
        started.add(point.startedAt());
        median.add(point.medianMs());
        p99.add(point.p99Ms());
        throughput.add(point.throughput());
        unit = point.throughputUnit() != null ? point.throughputUnit() : unit;
        rows.add(
            new Row(
                point.startedAt(),
                point.shortCommit(),
                point.runId(),
                UnitFormat.duration(point.medianMs()),
                UnitFormat.duration(point.p99Ms()),
                point.throughput() == null
                    ? "-"
                    : UnitFormat.number(point.throughput())
                        + " "
                        + (point.throughputUnit() == null ? "" : point.throughputUnit())));
      }
      // Where history check would place the series's change points, marked on the median line.
      List<Integer> changes = new ArrayList<>();
      for (ChangePoint change :
          ChangePoints.detect(median.stream().mapToDouble(Double::doubleValue).toArray())) {
        changes.add(change.index());
      }
      sections.add(new Section(id, one.scenario(), one.host(), one.points().size(), rows));
      charts.add(
          new ChartSeries(id, labels, commits, started, median, p99, throughput, unit, changes));
    }
    return new TrendPage(pattern, sections, charts);
  }

  /** The whole page. */
  public String render() {
    StringWriter out = new StringWriter(1 << 16);
    render(out);
    return out.toString();
  }

  /** Writes the page to {@code file} atomically. */
  public void write(Path file) throws IOException {
    PageAssets.write(file, this::render);
  }

  private void render(Writer out) {
    Map<String, Object> scope = new HashMap<>();
    scope.put("nonce", PageAssets.nonce());
    scope.put("title", "junit-bench history: " + pattern);
    scope.put("generated", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    scope.put("sections", sections);
    scope.put("data", SafeJson.write(Map.of("series", charts)));
    scope.put("chartJs", PageAssets.CHART_JS);
    scope.put("charts", PageAssets.CHARTS);
    scope.put("script", SCRIPT);
    scope.put("style", PageAssets.STYLE);
    MUSTACHE.execute(out, scope);
  }
}
