package dev.junitbench.gate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.config.BaselineMatch;
import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.ForkSettings;
import dev.junitbench.results.GateResult;
import dev.junitbench.results.ModelInfo;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.Verdict;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The gate, when the model changed under a scenario")
class GateModelChangeTests {

  private static final String EMBED = "dev.example.EmbeddingBenchmarks#embed";
  private static final Map<String, Object> PARAMS = Map.of("device", "cpu");
  private static final String SUBJECT = EMBED + " [device=cpu]: ";
  private static final ModelInfo INT8 =
      new ModelInfo(
          "e5-small-v2-q",
          "onnxruntime",
          "onnx",
          "classpath:e5-small-v2-q.onnx",
          34_012_345L,
          "1a2b3c4d" + "0".repeat(56),
          null,
          210.0,
          9.0,
          null);
  private static final ModelInfo FP32 =
      new ModelInfo(
          "e5-small-v2-q",
          "onnxruntime",
          "onnx",
          "classpath:e5-small-v2.onnx",
          133_093_490L,
          "3c4d5e6f" + "1".repeat(56),
          null,
          650.0,
          31.0,
          null);
  private static final String CHANGE =
      "model changed: e5-small-v2-q.onnx (34 MB, sha 1a2b3c4d..) -> e5-small-v2.onnx"
          + " (133 MB, sha 3c4d5e6f..)";

  @TempDir Path dir;

  private int baselines;

  private Gate gate(ModelInfo baselineModel, long baselineMedianNs, Gate.BudgetLimits budget) {
    ScenarioResult before =
        RunFolders.passed(EMBED, PARAMS, RunFolders.around(baselineMedianNs, 30));
    Path folder =
        RunFolders.write(
            dir,
            "run-base-" + ++baselines,
            List.of(baselineModel == null ? before : before.withModel(baselineModel)));
    Baseline baseline = Baseline.read(folder);
    return new Gate(
        BaselineMatching.of(
            baseline,
            baseline.keys(),
            BaselineMatch.ANY,
            ForkSettings.of(BenchConfig.of(key -> Optional.empty()))),
        RegressionRule.DEFAULT,
        budget);
  }

  private static GateResult check(Gate gate, ModelInfo model, long medianNs) {
    long[] samples = RunFolders.around(medianNs, 30);
    return gate.check(RunFolders.passed(EMBED, PARAMS, samples).withModel(model), samples);
  }

  @Test
  @DisplayName(
      "fails a regression saying first that the model changed, then by how much it is slower")
  void regressedWithAnotherModel() {
    GateResult decision = check(gate(INT8, 8_000_000, null), FP32, 30_000_000);
    assertThat(decision.failed()).isTrue();
    assertThat(decision.baseline().comparison().verdict()).isEqualTo(Verdict.REGRESSED);
    assertThat(decision.headline()).startsWith("[device=cpu] " + CHANGE + "; regressed +");
    assertThat(decision.detail())
        .startsWith(
            SUBJECT
                + CHANGE
                + "; regressed (unforked: between-JVM variance unknown):"
                + " median +");
  }

  @Test
  @DisplayName("says nothing of the model when it is the same file, whatever its source is called")
  void sameModel() {
    ModelInfo moved =
        new ModelInfo(
            "e5",
            "onnxruntime",
            "onnx",
            "file:/models/e5.onnx",
            INT8.sizeBytes(),
            INT8.sha256(),
            null,
            200.0,
            8.0,
            null);
    GateResult decision = check(gate(INT8, 8_000_000, null), moved, 30_000_000);
    assertThat(decision.failed()).isTrue();
    assertThat(decision.detail())
        .startsWith(SUBJECT + "regressed (unforked: between-JVM variance unknown): median +")
        .doesNotContain("model changed");
  }

  @Test
  @DisplayName(
      "passes a scenario that did not get slower, its verdict still leading with the model change")
  void passedWithAnotherModel() {
    GateResult decision = check(gate(INT8, 8_000_000, null), FP32, 8_000_000);
    assertThat(decision.failed()).isFalse();
    assertThat(decision.message())
        .startsWith(
            SUBJECT
                + CHANGE
                + "; unchanged (unforked: between-JVM variance unknown):"
                + " median ");
  }

  @Test
  @DisplayName("leads a broken budget's failure with the model change too")
  void budgetWithAnotherModel() {
    GateResult decision =
        check(gate(INT8, 8_000_000, new Gate.BudgetLimits(1.0, null, null)), FP32, 8_000_000);
    assertThat(decision.failed()).isTrue();
    assertThat(decision.headline())
        .startsWith("[device=cpu] " + CHANGE + "; budget exceeded: median ");
    assertThat(decision.detail()).startsWith(SUBJECT + CHANGE + "; budget exceeded: median ");
  }

  @Test
  @DisplayName(
      "tells a model apart by size from a baseline written before results carried its SHA-256")
  void olderBaseline() {
    ModelInfo older =
        new ModelInfo(
            "e5-small-v2-q",
            "onnxruntime",
            "onnx",
            "classpath:e5-small-v2-q.onnx",
            34_012_345L,
            210.0,
            9.0,
            null);
    assertThat(check(gate(older, 8_000_000, null), FP32, 30_000_000).detail())
        .startsWith(
            SUBJECT
                + "model changed: e5-small-v2-q.onnx (34 MB) -> e5-small-v2.onnx (133 MB, sha 3c4d5e6f..); regressed (unforked: ");
    ModelInfo sameSize =
        new ModelInfo(
            "e5-small-v2-q",
            "onnxruntime",
            "onnx",
            "classpath:e5-small-v2-q.onnx",
            INT8.sizeBytes(),
            210.0,
            9.0,
            null);
    assertThat(check(gate(sameSize, 8_000_000, null), INT8, 30_000_000).message())
        .doesNotContain("model changed");
    assertThat(check(gate(null, 8_000_000, null), INT8, 30_000_000).message())
        .as("a baseline without a model group")
        .doesNotContain("model changed");
  }
}
