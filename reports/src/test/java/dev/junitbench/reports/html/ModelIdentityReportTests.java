package dev.junitbench.reports.html;

import static dev.junitbench.reports.Fixtures.params;
import static dev.junitbench.reports.Fixtures.passed;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.results.ModelInfo;
import dev.junitbench.results.RunFolders;
import dev.junitbench.stats.RegressionRule;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The HTML report, on which model each scenario ran")
class ModelIdentityReportTests {

  private static final String EMBED = "com.example.EmbeddingBenchmarks#embed";
  private static final String INT8 = "1a2b3c4d" + "0".repeat(56);
  private static final String FP32 = "3c4d5e6f" + "1".repeat(56);

  @TempDir Path tempDir;

  private static ModelInfo model(String source, long size, String sha256, String reason) {
    return new ModelInfo(
        "e5", "onnxruntime", "onnx", source, size, sha256, reason, 100.0, 5.0, null);
  }

  @Test
  @DisplayName(
      "titles the model cell with the file, its size and SHA-256, and marks a scenario whose model changed")
  void modelCellAndChange() throws Exception {
    Path base =
        RunFolders.write(
            tempDir,
            "run-base",
            List.of(
                passed(EMBED, params("batch_size", 1), 1, 60, 8e6)
                    .withModel(model("classpath:e5-small-v2-q.onnx", 34_012_345L, INT8, null)),
                passed(EMBED, params("batch_size", 8), 2, 60, 40e6)
                    .withModel(model("classpath:e5-small-v2-q.onnx", 34_012_345L, INT8, null))));
    Path now =
        RunFolders.write(
            tempDir,
            "run-now",
            List.of(
                passed(EMBED, params("batch_size", 1), 3, 60, 31e6)
                    .withModel(model("classpath:e5-small-v2.onnx", 133_093_490L, FP32, null)),
                passed(EMBED, params("batch_size", 8), 4, 60, 40e6)
                    .withModel(
                        model(
                            "classpath:block.Decoder",
                            268L,
                            null,
                            "built in memory from its class, with no file to hash"))));
    Document page = Jsoup.parse(HtmlReport.of(List.of(now), base, RegressionRule.DEFAULT).render());
    List<Element> rows = page.select("table.scenarios tbody tr");
    assertThat(rows).hasSize(2);
    List<String> titles =
        rows.stream()
            .map(
                row ->
                    row.select("td[title]").stream()
                        .filter(td -> td.text().equals("e5"))
                        .findFirst()
                        .orElseThrow()
                        .attr("title"))
            .toList();
    assertThat(titles)
        .containsExactlyInAnyOrder(
            "classpath:e5-small-v2.onnx, 133,093,490 bytes, sha256 " + FP32,
            "classpath:block.Decoder, 268 bytes, no sha256: built in memory from its class, with no file to hash");
    assertThat(page.select("td.verdict-regressed"))
        .singleElement()
        .satisfies(
            td ->
                assertThat(td.text())
                    .matches("model changed, \\+\\d+\\.\\d% regressed \\(unforked\\)"));
    assertThat(page.select("td.verdict-unchanged"))
        .singleElement()
        .satisfies(
            td ->
                assertThat(td.text())
                    .as("a change decided on size where a side has no hash")
                    .startsWith("model changed, "));

    Document same =
        Jsoup.parse(HtmlReport.of(List.of(base), base, RegressionRule.DEFAULT).render());
    assertThat(same.select("table.scenarios td").eachText())
        .noneMatch(text -> text.contains("model changed"));
  }
}
