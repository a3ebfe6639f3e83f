package dev.junitbench.onnx.decoder;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The shape of a GPT-style decoder that {@link DecoderModels} builds, and the seed of its random
 * weights: the same configuration always gives the same model file.
 *
 * @param layers transformer blocks
 * @param hidden width of the residual stream (GPT-2's {@code n_embd})
 * @param heads attention heads; {@code hidden} must be a multiple of it
 * @param vocabSize token ids run from 0 to {@code vocabSize - 1}
 * @param maxPositions position ids run from 0 to {@code maxPositions - 1}
 * @param seed seed of the weights' random numbers
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record DecoderConfig(
    int layers, int hidden, int heads, int vocabSize, int maxPositions, long seed) {

  /** The seed of every preset. */
  public static final long DEFAULT_SEED = 42;

  /** GPT-2 small's shape: 12 layers of width 768, 12 heads, 124M parameters. */
  public static final DecoderConfig GPT2_SMALL =
      new DecoderConfig(12, 768, 12, 50257, 1024, DEFAULT_SEED);

  /** DistilGPT2's shape: GPT-2 small with 6 layers, 82M parameters. */
  public static final DecoderConfig DISTILGPT2 =
      new DecoderConfig(6, 768, 12, 50257, 1024, DEFAULT_SEED);

  /**
   * A decoder small enough to build and run in milliseconds: 2 layers of width 32, 4 heads of 8.
   */
  public static final DecoderConfig TINY = new DecoderConfig(2, 32, 4, 97, 64, DEFAULT_SEED);

  private static final Map<String, DecoderConfig> PRESETS = presets();

  public DecoderConfig {
    positive("layers", layers);
    positive("hidden size", hidden);
    positive("heads", heads);
    positive("vocabulary size", vocabSize);
    positive("maximum positions", maxPositions);
    if (hidden % heads != 0) {
      throw new IllegalArgumentException(
          "Decoder hidden size "
              + hidden
              + " is not divisible by its "
              + heads
              + " heads: each head takes hidden / heads dimensions; choose a hidden size that is a multiple of "
              + heads
              + " (e.g. "
              + (hidden / heads + 1) * heads
              + ")");
    }
  }

  private static void positive(String what, int value) {
    if (value <= 0) {
      throw new IllegalArgumentException("Decoder " + what + " must be positive, got " + value);
    }
  }

  private static Map<String, DecoderConfig> presets() {
    Map<String, DecoderConfig> presets = new LinkedHashMap<>();
    presets.put("gpt2-small", GPT2_SMALL);
    presets.put("distilgpt2", DISTILGPT2);
    presets.put("tiny", TINY);
    return presets;
  }

  /** This configuration with other weights. */
  public DecoderConfig withSeed(long otherSeed) {
    return new DecoderConfig(layers, hidden, heads, vocabSize, maxPositions, otherSeed);
  }

  /** Dimensions per attention head. */
  public int headDim() {
    return hidden / heads;
  }

  /** Weights in the model; the LM head shares the token embedding, as GPT-2's does. */
  public long parameterCount() {
    long width = hidden;
    long embeddings = (long) vocabSize * width + (long) maxPositions * width;
    long perLayer = 12 * width * width + 13 * width;
    return embeddings + layers * perLayer + 2 * width;
  }

  /**
   * The name of the preset whose dimensions these are (whatever the seed), else {@code
   * <layers>x<hidden>}: the readable part of the model's file name.
   */
  public String label() {
    for (Map.Entry<String, DecoderConfig> preset : PRESETS.entrySet()) {
      if (preset.getValue().withSeed(seed).equals(this)) {
        return preset.getKey();
      }
    }
    return layers + "x" + hidden;
  }

  /**
   * Hex SHA-256 of every field and of the graph's layout version: equal for equal configurations in
   * any JVM, different when any field (or the way the graph is built) changes.
   */
  public String hash() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeUTF("junit-bench decoder");
      out.writeInt(DecoderModels.LAYOUT);
      out.writeInt(layers);
      out.writeInt(hidden);
      out.writeInt(heads);
      out.writeInt(vocabSize);
      out.writeInt(maxPositions);
      out.writeLong(seed);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      return HexFormat.of()
          .formatHex(MessageDigest.getInstance("SHA-256").digest(bytes.toByteArray()));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java runtime has SHA-256", e);
    }
  }
}
