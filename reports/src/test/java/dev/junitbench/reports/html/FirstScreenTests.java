package dev.junitbench.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.reports.Fixtures;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.RegressionRule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/**
 * What a person sees on opening a report: Chromium with a page area of 1,400 x 900 CSS pixels, the
 * shipped suite's real run, a user's project of plain {@code @Param} benchmarks, a baseline with a
 * regression, and a run of 500 scenarios. Screenshots land in {@code target/screenshots/}; the
 * first screen's time, by the browser's own clock, in {@code target/screenshots/timings.txt}.
 */
@DisplayName("The HTML report's first screen in Chromium at 1,400 x 900")
class FirstScreenTests {

  private static final int WIDTH = 1400;
  private static final int HEIGHT = 900;

  @TempDir static Path tempDir;

  private static WebDriver driver;
  private static final Path SHOTS = Path.of("target", "screenshots");

  @BeforeAll
  static void start() throws Exception {
    driver = Chromium.start(tempDir.resolve("profile"), WIDTH, HEIGHT);
    Files.createDirectories(SHOTS);
  }

  @AfterAll
  static void stop() {
    if (driver != null) {
      driver.quit();
    }
  }

  private static Object js(String script, Object... arguments) {
    return Chromium.js(driver, script, arguments);
  }

  private static Path report(String name, List<Path> runs, Path baseline) throws Exception {
    Path file = tempDir.resolve(name + ".html");
    HtmlReport.of(runs, baseline, RegressionRule.DEFAULT).write(file);
    return file;
  }

  /**
   * Whether {@code element} lies entirely within the first screen (the page scrolled to its top).
   */
  private static boolean onFirstScreen(WebElement element) {
    return (Boolean)
        js(
            "var r = arguments[0].getBoundingClientRect();"
                + " return r.height > 0 && r.top + window.scrollY >= 0"
                + " && r.bottom + window.scrollY <= window.innerHeight;",
            element);
  }

  /** A canvas that starts on the first screen and holds painted pixels. */
  private static List<WebElement> paintedChartsOnFirstScreen() {
    return driver.findElements(By.tagName("canvas")).stream()
        .filter(
            canvas ->
                (Boolean)
                    js(
                        "var r = arguments[0].getBoundingClientRect();"
                            + " return r.top + window.scrollY < window.innerHeight;",
                        canvas))
        .filter(canvas -> Chromium.paintedPixels(driver, canvas) > 2000)
        .filter(canvas -> Chromium.drawnElements(driver, canvas.getAttribute("id")) > 0)
        .toList();
  }

  /** The elements that reach past the page's right edge, for a failure's message. */
  private static Object overflowing() {
    return js(
        "var out = []; document.querySelectorAll('body *').forEach(function (e) {"
            + " var r = e.getBoundingClientRect();"
            + " if (r.right > window.innerWidth + 1 && out.length < 5) {"
            + " out.push(e.tagName + '.' + e.className + '#' + e.id + ' ' + Math.round(r.right)); } });"
            + " return out;");
  }

  private static void screenshot(String name) throws Exception {
    byte[] png = ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES);
    Files.write(SHOTS.resolve(name), png);
  }

  @Test
  @DisplayName(
      "of the shipped run: the summary line and a painted chart on the first screen, no horizontal scrollbar, no console error")
  void shippedRun() throws Exception {
    Chromium.open(driver, report("shipped", List.of(ShippedRun.folder()), null));
    assertThat(js("return [window.innerWidth, window.innerHeight];"))
        .isEqualTo(List.of((long) WIDTH, (long) HEIGHT));
    WebElement answer = driver.findElement(By.id("answer"));
    assertThat(onFirstScreen(answer)).as("the summary line on the first screen").isTrue();
    assertThat(answer.getText())
        .containsPattern("^\\d+ benchmarks")
        .contains("63 scenarios measured", "57 not run");
    assertThat(paintedChartsOnFirstScreen()).isNotEmpty();
    assertThat(js("return document.documentElement.scrollWidth <= window.innerWidth;"))
        .as("no horizontal scrollbar at 1,400 px; past the edge: %s", overflowing())
        .isEqualTo(true);
    assertThat(driver.findElement(By.tagName("body")).getText()).doesNotContain("INVALID *");
    assertThat(Chromium.consoleProblems(driver)).as("browser console").isEmpty();
    // Every chart of the real run, memory against batch size included, holds bars or points.
    List<WebElement> canvases = driver.findElements(By.tagName("canvas"));
    assertThat(canvases).hasSizeGreaterThan(8 + 3);
    assertThat(driver.findElements(By.cssSelector("canvas[id$=-memory]"))).isNotEmpty();
    for (WebElement canvas : canvases) {
      assertThat(Chromium.drawnElements(driver, canvas.getAttribute("id")))
          .as("bars and points of %s", canvas.getAttribute("id"))
          .isPositive();
    }
    screenshot("report-first-screen.png");
    js("document.getElementById('summary').scrollIntoView();");
    screenshot("report-scenarios.png");
    driver.findElement(By.id("more-columns")).click();
    assertThat(js("return document.documentElement.scrollWidth <= window.innerWidth;"))
        .as("no horizontal scrollbar with more columns either; past the edge: %s", overflowing())
        .isEqualTo(true);
    driver.findElement(By.id("more-columns")).click();
  }

  @Test
  @DisplayName(
      "with a baseline: the regressed scenario, its change and interval, on the first screen")
  void regressedFirst() throws Exception {
    Path current = ShippedRun.slowed(tempDir, "run-slower", "miniLmInt8", 8, 1.6);
    Chromium.open(driver, report("baseline", List.of(current), ShippedRun.folder()));
    List<WebElement> regressed = driver.findElements(By.cssSelector("#verdicts .regressed"));
    assertThat(regressed).isNotEmpty();
    WebElement first = regressed.get(0);
    assertThat(onFirstScreen(first)).as("the regressed scenario on the first screen").isTrue();
    assertThat(first.getText()).contains("miniLmInt8").contains("batch_size=8").contains("+");
    assertThat(driver.findElement(By.id("verdicts")).getText()).contains("regressed");
    assertThat(paintedChartsOnFirstScreen()).isNotEmpty();
    assertThat(js("return document.documentElement.scrollWidth <= window.innerWidth;"))
        .as("no horizontal scrollbar; past the edge: %s", overflowing())
        .isEqualTo(true);
    screenshot("report-baseline-first-screen.png");
  }

  @Test
  @DisplayName(
      "of a user's plain @Param benchmarks of 10 iterations: a painted chart per benchmark, and no INVALID")
  void plainParamBenchmarks() throws Exception {
    List<ScenarioResult> results = new ArrayList<>();
    int seed = 70;
    for (String method : List.of("spin", "parse", "embed")) {
      for (String size : List.of("small", "medium", "large")) {
        for (String mode : List.of("a", "b")) {
          results.add(
              Fixtures.passed(
                  "com.example.MyBenchmarks#" + method,
                  Fixtures.params("size", size, "mode", mode),
                  seed++,
                  10,
                  1e5 * (size.length() + mode.length())));
        }
      }
    }
    Path run = RunFolders.write(tempDir, "run-plain", results);
    Chromium.open(driver, report("plain", List.of(run), null));
    List<WebElement> charts = driver.findElements(By.cssSelector("#benchmarks canvas"));
    assertThat(charts).hasSize(3);
    for (WebElement chart : charts) {
      js("arguments[0].scrollIntoView();", chart);
      assertThat(Chromium.paintedPixels(driver, chart))
          .as("painted pixels of %s", chart.getAttribute("id"))
          .isGreaterThan(2000);
      assertThat(Chromium.drawnElements(driver, chart.getAttribute("id")))
          .as("bars of %s", chart.getAttribute("id"))
          .isEqualTo(6);
    }
    assertThat(js("return Chart.getChart('bench-1').data.datasets.length;"))
        .as("one series per mode")
        .isEqualTo(2L);
    assertThat(driver.findElement(By.tagName("body")).getText())
        .doesNotContain("INVALID")
        .contains("p99 from fewer samples than it needs");
  }

  @Test
  @DisplayName(
      "of 500 scenarios x 2,000 samples: the first screen's time by the browser's clock, every chart drawn")
  void large() throws Exception {
    Path run = ReportRuns.large(tempDir, "run-large", 25, 2000);
    Chromium.open(driver, report("large", List.of(run), null));
    long firstScreen =
        Long.parseLong(driver.findElement(By.tagName("body")).getAttribute("data-first-screen-ms"));
    Object contentful =
        js(
            "var p = performance.getEntriesByName('first-contentful-paint');"
                + " return p.length > 0 ? Math.round(p[0].startTime) : -1;");
    assertThat(firstScreen).isPositive();
    assertThat(driver.findElement(By.tagName("body")).getAttribute("data-charts-drawn"))
        .isEqualTo(String.valueOf(driver.findElements(By.tagName("canvas")).size()));
    assertThat(paintedChartsOnFirstScreen()).isNotEmpty();
    // A figure of speed, recorded for the user guide (docs/report.adoc), never asserted: the
    // machine may be busy.
    Files.writeString(
        SHOTS.resolve("timings.txt"),
        String.format(
            Locale.ROOT,
            "500 scenarios x 2,000 samples: first contentful paint %s ms, first screen's charts"
                + " drawn and painted %d ms after navigation start%n",
            contentful,
            firstScreen));
  }

  @Test
  @DisplayName(
      "keeps names of markup, quotes, 10,000 characters and right-to-left text inside their cells: no horizontal scrollbar, nothing run")
  void hostileLayout() throws Exception {
    Chromium.open(
        driver, report("hostile", List.of(ReportRuns.hostileNames(tempDir, "run-names")), null));
    assertThat(js("return document.documentElement.scrollWidth <= window.innerWidth;"))
        .as("no horizontal scrollbar; past the edge: %s", overflowing())
        .isEqualTo(true);
    driver.findElement(By.id("more-columns")).click();
    assertThat(js("return document.documentElement.scrollWidth <= window.innerWidth;"))
        .as("with More columns; past the edge: %s", overflowing())
        .isEqualTo(true);
    assertThat(js("return window.pwned === undefined;")).isEqualTo(true);
    assertThat(driver.findElements(By.tagName("img"))).isEmpty();
    assertThat(Chromium.consoleProblems(driver)).isEmpty();
  }
}
