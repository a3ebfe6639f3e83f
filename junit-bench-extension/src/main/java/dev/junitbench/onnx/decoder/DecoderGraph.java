package dev.junitbench.onnx.decoder;

import static dev.junitbench.onnx.decoder.DecoderSignature.ATTENTION_MASK;
import static dev.junitbench.onnx.decoder.DecoderSignature.INPUT_IDS;
import static dev.junitbench.onnx.decoder.DecoderSignature.LOGITS;
import static dev.junitbench.onnx.decoder.DecoderSignature.POSITION_IDS;

import ai.onnx.proto.OnnxMl;
import ai.onnx.proto.OnnxMl.TensorProto.DataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.SplittableRandom;

/**
 * The graph of a GPT-2-style decoder with a KV cache, its inputs and outputs named as Hugging Face
 * Optimum names those of a decoder exported with past. Weights are drawn in the order the graph
 * needs them from one generator seeded by the configuration, so equal configurations give equal
 * bytes.
 */
final class DecoderGraph {

  static final String BATCH = "batch_size";
  static final String SEQUENCE = "sequence_length";
  static final String PAST = "past_sequence_length";
  static final String TOTAL = "past_sequence_length + sequence_length";

  /**
   * The score of a masked key: finite, so a row whose keys are all masked still softmaxes to
   * numbers.
   */
  static final float MASKED = -1e9f;

  static final float EPSILON = 1e-5f;
  static final double INIT_STD = 0.02;

  private final DecoderConfig config;
  private final OnnxGraph graph;
  private final SplittableRandom random;

  private DecoderGraph(DecoderConfig config) {
    this.config = config;
    this.graph = new OnnxGraph("decoder-" + config.label());
    this.random = new SplittableRandom(config.seed());
  }

  static OnnxMl.GraphProto of(DecoderConfig config) {
    return new DecoderGraph(config).write();
  }

  private OnnxMl.GraphProto write() {
    int hidden = config.hidden();
    graph.input(INPUT_IDS, DataType.INT64, BATCH, SEQUENCE);
    graph.input(ATTENTION_MASK, DataType.INT64, BATCH, TOTAL);
    graph.input(POSITION_IDS, DataType.INT64, BATCH, SEQUENCE);
    for (int layer = 0; layer < config.layers(); layer++) {
      graph.input(
          DecoderSignature.pastKey(layer),
          DataType.FLOAT,
          BATCH,
          config.heads(),
          PAST,
          config.headDim());
      graph.input(
          DecoderSignature.pastValue(layer),
          DataType.FLOAT,
          BATCH,
          config.heads(),
          PAST,
          config.headDim());
    }
    graph.output(LOGITS, DataType.FLOAT, BATCH, SEQUENCE, config.vocabSize());
    for (int layer = 0; layer < config.layers(); layer++) {
      graph.output(
          DecoderSignature.presentKey(layer),
          DataType.FLOAT,
          BATCH,
          config.heads(),
          TOTAL,
          config.headDim());
      graph.output(
          DecoderSignature.presentValue(layer),
          DataType.FLOAT,
          BATCH,
          config.heads(),
          TOTAL,
          config.headDim());
    }
    constants();

    // The token embedding is stored [hidden, vocab] so that the LM head multiplies by it as it is.
    String tokenEmbedding = normal("token_embedding.weight", hidden, config.vocabSize());
    String positionEmbedding = normal("position_embedding.weight", config.maxPositions(), hidden);
    String tokens =
        graph
            .node(
                "Transpose",
                graph
                    .node("Gather", tokenEmbedding, INPUT_IDS)
                    .attr("axis", 1L)
                    .to("/embed/tokens_hbs"))
            .attr("perm", 1L, 2L, 0L)
            .to("/embed/tokens");
    String positions = graph.node("Gather", positionEmbedding, POSITION_IDS).to("/embed/positions");
    String stream = graph.node("Add", tokens, positions).to("/embed/sum");

    String allowed = allowedKeys();
    for (int layer = 0; layer < config.layers(); layer++) {
      stream = block(layer, stream, allowed);
    }
    String last = layerNorm("ln_f", stream);
    graph.node("MatMul", last, tokenEmbedding).to(LOGITS);
    return graph.build();
  }

  private void constants() {
    graph.longs("/const/axis0", 0);
    graph.longs("/const/axis1", 1);
    graph.longs("/const/axes12", 1, 2);
    graph.longScalar("/const/zero", 0);
    graph.longScalar("/const/one", 1);
    graph.scalar("/const/masked", MASKED);
    graph.scalar("/const/score_scale", (float) (1 / Math.sqrt(config.headDim())));
    graph.scalar("/const/half", 0.5f);
    graph.scalar("/const/one_f", 1f);
    graph.scalar("/const/sqrt2", (float) Math.sqrt(2));
    graph.longs("/const/split_qkv", config.hidden(), config.hidden(), config.hidden());
    graph.longs("/const/heads_shape", 0, 0, config.heads(), config.headDim());
    graph.longs("/const/merged_shape", 0, 0, config.hidden());
  }

  /**
   * Which keys each query may see, [batch, 1, sequence, past + sequence]: the query at position s
   * of this call sits at absolute index past + s and sees key j when j <= past + s and the
   * attention mask has 1 at j. The past length is the mask's length minus the number of new tokens.
   */
  private String allowedKeys() {
    String sequence =
        graph.node("Shape", INPUT_IDS).attr("start", 1L).attr("end", 2L).to("/mask/sequence");
    String total =
        graph.node("Shape", ATTENTION_MASK).attr("start", 1L).attr("end", 2L).to("/mask/total");
    String past = graph.node("Sub", total, sequence).to("/mask/past");
    String totalScalar = graph.node("Squeeze", total, "/const/axis0").to("/mask/total_scalar");
    String pastScalar = graph.node("Squeeze", past, "/const/axis0").to("/mask/past_scalar");
    String queries =
        graph.node("Range", pastScalar, totalScalar, "/const/one").to("/mask/query_index");
    String keys =
        graph.node("Range", "/const/zero", totalScalar, "/const/one").to("/mask/key_index");
    String causal =
        graph
            .node(
                "LessOrEqual",
                graph.node("Unsqueeze", keys, "/const/axis0").to("/mask/key_row"),
                graph.node("Unsqueeze", queries, "/const/axis1").to("/mask/query_column"))
            .to("/mask/causal");
    String attended =
        graph
            .node("Cast", ATTENTION_MASK)
            .attr("to", (long) DataType.BOOL.getNumber())
            .to("/mask/attended");
    String padding = graph.node("Unsqueeze", attended, "/const/axes12").to("/mask/padding");
    return graph.node("And", causal, padding).to("/mask/allowed");
  }

  private String block(int layer, String stream, String allowed) {
    String prefix = "h." + layer;
    String attention = attention(layer, layerNorm(prefix + ".ln_1", stream), allowed);
    String afterAttention =
        graph.node("Add", stream, attention).to("/" + prefix + "/attn_residual");
    String mlp = mlp(prefix, layerNorm(prefix + ".ln_2", afterAttention));
    return graph.node("Add", afterAttention, mlp).to("/" + prefix + "/mlp_residual");
  }

  private String attention(int layer, String x, String allowed) {
    String at = "/h." + layer + "/attn/";
    String qkv = linear("h." + layer + ".attn.c_attn", x, config.hidden(), 3 * config.hidden());
    graph.node("Split", qkv, "/const/split_qkv").attr("axis", 2L).to(at + "q", at + "k", at + "v");
    String query = heads(at + "q");
    String key =
        graph
            .node("Concat", DecoderSignature.pastKey(layer), heads(at + "k"))
            .attr("axis", 2L)
            .to(DecoderSignature.presentKey(layer));
    String value =
        graph
            .node("Concat", DecoderSignature.pastValue(layer), heads(at + "v"))
            .attr("axis", 2L)
            .to(DecoderSignature.presentValue(layer));
    String keyT = graph.node("Transpose", key).attr("perm", 0L, 1L, 3L, 2L).to(at + "k_t");
    String scores =
        graph
            .node("Mul", graph.node("MatMul", query, keyT).to(at + "qk"), "/const/score_scale")
            .to(at + "scores");
    String masked = graph.node("Where", allowed, scores, "/const/masked").to(at + "masked");
    String weights = graph.node("Softmax", masked).attr("axis", -1L).to(at + "weights");
    String context = graph.node("MatMul", weights, value).to(at + "context");
    String merged =
        graph
            .node(
                "Reshape",
                graph.node("Transpose", context).attr("perm", 0L, 2L, 1L, 3L).to(at + "context_t"),
                "/const/merged_shape")
            .to(at + "merged");
    return linear("h." + layer + ".attn.c_proj", merged, config.hidden(), config.hidden());
  }

  /** [batch, sequence, hidden] to [batch, heads, sequence, head_dim]. */
  private String heads(String x) {
    String split = graph.node("Reshape", x, "/const/heads_shape").to(x + "_heads");
    return graph.node("Transpose", split).attr("perm", 0L, 2L, 1L, 3L).to(x + "_bhsd");
  }

  private String mlp(String prefix, String x) {
    String inner = linear(prefix + ".mlp.c_fc", x, config.hidden(), 4 * config.hidden());
    // GELU, exact: 0.5 x (1 + erf(x / sqrt 2)); opset 17 has no Gelu operator.
    String at = "/" + prefix + "/mlp/gelu_";
    String erf =
        graph
            .node("Erf", graph.node("Div", inner, "/const/sqrt2").to(at + "scaled"))
            .to(at + "erf");
    String gate = graph.node("Add", erf, "/const/one_f").to(at + "gate");
    String gelu =
        graph
            .node("Mul", graph.node("Mul", inner, gate).to(at + "product"), "/const/half")
            .to(at + "out");
    return linear(prefix + ".mlp.c_proj", gelu, 4 * config.hidden(), config.hidden());
  }

  private String linear(String name, String x, int in, int out) {
    String weight = normal(name + ".weight", in, out);
    String bias = normal(name + ".bias", out);
    String product = graph.node("MatMul", x, weight).to("/" + name + "/matmul");
    return graph.node("Add", product, bias).to("/" + name + "/out");
  }

  private String layerNorm(String name, String x) {
    String gain = constant(name + ".weight", 1f, config.hidden());
    String bias = constant(name + ".bias", 0f, config.hidden());
    return graph
        .node("LayerNormalization", x, gain, bias)
        .attr("axis", -1L)
        .attr("epsilon", EPSILON)
        .to("/" + name + "/out");
  }

  private String normal(String name, long... dims) {
    ByteBuffer bytes = allocate(dims);
    FloatBuffer floats = bytes.asFloatBuffer();
    while (floats.hasRemaining()) {
      floats.put((float) (random.nextGaussian() * INIT_STD));
    }
    return graph.floats(name, bytes, dims);
  }

  private String constant(String name, float value, long... dims) {
    ByteBuffer bytes = allocate(dims);
    FloatBuffer floats = bytes.asFloatBuffer();
    while (floats.hasRemaining()) {
      floats.put(value);
    }
    return graph.floats(name, bytes, dims);
  }

  private static ByteBuffer allocate(long... dims) {
    long count = 1;
    for (long dim : dims) {
      count *= dim;
    }
    return ByteBuffer.allocate(Math.toIntExact(count * Float.BYTES)).order(ByteOrder.LITTLE_ENDIAN);
  }
}
