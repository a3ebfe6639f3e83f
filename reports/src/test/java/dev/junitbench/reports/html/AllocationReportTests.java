package dev.junitbench.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.stats.RegressionRule;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The HTML report's allocation column")
class AllocationReportTests {

  @TempDir static Path tempDir;

  private static Document page;
  private static Document loaded;

  @BeforeAll
  static void render() throws Exception {
    page =
        Jsoup.parse(
            HtmlReport.of(
                    List.of(ReportRuns.current(tempDir, "run-now", 1.0)),
                    null,
                    RegressionRule.DEFAULT)
                .render());
    loaded =
        Jsoup.parse(
            HtmlReport.of(
                    List.of(ReportRuns.loaded(tempDir, "run-loaded")), null, RegressionRule.DEFAULT)
                .render());
  }

  @Test
  @DisplayName(
      "shows the Java heap each scenario allocated per call, and says native memory is not in it")
  void allocation() {
    Element table = page.select("#summary details.group").get(0).selectFirst("table");
    List<String> params = table.select("tbody td.params").eachText();
    List<String> alloc = table.select("tbody td.alloc").eachText();
    assertThat(alloc).hasSameSizeAs(params);
    // 1016 bytes per item per call.
    assertThat(alloc.get(params.indexOf("batch_size=1, mode=eager"))).isEqualTo("1016 B");
    assertThat(alloc.get(params.indexOf("batch_size=32, mode=eager"))).isEqualTo("31.8 KB");
    assertThat(table.select("tbody td.alloc").get(0).attr("data-sort")).isEqualTo("1016.0");
    Element djl = page.select("#summary details.group").get(1).selectFirst("table");
    assertThat(djl.select("tbody td.alloc").eachText())
        .as("scenarios that did not count it")
        .allMatch(String::isEmpty);
    assertThat(page.getElementById("alloc-legend").text())
        .contains("Java heap only")
        .contains("ONNX Runtime and DJL allocate tensors natively");
    assertThat(loaded.getElementById("alloc-legend")).as("a report with no count").isNull();
  }
}
