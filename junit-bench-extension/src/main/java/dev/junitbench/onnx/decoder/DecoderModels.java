package dev.junitbench.onnx.decoder;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import ai.onnx.proto.OnnxMl;
import dev.junitbench.config.Defaults;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.apiguardian.api.API;

/**
 * Builds GPT-2-style decoder-only ONNX models with random weights, offline: inputs {@code
 * input_ids}, {@code attention_mask}, {@code position_ids} and {@code
 * past_key_values.{i}.key/value}, outputs {@code logits} and {@code present.{i}.key/value}, as
 * Hugging Face Optimum exports a decoder with past ({@code --task text-generation-with-past}). Code
 * that generates text with a KV cache runs on these models and on a user's own export alike.
 *
 * <p>Each block is pre-LayerNorm causal multi-head self-attention and a GELU MLP of width 4 x
 * hidden, each with a residual; a final LayerNorm and an LM head that shares the token embedding
 * follow. The weights are random (normal, standard deviation 0.02): the model costs what a trained
 * one of its shape costs, but the text it generates means nothing.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DecoderModels {

  /** Where {@link #cached(DecoderConfig)} keeps models, relative to the working directory. */
  public static final Path DEFAULT_FOLDER = Path.of(Defaults.MODELS_DIR);

  /**
   * The version of the graph's layout; part of every configuration's hash, so old files are not
   * reused.
   */
  static final int LAYOUT = 2;

  /**
   * Metadata key of the number of positions a model built here has; prompt and new tokens fit in
   * it.
   */
  public static final String MAX_POSITIONS = "junit_bench.decoder.max_positions";

  static final int IR_VERSION = 8;
  static final int OPSET = 17;

  // A protobuf message, and so an ONNX file without external data, holds less than 2 GiB.
  private static final long MAX_WEIGHT_BYTES = Integer.MAX_VALUE - (64L << 20);

  private DecoderModels() {}

  /** The model of {@code config} as the bytes of an ONNX file (IR 8, opset 17). */
  public static byte[] build(DecoderConfig config) {
    return model(config).toByteArray();
  }

  /** {@link #cached(DecoderConfig, Path)} in {@link #DEFAULT_FOLDER}. */
  public static Path cached(DecoderConfig config) throws IOException {
    return cached(config, DEFAULT_FOLDER);
  }

  /**
   * The model file of {@code config} in {@code folder}, {@code decoder-<preset or layers x
   * hidden>-<hash>.onnx}: written the first time (to a temporary file, then moved into place, so no
   * reader ever sees half a file) and reused from then on.
   */
  public static Path cached(DecoderConfig config, Path folder) throws IOException {
    Path file = folder.resolve(fileName(config));
    if (Files.isRegularFile(file)) {
      return file;
    }
    Files.createDirectories(folder);
    Path partial = Files.createTempFile(folder, "." + fileName(config), ".part");
    try {
      try (OutputStream out = Files.newOutputStream(partial)) {
        model(config).writeTo(out);
      }
      try {
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(partial);
    }
    return file;
  }

  /** The name of the model file of {@code config}. */
  public static String fileName(DecoderConfig config) {
    return "decoder-" + config.label() + "-" + config.hash() + ".onnx";
  }

  static OnnxMl.ModelProto model(DecoderConfig config) {
    long weightBytes = config.parameterCount() * Float.BYTES;
    if (weightBytes > MAX_WEIGHT_BYTES) {
      throw new IllegalArgumentException(
          "Decoder "
              + config
              + " has "
              + config.parameterCount()
              + " parameters ("
              + weightBytes / (1 << 20)
              + " MiB of weights), more than an ONNX file without "
              + "external data holds (2 GiB); choose fewer layers, a smaller hidden size or a smaller vocabulary");
    }
    return OnnxMl.ModelProto.newBuilder()
        .setIrVersion(IR_VERSION)
        .addOpsetImport(OnnxMl.OperatorSetIdProto.newBuilder().setDomain("").setVersion(OPSET))
        .setProducerName("junit-bench")
        .setDocString("GPT-2-style decoder with random weights: " + config)
        .addMetadataProps(
            OnnxMl.StringStringEntryProto.newBuilder()
                .setKey("junit_bench.decoder.hash")
                .setValue(config.hash()))
        .addMetadataProps(
            OnnxMl.StringStringEntryProto.newBuilder()
                .setKey(MAX_POSITIONS)
                .setValue(String.valueOf(config.maxPositions())))
        .setGraph(DecoderGraph.of(config))
        .build();
  }
}
