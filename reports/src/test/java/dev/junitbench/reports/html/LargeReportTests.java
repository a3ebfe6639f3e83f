package dev.junitbench.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.stats.RegressionRule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The HTML report of a large run")
class LargeReportTests {

  @TempDir static Path tempDir;

  @Test
  @DisplayName(
      "of 500 scenarios x 2,000 samples (1,000,000) is at most 5 MB, a chart and a table per benchmark")
  void size() throws Exception {
    Path run = ReportRuns.large(tempDir, "run-large", 25, 2000);
    Path report = run.resolve(HtmlReport.FILE);
    HtmlReport.of(List.of(run), null, RegressionRule.DEFAULT).write(report);
    long bytes = Files.size(report);
    assertThat(bytes).as("bytes of report.html").isLessThanOrEqualTo(5_000_000);
    Document page = Jsoup.parse(report.toFile());
    assertThat(page.select("table.scenarios")).hasSize(25);
    assertThat(page.select("table.scenarios tbody tr")).hasSize(500);
    assertThat(page.select("#benchmarks canvas")).hasSize(25);
  }
}
