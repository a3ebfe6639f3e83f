package dev.junitbench.onnx.decoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.onnx.proto.OnnxMl;
import ai.onnx.proto.OnnxMl.TensorProto.DataType;
import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The signature of a decoder with past")
class DecoderSignatureTests {

  @Test
  @DisplayName(
      "refuses a model without a KV cache, naming the model, what is missing and the export that fixes it")
  void modelWithoutPast() {
    assertThatThrownBy(
            () ->
                signature(
                    graph -> {
                      graph.input("input_ids", DataType.INT64, "batch_size", "sequence_length");
                      graph.output("logits", DataType.INT64, "batch_size", "sequence_length");
                      graph.node("Identity", "input_ids").to("logits");
                    }))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Model fixture.onnx is not a decoder exported with past")
        .hasMessageContaining(
            "no KV-cache inputs (past_key_values.{i}.key and .value; its inputs are [input_ids])")
        .hasMessageEndingWith(
            "Export it with past: optimum-cli export onnx --task text-generation-with-past "
                + "--model <model id or folder> <output folder>");
  }

  @Test
  @DisplayName(
      "reads Optimum's legacy merged export: the use_cache_branch flag, and no position ids")
  void mergedExport() throws Exception {
    DecoderSignature signature =
        signature(
            graph -> {
              withCache(graph, 0);
              graph.input("use_cache_branch", DataType.BOOL, 1);
            });
    assertThat(signature).isEqualTo(new DecoderSignature(1, 2, 4, false, true, OnnxJavaType.FLOAT));
  }

  @Test
  @DisplayName("names every cache input and output a model lacks below its last layer")
  void missingLayers() {
    assertThatThrownBy(() -> signature(graph -> withCache(graph, 1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(
            "it lacks input past_key_values.0.key, input past_key_values.0.value, "
                + "output present.0.key, output present.0.value.");
  }

  @Test
  @DisplayName("refuses a cache whose heads are not a fixed dimension")
  void dynamicHeads() {
    assertThatThrownBy(
            () ->
                signature(
                    graph -> {
                      graph.input("input_ids", DataType.INT64, "batch_size", "sequence_length");
                      graph.input("attention_mask", DataType.INT64, "batch_size", "total");
                      graph.input(
                          "past_key_values.0.key",
                          DataType.FLOAT,
                          "batch_size",
                          "heads",
                          "past",
                          4);
                      graph.input(
                          "past_key_values.0.value",
                          DataType.FLOAT,
                          "batch_size",
                          "heads",
                          "past",
                          4);
                      graph.output("logits", DataType.INT64, "batch_size", "sequence_length");
                      graph.output(
                          "present.0.key", DataType.FLOAT, "batch_size", "heads", "past", 4);
                      graph.output(
                          "present.0.value", DataType.FLOAT, "batch_size", "heads", "past", 4);
                      graph.node("Identity", "input_ids").to("logits");
                      graph.node("Identity", "past_key_values.0.key").to("present.0.key");
                      graph.node("Identity", "past_key_values.0.value").to("present.0.value");
                    }))
        .hasMessageContaining(
            "past_key_values.0.key has shape [-1, -1, -1, 4], not [batch_size, heads, "
                + "past_sequence_length, head_dim] with fixed heads and head_dim");
  }

  /**
   * A model whose only real layer is {@code layer}: its cache passes through, logits are the ids.
   */
  private static void withCache(OnnxGraph graph, int layer) {
    graph.input("input_ids", DataType.INT64, "batch_size", "sequence_length");
    graph.input("attention_mask", DataType.INT64, "batch_size", "total");
    graph.input(DecoderSignature.pastKey(layer), DataType.FLOAT, "batch_size", 2, "past", 4);
    graph.input(DecoderSignature.pastValue(layer), DataType.FLOAT, "batch_size", 2, "past", 4);
    graph.output("logits", DataType.INT64, "batch_size", "sequence_length");
    graph.output(DecoderSignature.presentKey(layer), DataType.FLOAT, "batch_size", 2, "past", 4);
    graph.output(DecoderSignature.presentValue(layer), DataType.FLOAT, "batch_size", 2, "past", 4);
    graph.node("Identity", "input_ids").to("logits");
    graph.node("Identity", DecoderSignature.pastKey(layer)).to(DecoderSignature.presentKey(layer));
    graph
        .node("Identity", DecoderSignature.pastValue(layer))
        .to(DecoderSignature.presentValue(layer));
  }

  private static DecoderSignature signature(Consumer<OnnxGraph> nodes) throws OrtException {
    OnnxGraph graph = new OnnxGraph("fixture");
    nodes.accept(graph);
    byte[] model =
        OnnxMl.ModelProto.newBuilder()
            .setIrVersion(8)
            .addOpsetImport(OnnxMl.OperatorSetIdProto.newBuilder().setDomain("").setVersion(17))
            .setGraph(graph.build())
            .build()
            .toByteArray();
    try (OrtSession session =
        OrtEnvironment.getEnvironment().createSession(model, new OrtSession.SessionOptions())) {
      return DecoderSignature.of(session, "fixture.onnx");
    }
  }
}
