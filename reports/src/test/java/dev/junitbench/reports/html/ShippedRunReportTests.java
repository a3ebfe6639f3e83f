package dev.junitbench.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.stats.RegressionRule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The HTML report of a real run of the shipped suite")
class ShippedRunReportTests {

  private static Document page;

  @BeforeAll
  static void render() throws Exception {
    Path report = Path.of("target", "shipped-run-report.html");
    Files.createDirectories(report.getParent());
    HtmlReport.of(List.of(ShippedRun.folder()), null, RegressionRule.DEFAULT).write(report);
    page = Jsoup.parse(Files.readString(report));
  }

  @Test
  @DisplayName("lists only measured scenarios in its table, grouped per benchmark")
  void measuredOnly() {
    assertThat(page.select("table.scenarios tbody tr")).hasSize(63);
    assertThat(page.select("details.group")).hasSize(8);
  }
}
