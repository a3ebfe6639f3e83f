package dev.junitbench.reports.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junitbench.reports.history.Series;
import dev.junitbench.reports.history.Series.Point;
import dev.junitbench.stats.RegressionRule;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.logging.LogEntry;

/**
 * The report opened in a real browser: Debian's Chromium, headless, driven by its ChromeDriver.
 * Where neither is installed the tests are skipped with the reason; {@code ci/test.sh} installs
 * both.
 */
@DisplayName("The HTML report in Chromium")
class BrowserTests {

  @TempDir static Path tempDir;

  private static WebDriver driver;
  private static Path report;
  private static Path forkedReport;
  private static Path warmupReport;

  @BeforeAll
  static void open() throws Exception {
    Chromium.assumeInstalled();
    Path base = ReportRuns.current(tempDir, "run-base", 1.0);
    Path now = ReportRuns.current(tempDir, "run-now", 1.3);
    report = now.resolve(HtmlReport.FILE);
    HtmlReport.of(List.of(now), base, RegressionRule.DEFAULT).write(report);
    Path forked = ReportRuns.forked(tempDir, "run-forked");
    forkedReport = forked.resolve(HtmlReport.FILE);
    HtmlReport.of(List.of(forked), null, RegressionRule.DEFAULT).write(forkedReport);
    Path warm = ReportRuns.warmedUp(tempDir, "run-warm", false);
    warmupReport = warm.resolve(HtmlReport.FILE);
    HtmlReport.of(List.of(warm), null, RegressionRule.DEFAULT).write(warmupReport);

    driver = Chromium.start(tempDir.resolve("profile"), 1400, 1000);
    Chromium.open(driver, report);
  }

  @AfterAll
  static void close() {
    if (driver != null) {
      driver.quit();
    }
  }

  private static Object js(String script, Object... arguments) {
    return Chromium.js(driver, script, arguments);
  }

  @Test
  @DisplayName("draws every chart: each canvas holds painted pixels")
  void chartsDrawn() {
    List<WebElement> canvases = driver.findElements(By.tagName("canvas"));
    // A chart per benchmark (3), latency and throughput against batch size for 3 (no memory: the
    // fixtures measured none), the distribution, the backends.
    assertThat(canvases).hasSize(3 + 3 * 2 + 1 + 1);
    assertThat(driver.findElements(By.cssSelector("canvas[id$=-memory]"))).isEmpty();
    assertThat(driver.findElement(By.tagName("body")).getAttribute("data-charts-drawn"))
        .isEqualTo(String.valueOf(canvases.size()));
    for (WebElement canvas : canvases) {
      assertThat(paintedPixels(canvas))
          .as("painted pixels of %s", canvas.getAttribute("id"))
          .isGreaterThan(2000);
      assertThat(Chromium.drawnElements(driver, canvas.getAttribute("id")))
          .as("bars and points of %s inside its chart area", canvas.getAttribute("id"))
          .isPositive();
    }
  }

  @Test
  @DisplayName("runs without a script error or a blocked resource")
  void noErrors() {
    assertThat(consoleProblems()).as("browser console").isEmpty();
  }

  private static List<LogEntry> consoleProblems() {
    return Chromium.consoleProblems(driver);
  }

  private static long paintedPixels(WebElement canvas) {
    return Chromium.paintedPixels(driver, canvas);
  }

  @Test
  @DisplayName(
      "paints the fork chart of a forked run, each fork's median and the interval across forks, without an error")
  void forkChart() {
    String page = driver.getWindowHandle();
    driver.switchTo().newWindow(WindowType.TAB);
    try {
      Chromium.open(driver, forkedReport);
      List<WebElement> canvases = driver.findElements(By.tagName("canvas"));
      assertThat(canvases)
          .extracting(canvas -> canvas.getAttribute("id"))
          .containsExactly("bench-1", "bench-2", "distribution-chart", "forks-1");
      assertThat(driver.findElement(By.tagName("body")).getAttribute("data-charts-drawn"))
          .isEqualTo("4");
      WebElement forks = driver.findElement(By.id("forks-1"));
      assertThat(paintedPixels(forks)).as("painted pixels of the fork chart").isGreaterThan(2000);
      assertThat(
              js(
                  "var d = Chart.getChart('forks-1').data.datasets;"
                      + " return [d.length, d[0].data.length, d[2].data.length, d[0].data[1][1]];"))
          .isEqualTo(List.of(3L, 2L, 9L, 1.6));
      assertThat(js("return window.pwned === undefined;")).isEqualTo(true);
      assertThat(driver.findElements(By.tagName("img"))).isEmpty();
      assertThat(consoleProblems()).as("browser console").isEmpty();
    } finally {
      driver.close();
      driver.switchTo().window(page);
    }
  }

  @Test
  @DisplayName(
      "paints each warm-up chart: a line per scenario or fork in the unit of its level, stars where they settled, the bands inside the axis")
  void warmupCharts() {
    String page = driver.getWindowHandle();
    driver.switchTo().newWindow(WindowType.TAB);
    try {
      Chromium.open(driver, warmupReport);
      for (String id : List.of("warmup-1", "warmup-2")) {
        WebElement canvas = driver.findElement(By.id(id));
        assertThat(paintedPixels(canvas)).as("painted pixels of %s", id).isGreaterThan(2000);
        assertThat(Chromium.drawnElements(driver, id))
            .as("window points of %s inside its chart area", id)
            .isPositive();
      }
      // Two lines (12 and 20 windows) and the star of the one that settled, at 0.8 ms in us.
      assertThat(
              js(
                  "var c = Chart.getChart('warmup-1'); var d = c.data.datasets;"
                      + " return [d.length, d[0].data.length, d[1].data.length, d[2].label,"
                      + " d[2].data.length, d[2].data[0].y, c.options.scales.y.title.text];"))
          .isEqualTo(List.of(3L, 12L, 20L, "settled", 1L, 800L, "window median (us)"));
      // A steady line's band is inside the axis whole: the axis reaches 2% around its level.
      assertThat(
              js(
                  "var s = Chart.getChart('warmup-1').scales.y; var b = Chart.getChart('warmup-1')"
                      + ".data.datasets[0].band; return s.min <= b.low && s.max >= b.high;"))
          .isEqualTo(true);
      assertThat(js("return Chart.getChart('warmup-2').data.datasets.length;"))
          .as("four forks' lines and the stars of the three that settled")
          .isEqualTo(5L);
      assertThat(js("return Chart.getChart('warmup-2').data.datasets[4].data.length;"))
          .isEqualTo(3L);
      assertThat(js("return window.pwned === undefined;")).isEqualTo(true);
      assertThat(driver.findElements(By.cssSelector("#warmup b"))).isEmpty();
      assertThat(consoleProblems()).as("browser console").isEmpty();
    } finally {
      driver.close();
      driver.switchTo().window(page);
    }
  }

  @Test
  @DisplayName(
      "paints history trend's page: median, p99 and throughput per series, its change point marked, a hostile param inert")
  void trendPage() throws Exception {
    List<Point> points = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      double median = (i < 20 ? 2.0 : 2.4) * (1 + 0.01 * Math.sin(i * 1.7));
      points.add(
          new Point(
              "r" + i,
              "2026-11-" + String.format("%02d", 1 + i % 28) + "T10:00:00Z",
              "c0ffee" + i,
              median,
              median * 1.1,
              1000 / median,
              "samples/s"));
    }
    Series series =
        new Series(
            "com.example.TextBenchmarks#miniLm",
            Map.of("batch_size", "1", "payload", ReportRuns.SCRIPT),
            ReportRuns.HOST,
            points);
    Path trend = tempDir.resolve("trend.html");
    TrendPage.of(List.of(series), "TextBenchmarks").write(trend);
    String page = driver.getWindowHandle();
    driver.switchTo().newWindow(WindowType.TAB);
    try {
      driver.get(trend.toUri().toString());
      assertThat(driver.findElement(By.tagName("body")).getAttribute("data-charts-drawn"))
          .isEqualTo("2");
      for (WebElement canvas : driver.findElements(By.tagName("canvas"))) {
        assertThat(paintedPixels(canvas))
            .as("painted pixels of %s", canvas.getAttribute("id"))
            .isGreaterThan(2000);
      }
      // The change point at run 21 (index 20) is the one marked point of its dataset.
      assertThat(
              js(
                  "var d = Chart.getChart('series-0-latency').data.datasets[2].data;"
                      + " return d.map(function (v, i) { return v === null ? -1 : i; }).filter(function (i) { return i >= 0; });"))
          .isEqualTo(List.of(20L));
      assertThat(js("return Chart.getChart('series-0-latency').data.labels[0];"))
          .isEqualTo("c0ffee0 2026-11-01");
      assertThat(js("return window.pwned === undefined;")).isEqualTo(true);
      assertThat(driver.findElement(By.cssSelector("section.trend h2")).getText())
          .contains(ReportRuns.SCRIPT, ReportRuns.HOST);
      assertThat(consoleProblems()).as("browser console").isEmpty();
    } finally {
      driver.close();
      driver.switchTo().window(page);
    }
  }

  @Test
  @DisplayName("keeps a hostile param inert: shown as text, no element made, no script run")
  void hostileInert() {
    assertThatThrownBy(() -> driver.switchTo().alert()).isInstanceOf(NoAlertPresentException.class);
    assertThat(js("return window.pwned === undefined;")).isEqualTo(true);
    assertThat(driver.findElements(By.tagName("img"))).isEmpty();
    assertThat(driver.findElements(By.xpath("//td[contains(., '" + ReportRuns.HOSTILE + "')]")))
        .isNotEmpty();
    assertThat(driver.findElements(By.tagName("script"))).hasSize(4);
  }

  @Test
  @DisplayName(
      "sorts a benchmark's table by a clicked column, filters all by text and status, shows more columns on request")
  void sortAndFilter() {
    WebElement median =
        driver.findElements(By.cssSelector("#group-1 thead th")).stream()
            .filter(th -> th.getText().equals("Median"))
            .findFirst()
            .orElseThrow();
    median.click();
    List<Double> sorted = visibleSortValues();
    assertThat(sorted).hasSize(6).isSorted();
    median.click();
    assertThat(visibleSortValues()).isSortedAccordingTo(Comparator.reverseOrder());

    WebElement filter = driver.findElement(By.id("filter"));
    filter.sendKeys("miniLmDjl");
    assertThat(visibleRows()).hasSize(6);
    assertThat(driver.findElement(By.id("group-1")).isDisplayed()).isFalse();
    assertThat(driver.findElement(By.id("shown")).getText())
        .isEqualTo("6 of 14 measured scenarios");
    js(
        "var f = document.getElementById('filter'); f.value = ''; f.dispatchEvent(new Event('input'));");
    choose("status-filter", "passed");
    assertThat(visibleRows()).hasSize(14);
    filter.sendKeys("Hostile");
    assertThat(visibleRows()).hasSize(2);
    js(
        "var f = document.getElementById('filter'); f.value = ''; f.dispatchEvent(new Event('input'));");
    choose("status-filter", "");
    assertThat(visibleRows()).hasSize(14);

    WebElement model = driver.findElement(By.cssSelector("#group-1 thead th.extra"));
    assertThat(model.isDisplayed()).isFalse();
    driver.findElement(By.id("more-columns")).click();
    assertThat(model.isDisplayed()).isTrue();
    driver.findElement(By.id("more-columns")).click();
    assertThat(model.isDisplayed()).isFalse();
  }

  @Test
  @DisplayName(
      "colours the change against the baseline by verdict and shows another scenario's distribution on request")
  void verdictsAndDistribution() {
    WebElement regressed = driver.findElement(By.cssSelector("td.verdict-regressed"));
    assertThat(regressed.getText()).matches("\\+\\d+\\.\\d% regressed \\(unforked\\)");
    assertThat(regressed.getCssValue("color")).isEqualTo("rgba(180, 35, 24, 1)");
    assertThat(driver.findElements(By.cssSelector("#distribution-select option"))).hasSize(14);
    Object before = js("return Chart.getChart('distribution-chart').data.datasets[1].label");
    choose("distribution-select", "13");
    Object after = js("return Chart.getChart('distribution-chart').data.datasets[1].label");
    assertThat(after).asString().startsWith("p50 ").isNotEqualTo(before);
  }

  @Test
  @DisplayName(
      "draws two runs on shared axes: one benchmark chart with a series per run, batch charts of one benchmark on one scale, both runs' distributions together")
  void twoRunsShareAxes() throws Exception {
    Path two = tempDir.resolve("two-runs.html");
    HtmlReport.of(
            List.of(
                ReportRuns.current(tempDir, "run-a", 1.0),
                ReportRuns.current(tempDir, "run-b", 3.0)),
            null,
            RegressionRule.DEFAULT)
        .write(two);
    String page = driver.getWindowHandle();
    driver.switchTo().newWindow(WindowType.TAB);
    try {
      Chromium.open(driver, two);
      assertThat(
              js(
                  "return Chart.getChart('bench-1').data.datasets.map(function (d) { return d.label; });"))
          .isEqualTo(List.of("run 1", "run 2"));
      // Batch charts 1 to 3 are run 1's, 4 to 6 run 2's; run 2 measured batch 8 three times slower.
      for (String figure : List.of("latency", "throughput")) {
        assertThat(js("return Chart.getChart('batch-1-" + figure + "').scales.y.max;"))
            .as(figure)
            .isEqualTo(js("return Chart.getChart('batch-4-" + figure + "').scales.y.max;"));
      }
      assertThat(js("return Chart.getChart('distribution-chart').data.datasets.length;"))
          .as("each run's curve, p50 and p99")
          .isEqualTo(6L);
      assertThat(consoleProblems()).isEmpty();
    } finally {
      driver.close();
      driver.switchTo().window(page);
    }
  }

  /**
   * Chooses {@code value} in the select {@code id} as a user would: the value, then a change event.
   */
  private static void choose(String id, String value) {
    js(
        "var s = document.getElementById(arguments[0]); s.value = arguments[1]; s.dispatchEvent(new Event('change'));",
        id,
        value);
  }

  private static List<WebElement> visibleRows() {
    return driver.findElements(By.cssSelector("table.scenarios tbody tr")).stream()
        .filter(WebElement::isDisplayed)
        .toList();
  }

  private static List<Double> visibleSortValues() {
    List<String> heads =
        driver.findElements(By.cssSelector("#group-1 thead th")).stream()
            .map(WebElement::getText)
            .toList();
    int median = heads.indexOf("Median");
    return driver.findElements(By.cssSelector("#group-1 tbody tr")).stream()
        .map(row -> row.findElements(By.tagName("td")).get(median).getAttribute("data-sort"))
        .map(Double::parseDouble)
        .toList();
  }
}
