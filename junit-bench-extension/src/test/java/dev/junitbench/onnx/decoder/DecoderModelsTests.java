package dev.junitbench.onnx.decoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import ai.onnx.proto.OnnxMl;
import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A decoder model built in code")
class DecoderModelsTests {

  private static final String B = "batch_size";
  private static final String S = "sequence_length";
  private static final String P = "past_sequence_length";
  private static final String T = "past_sequence_length + sequence_length";

  @Test
  @DisplayName("opens in ONNX Runtime with the inputs and outputs of Optimum's decoder with past")
  void namesTypesAndDimensions() throws Exception {
    try (OrtSession session =
        OrtEnvironment.getEnvironment()
            .createSession(
                DecoderModels.build(DecoderConfig.TINY), new OrtSession.SessionOptions())) {
      Map<String, NodeInfo> inputs = session.getInputInfo();
      assertThat(inputs.keySet())
          .containsExactly(
              "input_ids",
              "attention_mask",
              "position_ids",
              "past_key_values.0.key",
              "past_key_values.0.value",
              "past_key_values.1.key",
              "past_key_values.1.value");
      assertTensor(inputs, "input_ids", OnnxJavaType.INT64, B, S);
      assertTensor(inputs, "attention_mask", OnnxJavaType.INT64, B, T);
      assertTensor(inputs, "position_ids", OnnxJavaType.INT64, B, S);
      assertTensor(inputs, "past_key_values.1.value", OnnxJavaType.FLOAT, B, 4L, P, 8L);
      Map<String, NodeInfo> outputs = session.getOutputInfo();
      assertThat(outputs.keySet())
          .containsExactly(
              "logits", "present.0.key", "present.0.value", "present.1.key", "present.1.value");
      assertTensor(outputs, "logits", OnnxJavaType.FLOAT, B, S, 97L);
      assertTensor(outputs, "present.0.key", OnnxJavaType.FLOAT, B, 4L, T, 8L);

      assertThat(DecoderSignature.of(session, "tiny"))
          .isEqualTo(new DecoderSignature(2, 4, 8, true, false, OnnxJavaType.FLOAT));
    }
  }

  /** Each expected dimension is a size (Long) or a symbolic name (String). */
  private static void assertTensor(
      Map<String, NodeInfo> values, String name, OnnxJavaType type, Object... dims) {
    TensorInfo tensor = (TensorInfo) values.get(name).getInfo();
    assertThat(tensor.type).as(name).isEqualTo(type);
    assertThat(tensor.getShape()).as(name).hasSize(dims.length);
    for (int i = 0; i < dims.length; i++) {
      if (dims[i] instanceof String symbol) {
        assertThat(tensor.getDimensionNames()[i]).as(name + " dimension " + i).isEqualTo(symbol);
        assertThat(tensor.getShape()[i]).as(name + " dimension " + i).isEqualTo(-1);
      } else {
        assertThat(tensor.getShape()[i]).as(name + " dimension " + i).isEqualTo(dims[i]);
      }
    }
  }

  @Test
  @DisplayName(
      "is an IR 8, opset 17 model whose weights are raw little-endian floats drawn as GPT-2 draws them")
  void modelAndWeights() throws Exception {
    OnnxMl.ModelProto model = OnnxMl.ModelProto.parseFrom(DecoderModels.build(DecoderConfig.TINY));
    assertThat(model.getIrVersion()).isEqualTo(8);
    assertThat(model.getOpsetImportList())
        .singleElement()
        .satisfies(opset -> assertThat(opset.getDomain()).isEmpty())
        .satisfies(opset -> assertThat(opset.getVersion()).isEqualTo(17));
    List<OnnxMl.TensorProto> floats =
        model.getGraph().getInitializerList().stream()
            .filter(tensor -> tensor.getDataType() == OnnxMl.TensorProto.DataType.FLOAT.getNumber())
            .toList();
    assertThat(floats).allSatisfy(tensor -> assertThat(tensor.getFloatDataCount()).isZero());
    long weights =
        floats.stream()
            .filter(tensor -> tensor.getDimsCount() > 0)
            .mapToLong(tensor -> tensor.getRawData().size() / Float.BYTES)
            .sum();
    assertThat(weights).isEqualTo(DecoderConfig.TINY.parameterCount());

    assertThat(values(model, "h.1.ln_2.weight")).containsOnly(1f).hasSize(32);
    assertThat(values(model, "ln_f.bias")).containsOnly(0f).hasSize(32);
    float[] embedding = values(model, "token_embedding.weight");
    assertThat(embedding).hasSize(32 * 97);
    double squares = 0;
    for (float weight : embedding) {
      squares += weight * weight;
    }
    assertThat(Math.sqrt(squares / embedding.length)).isCloseTo(0.02, offset(0.001));
    assertThat(model.getGraph().getNodeList())
        .filteredOn(node -> node.getOpType().equals("LayerNormalization"))
        .hasSize(5)
        .allSatisfy(
            node ->
                assertThat(node.getAttributeList())
                    .anySatisfy(attribute -> assertThat(attribute.getF()).isEqualTo(1e-5f)));
  }

  private static float[] values(OnnxMl.ModelProto model, String name) {
    OnnxMl.TensorProto tensor =
        model.getGraph().getInitializerList().stream()
            .filter(initializer -> initializer.getName().equals(name))
            .findFirst()
            .orElseThrow();
    FloatBuffer buffer =
        ByteBuffer.wrap(tensor.getRawData().toByteArray())
            .order(ByteOrder.LITTLE_ENDIAN)
            .asFloatBuffer();
    float[] values = new float[buffer.remaining()];
    buffer.get(values);
    return values;
  }

  @Test
  @DisplayName("is the same bytes for the same configuration and other weights for another seed")
  void deterministic() throws Exception {
    byte[] once = DecoderModels.build(DecoderConfig.TINY);
    assertThat(DecoderModels.build(DecoderConfig.TINY)).isEqualTo(once);
    OnnxMl.ModelProto reseeded =
        OnnxMl.ModelProto.parseFrom(DecoderModels.build(DecoderConfig.TINY.withSeed(7)));
    OnnxMl.ModelProto original = OnnxMl.ModelProto.parseFrom(once);
    assertThat(reseeded.getGraph().getNodeList()).isEqualTo(original.getGraph().getNodeList());
    assertThat(values(reseeded, "token_embedding.weight"))
        .isNotEqualTo(values(original, "token_embedding.weight"));
    assertThat(values(reseeded, "h.1.mlp.c_proj.weight"))
        .isNotEqualTo(values(original, "h.1.mlp.c_proj.weight"));
  }

  @Test
  @DisplayName("is written once into its cache folder and reused from there")
  void cachedOnce(@TempDir Path folder) throws Exception {
    Path file = DecoderModels.cached(DecoderConfig.TINY, folder.resolve("models"));
    assertThat(file.getFileName())
        .hasToString("decoder-tiny-" + DecoderConfig.TINY.hash() + ".onnx");
    assertThat(file).hasBinaryContent(DecoderModels.build(DecoderConfig.TINY));
    FileTime written = FileTime.from(Instant.parse("2001-02-03T04:05:06Z"));
    Files.setLastModifiedTime(file, written);

    assertThat(DecoderModels.cached(DecoderConfig.TINY, folder.resolve("models"))).isEqualTo(file);
    assertThat(Files.getLastModifiedTime(file)).isEqualTo(written);

    DecoderConfig custom = new DecoderConfig(1, 16, 2, 11, 8, 3);
    Path other = DecoderModels.cached(custom, folder.resolve("models"));
    assertThat(other.getFileName()).hasToString("decoder-1x16-" + custom.hash() + ".onnx");
    try (Stream<Path> files = Files.list(folder.resolve("models"))) {
      assertThat(files).containsExactlyInAnyOrder(file, other);
    }
    assertThat(DecoderModels.DEFAULT_FOLDER).isEqualTo(Path.of("target", "junit-bench-models"));
  }

  @Test
  @DisplayName("refuses a configuration whose weights an ONNX file cannot hold, before drawing any")
  void tooLarge() {
    DecoderConfig huge = new DecoderConfig(48, 4096, 32, 50257, 2048, 1);
    assertThatThrownBy(() -> DecoderModels.build(huge))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(huge.parameterCount() + " parameters")
        .hasMessageContaining("2 GiB")
        .hasMessageContaining("choose fewer layers");
  }
}
