package dev.junitbench.reports.compare;

import static dev.junitbench.reports.Fixtures.CLASSIFY;
import static dev.junitbench.reports.Fixtures.EMBED;
import static dev.junitbench.reports.Fixtures.params;
import static dev.junitbench.reports.Fixtures.passed;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.reports.Markdown;
import dev.junitbench.results.ModelInfo;
import dev.junitbench.results.RunFolders;
import dev.junitbench.stats.RegressionRule;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("compare, when a scenario's model changed")
class ModelChangeComparisonTests {

  private static final ModelInfo INT8 =
      model("classpath:e5-small-v2-q.onnx", 34_012_345L, "1a2b3c4d");
  private static final ModelInfo FP32 =
      model("classpath:e5-small-v2.onnx", 133_093_490L, "3c4d5e6f");
  private static final ModelInfo RESNET =
      model("file:models/resnet50.onnx", 102_500_000L, "99887766");
  private static final String CHANGE =
      "model changed: e5-small-v2-q.onnx (34 MB, sha 1a2b3c4d..) -> e5-small-v2.onnx"
          + " (133 MB, sha 3c4d5e6f..)";

  @TempDir Path tempDir;

  private RunComparison comparison;

  private static ModelInfo model(String source, long size, String shaStart) {
    return new ModelInfo(
        "e5",
        "onnxruntime",
        "onnx",
        source,
        size,
        shaStart + "0".repeat(56),
        null,
        100.0,
        5.0,
        null);
  }

  @BeforeEach
  void compare() throws Exception {
    // The fp32 model under the int8 scenario names is about 4 times slower; the vision model is the
    // same file.
    Path base =
        RunFolders.write(
            tempDir,
            "run-base",
            List.of(
                passed(EMBED, params("batch_size", 1), 1, 60, 8e6).withModel(INT8),
                passed(EMBED, params("batch_size", 8), 2, 60, 40e6).withModel(INT8),
                passed(CLASSIFY, params("batch_size", 1), 3, 60, 20e6).withModel(RESNET),
                passed(CLASSIFY, params("batch_size", 8), 4, 60, 90e6).withModel(RESNET)));
    Path now =
        RunFolders.write(
            tempDir,
            "run-now",
            List.of(
                passed(EMBED, params("batch_size", 1), 5, 60, 31e6).withModel(FP32),
                passed(EMBED, params("batch_size", 8), 6, 60, 160e6).withModel(FP32),
                passed(CLASSIFY, params("batch_size", 1), 7, 60, 20e6).withModel(RESNET),
                passed(CLASSIFY, params("batch_size", 8), 8, 60, 90e6).withModel(FP32)));
    comparison = RunComparison.of(base, now, RegressionRule.DEFAULT);
  }

  @Test
  @DisplayName("each scenario knows whether its model changed")
  void rows() {
    assertThat(comparison.rows())
        .filteredOn(row -> row.key().benchmark().equals(EMBED))
        .extracting(RunComparison.Row::modelChange)
        .containsOnly(CHANGE);
    assertThat(comparison.rows())
        .filteredOn(row -> row.key().benchmark().equals(CLASSIFY))
        .extracting(RunComparison.Row::modelChange)
        .containsExactlyInAnyOrder(
            null,
            "model changed: resnet50.onnx (103 MB, sha 99887766..) -> e5-small-v2.onnx"
                + " (133 MB, sha 3c4d5e6f..)");
  }

  @Test
  @DisplayName(
      "text: under the benchmark's name, before its table, the change and the scenarios it applies to")
  void text() {
    List<String> lines = ComparisonText.render(comparison).lines().toList();
    int embed = lines.indexOf("EmbeddingBenchmarks.embed");
    assertThat(lines.get(embed + 1)).as("every scenario of the benchmark").isEqualTo("  " + CHANGE);
    assertThat(lines.get(embed + 2)).startsWith("  verdict");
    int classify = lines.indexOf("VisionBenchmarks.classify");
    assertThat(lines.get(classify + 1))
        .isEqualTo(
            "  model changed: resnet50.onnx (103 MB, sha 99887766..) ->"
                + " e5-small-v2.onnx (133 MB, sha 3c4d5e6f..) in [batch_size=8]");
    assertThat(lines).filteredOn(line -> line.contains("model changed")).hasSize(2);
  }

  @Test
  @DisplayName("Markdown: the changes right after the lead line, and the rows they apply to marked")
  void markdown() {
    List<String> lines = ComparisonMarkdown.render(comparison).lines().toList();
    assertThat(lines.get(0)).startsWith(":red_circle: **2 regressed**");
    assertThat(lines.get(2))
        .isEqualTo("- :warning: EmbeddingBenchmarks\\.embed\\: " + Markdown.escape(CHANGE));
    assertThat(lines.get(3))
        .startsWith("- :warning: VisionBenchmarks\\.classify\\: model changed\\: resnet50")
        .endsWith(" in \\[batch\\_size\\=8\\]");
    assertThat(lines)
        .filteredOn(
            line ->
                line.startsWith(
                    "| :red_circle: regressed, model changed | " + "EmbeddingBenchmarks\\.embed"))
        .hasSize(2);
  }

  @Test
  @DisplayName("JSON: a model_change field per scenario, and each side's model group")
  void json() throws Exception {
    JsonNode json = new ObjectMapper().readTree(ComparisonJson.render(comparison));
    for (JsonNode scenario : json.get("scenarios")) {
      boolean embed = scenario.get("benchmark").asText().equals(EMBED);
      boolean changed = embed || scenario.get("params").get("batch_size").asInt() == 8;
      assertThat(scenario.has("model_change")).isTrue();
      assertThat(scenario.get("model_change").isNull()).isEqualTo(!changed);
      if (embed) {
        assertThat(scenario.get("model_change").asText()).isEqualTo(CHANGE);
        assertThat(scenario.get("baseline").get("model").get("sha256").asText())
            .startsWith("1a2b3c4d");
        assertThat(scenario.get("current").get("model").get("size_bytes").asLong())
            .isEqualTo(133_093_490L);
      }
    }
  }
}
