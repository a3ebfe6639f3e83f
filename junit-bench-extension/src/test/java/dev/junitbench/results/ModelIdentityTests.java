package dev.junitbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.Benchmark;
import dev.junitbench.Measurement;
import dev.junitbench.Model;
import dev.junitbench.Warmup;
import dev.junitbench.internal.ModelChange;
import dev.junitbench.onnx.OnnxModel;
import dev.junitbench.onnx.TinyModels;
import dev.junitbench.testkit.ListenerRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A model's identity in the result files and in the gate's verdict")
class ModelIdentityTests {

  private static final String MATMUL = "target/test-models/matmul.onnx";

  @TempDir static Path tempDir;

  private static ListenerRun.Outcome first;
  private static String sha256;
  private static long size;

  @BeforeAll
  static void run() throws Exception {
    TinyModels.write();
    byte[] content = Files.readAllBytes(Path.of(MATMUL));
    sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
    size = content.length;
    first = ListenerRun.into(tempDir.resolve("first")).run(ModelTestCases.class);
  }

  @Test
  @DisplayName(
      "results.json and results.csv carry the SHA-256 and size of a real ONNX model's file")
  void inTheResultFiles() {
    JsonNode model = first.result("matmul", "[device=cpu]").get("model");
    assertThat(model.get("sha256").asText()).isEqualTo(sha256).hasSize(64);
    assertThat(model.get("size_bytes").asLong()).isEqualTo(size);
    assertThat(model.get("sha256_unavailable_reason").isNull()).isTrue();
    assertThat(model.get("source").asText()).isEqualTo(MATMUL);
    CSVRecord row = first.resultsCsv().get(0);
    assertThat(row.get("model_sha256")).isEqualTo(sha256);
    assertThat(row.get("model_size_bytes")).isEqualTo(String.valueOf(size));
  }

  @Test
  @DisplayName(
      "a scenario gated against a baseline that ran another model fails saying first that the model changed")
  void gateSaysTheModelChanged() throws Exception {
    ScenarioResult measured = RunFolder.read(first.runDir()).results().get(0);
    ModelInfo other =
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
    // A baseline 100 times faster: the scenario regresses, and the model it ran differs.
    Path baseline =
        RunFolders.write(
            tempDir.resolve("baselines"),
            "run-base",
            List.of(
                RunFolders.passed(
                        measured.benchmark(), measured.params(), RunFolders.around(1_000, 30))
                    .withModel(other)));
    ListenerRun.Outcome gated =
        ListenerRun.into(tempDir.resolve("gated"))
            .config("junit.bench.baseline", baseline.toString())
            .config("junit.bench.forks", "0")
            .run(ModelTestCases.class);

    String change =
        "model changed: e5-small-v2-q.onnx (34 MB, sha 1a2b3c4d..) -> matmul.onnx ("
            + ModelChange.size(size)
            + ", sha "
            + sha256.substring(0, 8)
            + "..)";
    String thrown =
        gated.reported("matmul", "[device=cpu]").getThrowable().orElseThrow().getMessage();
    assertThat(thrown)
        .startsWith("[device=cpu] " + change + "; regressed +")
        .contains(
            "\n" + measured.benchmark() + " [device=cpu]: " + change + "; regressed (unforked: ");
    JsonNode result = gated.result("matmul", "[device=cpu]");
    assertThat(result.get("gate").get("message").asText()).isEqualTo(thrown);
    assertThat(result.get("model").get("sha256").asText()).isEqualTo(sha256);
    assertThat(gated.printed()).contains("; FAILED: " + change + "; regressed (unforked: ");
    assertThat(gated.out()).contains("FAILED model changed, +");
  }

  static class ModelTestCases {
    @Benchmark
    @Warmup(iterations = 1)
    @Measurement(iterations = 20)
    void matmul(@Model(MATMUL) OnnxModel model) {
      long end = System.nanoTime() + 100_000;
      while (System.nanoTime() < end) {
        Thread.onSpinWait();
      }
    }
  }
}
