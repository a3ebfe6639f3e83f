package dev.junitbench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.results.ModelInfo;
import java.util.Locale;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("A model change between a baseline and a run")
class ModelChangeTests {

  private static final String INT8 = "1a2b3c4d" + "0".repeat(56);
  private static final String FP32 = "3c4d5e6f" + "1".repeat(56);

  private static ModelInfo model(String source, Long size, String sha256) {
    return new ModelInfo("m", "onnxruntime", "onnx", source, size, sha256, null, 10.0, 1.0, null);
  }

  @Test
  @DisplayName("names both files with their sizes and the first 4 bytes of their SHA-256")
  void described() {
    assertThat(
            ModelChange.describe(
                model("classpath:models/e5-small-v2-q.onnx", 34_012_345L, INT8),
                model("file:/opt/models/e5-small-v2.onnx", 133_093_490L, FP32)))
        .hasValue(
            "model changed: e5-small-v2-q.onnx (34 MB, sha 1a2b3c4d..) -> e5-small-v2.onnx (133 MB, sha 3c4d5e6f..)");
  }

  @Test
  @DisplayName(
      "is decided on SHA-256: another file with the same content is the same model, the same name with other content is not")
  void onSha256() {
    assertThat(
            ModelChange.changed(
                model("a.onnx", 100L, INT8),
                model("models/b.onnx", 100L, INT8.toUpperCase(Locale.ROOT))))
        .isFalse();
    assertThat(
            ModelChange.describe(
                model("model.onnx", 34_000_000L, INT8), model("model.onnx", 34_000_000L, FP32)))
        .hasValue(
            "model changed: model.onnx (34,000,000 bytes, sha 1a2b3c4d..) -> model.onnx (34,000,000 bytes, sha"
                + " 3c4d5e6f..)");
  }

  @Test
  @DisplayName(
      "falls back on size where a side has no SHA-256, as a baseline written before results carried it")
  void onSize() {
    ModelInfo older =
        new ModelInfo(
            "e5",
            "onnxruntime",
            "onnx",
            "classpath:e5-small-v2-q.onnx",
            34_012_345L,
            10.0,
            1.0,
            null);
    assertThat(ModelChange.describe(older, model("classpath:e5-small-v2.onnx", 133_093_490L, FP32)))
        .hasValue(
            "model changed: e5-small-v2-q.onnx (34 MB) -> e5-small-v2.onnx (133 MB, sha 3c4d5e6f..)");
    assertThat(ModelChange.changed(older, model("classpath:e5-small-v2-q.onnx", 34_012_345L, INT8)))
        .isFalse();
    // Sizes that round alike are written in bytes.
    assertThat(
            ModelChange.describe(
                model("block.Decoder", 34_012_345L, null),
                model("block.Decoder", 34_012_346L, null)))
        .hasValue(
            "model changed: block.Decoder (34,012,345 bytes) -> block.Decoder (34,012,346 bytes)");
  }

  @Test
  @DisplayName("says nothing when a side has no model, or neither figure to tell them apart")
  void undecided() {
    assertThat(ModelChange.describe(null, model("a.onnx", 1L, INT8))).isEmpty();
    assertThat(ModelChange.describe(model("a.onnx", 1L, INT8), null)).isEmpty();
    assertThat(ModelChange.describe(model("a.onnx", null, INT8), model("b.onnx", 5L, null)))
        .isEmpty();
  }

  @Test
  @DisplayName("shows more of the hashes when their first 4 bytes are the same")
  void longerPrefix() {
    String a = "1a2b3c4d5e" + "0".repeat(54);
    String b = "1a2b3c4d5f" + "0".repeat(54);
    assertThat(ModelChange.describe(model("a.onnx", 812L, a), model("b.onnx", 4_600L, b)))
        .hasValue(
            "model changed: a.onnx (812 B, sha 1a2b3c4d5e..) -> b.onnx (4.6 kB, sha 1a2b3c4d5f..)");
  }

  @Test
  @DisplayName("writes sizes in decimal units, as file managers do")
  void sizes() {
    assertThat(ModelChange.size(999)).isEqualTo("999 B");
    assertThat(ModelChange.size(1000)).isEqualTo("1.0 kB");
    assertThat(ModelChange.size(9_940)).isEqualTo("9.9 kB");
    assertThat(ModelChange.size(9_960)).isEqualTo("10 kB");
    assertThat(ModelChange.size(999_600)).isEqualTo("1.0 MB");
    assertThat(ModelChange.size(22_972_370)).isEqualTo("23 MB");
    assertThat(ModelChange.size(1_234_567_890)).isEqualTo("1.2 GB");
  }
}
