package dev.junitbench.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.reports.ProfiledRuns;
import dev.junitbench.reports.action.ReportAction;
import dev.junitbench.stats.RegressionRule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;

/** Follows the report's link to a differential flame graph in a real browser. */
@DisplayName("The report's differential flame graph link in Chromium")
class ProfileLinkBrowserTests {

  @TempDir Path tempDir;

  @Test
  @DisplayName("leads from report.html to the differential flame graph, which draws without errors")
  void followsTheLink() throws Exception {
    Chromium.assumeInstalled();
    ProfiledRuns runs = ProfiledRuns.write(tempDir, "cpu");
    Path report = Files.createDirectories(tempDir.resolve("site")).resolve(HtmlReport.FILE);
    new ReportAction(List.of(runs.current()), runs.baseline(), RegressionRule.DEFAULT, false)
        .write(report);
    WebDriver driver = Chromium.start(tempDir.resolve("profile"), 1200, 900);
    try {
      Chromium.open(driver, report);

      driver.findElement(By.cssSelector("a.differential-flame-graph")).click();

      assertThat(driver.getCurrentUrl())
          .isEqualTo(report.resolveSibling(ReportProfilesTests.PAGE).toUri().toString());
      assertThat(driver.findElement(By.tagName("h1")).getText())
          .endsWith("run-now vs baseline run-base");
      assertThat(driver.findElement(By.id("canvas")).getSize().getHeight()).isPositive();
      assertThat(Chromium.consoleProblems(driver)).isEmpty();
    } finally {
      driver.quit();
    }
  }
}
