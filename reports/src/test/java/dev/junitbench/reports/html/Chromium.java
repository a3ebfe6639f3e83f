package dev.junitbench.reports.html;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * A real browser for the report's tests: Debian's Chromium, headless, driven by its ChromeDriver.
 * Where neither is installed a test using it is skipped with the reason; {@code ci/test.sh}
 * installs both.
 */
final class Chromium {

  private static final Path CHROMIUM =
      Path.of(System.getProperty("chromium.binary", "/usr/bin/chromium"));
  private static final Path CHROMEDRIVER =
      Path.of(System.getProperty("chromedriver.binary", "/usr/bin/chromedriver"));

  private Chromium() {}

  /** Skips the calling test class, saying why, where Chromium or its driver is missing. */
  static void assumeInstalled() {
    Assumptions.assumeTrue(
        Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
        "Chromium is not installed here ("
            + CHROMIUM
            + ", "
            + CHROMEDRIVER
            + "): ci/test.sh installs Debian's"
            + " chromium and chromium-driver (apt-get install chromium chromium-driver); -Dchromium.binary and"
            + " -Dchromedriver.binary point at others");
  }

  /**
   * A headless Chromium whose page area is {@code width} x {@code height} CSS pixels, its console
   * recorded, its profile in {@code profile}.
   */
  static WebDriver start(Path profile, int width, int height) throws Exception {
    assumeInstalled();
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--window-size=" + width + "," + height,
        "--user-data-dir=" + Files.createDirectories(profile));
    LoggingPreferences logging = new LoggingPreferences();
    logging.enable(LogType.BROWSER, Level.ALL);
    options.setCapability("goog:loggingPrefs", logging);
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(CHROMEDRIVER.toFile())
            .usingAnyFreePort()
            .build();
    WebDriver driver = new ChromeDriver(service, options);
    driver.manage().timeouts().scriptTimeout(Duration.ofMinutes(2));
    // The window holds the browser's own frame: grow it until the page area is what was asked.
    driver.get("about:blank");
    @SuppressWarnings("unchecked")
    List<Long> inner = (List<Long>) js(driver, "return [window.innerWidth, window.innerHeight];");
    Dimension window = driver.manage().window().getSize();
    driver
        .manage()
        .window()
        .setSize(
            new Dimension(
                window.getWidth() + width - inner.get(0).intValue(),
                window.getHeight() + height - inner.get(1).intValue()));
    return driver;
  }

  static Object js(WebDriver driver, String script, Object... arguments) {
    return ((JavascriptExecutor) driver).executeScript(script, arguments);
  }

  /** Pixels of {@code canvas} something was drawn on. */
  static long paintedPixels(WebDriver driver, WebElement canvas) {
    return (Long)
        js(
            driver,
            "var c = arguments[0]; var d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
                + " var n = 0; for (var i = 3; i < d.length; i += 4) { if (d[i] > 0) { n++; } } return n;",
            canvas);
  }

  /**
   * Opens {@code page} and waits until the report has drawn all its charts (the page says so on its
   * body), never for a fixed time.
   */
  static void open(WebDriver driver, Path page) {
    driver.get(page.toUri().toString());
    // The page itself waits for its own event; the driver waits on that script, not on a clock.
    Object done =
        ((JavascriptExecutor) driver)
            .executeAsyncScript(
                "var finish = arguments[arguments.length - 1];"
                    + " function check() {"
                    + "   if (document.body.getAttribute('data-charts-done') === 'true') { finish(true); }"
                    + "   else { setTimeout(check, 25); } }"
                    + " check();");
    if (!Boolean.TRUE.equals(done)) {
      throw new AssertionError(page + ": the report did not say its charts were drawn");
    }
  }

  /**
   * How many bars, points or line points of the chart on {@code canvas} have finite coordinates
   * inside its chart area: a chart of axes and grid alone has none.
   */
  static long drawnElements(WebDriver driver, String canvas) {
    return (Long)
        js(
            driver,
            "var c = Chart.getChart(arguments[0]); var a = c.chartArea; var n = 0;"
                + " c.data.datasets.forEach(function (d, i) {"
                + "   var meta = c.getDatasetMeta(i); if (meta.hidden) { return; }"
                + "   meta.data.forEach(function (e, j) {"
                + "     var v = d.data[j];"
                + "     if (v === null || v === undefined) { return; }"
                + "     if (isFinite(e.x) && isFinite(e.y) && e.x >= a.left - 1 && e.x <= a.right + 1"
                + "         && e.y >= a.top - 1 && e.y <= a.bottom + 1) { n++; } }); });"
                + " return n;",
            canvas);
  }

  /** What the page's console said at warning level or above. */
  static List<LogEntry> consoleProblems(WebDriver driver) {
    return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
        .filter(entry -> entry.getLevel().intValue() >= Level.WARNING.intValue())
        .toList();
  }
}
