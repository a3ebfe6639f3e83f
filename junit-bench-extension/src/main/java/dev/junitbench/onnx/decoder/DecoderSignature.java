package dev.junitbench.onnx.decoder;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * What text generation with a KV cache needs to know of an ONNX decoder exported with past, read
 * from a session's inputs and outputs: inputs {@code input_ids}, {@code attention_mask}, perhaps
 * {@code position_ids}, and {@code past_key_values.{i}.key/value} for every layer; outputs {@code
 * logits} and {@code present.{i}.key/value}.
 *
 * @param layers layers, each with a key and a value in the cache
 * @param heads heads in the cache (fewer than the attention heads in a model with grouped queries)
 * @param headDim dimensions per head
 * @param positionIds whether the model takes {@code position_ids}
 * @param useCacheBranch whether the model takes the boolean {@code use_cache_branch} of Optimum's
 *     legacy merged export, which chooses between the first call (no past) and the following ones
 * @param cacheType the element type of the cache, {@code FLOAT} or {@code FLOAT16}
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record DecoderSignature(
    int layers,
    int heads,
    int headDim,
    boolean positionIds,
    boolean useCacheBranch,
    OnnxJavaType cacheType) {

  /** Token ids, int64 [batch_size, sequence_length]: the tokens of this call only. */
  public static final String INPUT_IDS = "input_ids";

  /**
   * 1 for a token to attend to, 0 for padding, int64 [batch_size, past_sequence_length +
   * sequence_length].
   */
  public static final String ATTENTION_MASK = "attention_mask";

  /** Positions of this call's tokens, int64 [batch_size, sequence_length]. */
  public static final String POSITION_IDS = "position_ids";

  /** The boolean input of Optimum's legacy merged export: false on the first call, true after. */
  public static final String USE_CACHE_BRANCH = "use_cache_branch";

  /**
   * Scores of the next token at each position of this call, [batch_size, sequence_length, vocab].
   */
  public static final String LOGITS = "logits";

  /** How to export a model so that it has a KV cache. */
  public static final String EXPORT_WITH_PAST =
      "optimum-cli export onnx --task text-generation-with-past --model <model id or folder> <output folder>";

  private static final Pattern PAST = Pattern.compile("past_key_values\\.(\\d+)\\.(key|value)");

  /**
   * The input of the keys cached so far in {@code layer}: [batch_size, heads, past_sequence_length,
   * head_dim].
   */
  public static String pastKey(int layer) {
    return "past_key_values." + layer + ".key";
  }

  /** The input of the values cached so far in {@code layer}. */
  public static String pastValue(int layer) {
    return "past_key_values." + layer + ".value";
  }

  /** The output of the keys of {@code layer} with this call's appended: the next call's past. */
  public static String presentKey(int layer) {
    return "present." + layer + ".key";
  }

  /** The output of the values of {@code layer} with this call's appended: the next call's past. */
  public static String presentValue(int layer) {
    return "present." + layer + ".value";
  }

  /**
   * Reads the signature of {@code session}, the model {@code model} (its name or path, for
   * messages).
   *
   * @throws IllegalArgumentException naming the model, what it lacks and how to export it when it
   *     is not a decoder with past
   */
  public static DecoderSignature of(OrtSession session, String model) throws OrtException {
    return of(model, session.getInputInfo(), session.getOutputInfo());
  }

  private static DecoderSignature of(
      String model, Map<String, NodeInfo> inputs, Map<String, NodeInfo> outputs) {
    TreeSet<Integer> layerNumbers = new TreeSet<>();
    for (String input : inputs.keySet()) {
      Matcher past = PAST.matcher(input);
      if (past.matches()) {
        layerNumbers.add(Integer.parseInt(past.group(1)));
      }
    }
    if (layerNumbers.isEmpty()) {
      throw refused(
          model,
          "it has no KV-cache inputs (past_key_values.{i}.key and .value; its inputs are "
              + inputs.keySet()
              + "), so each generated token would recompute the whole sequence");
    }
    int layers = layerNumbers.last() + 1;
    List<String> missing = new ArrayList<>();
    for (String input : List.of(INPUT_IDS, ATTENTION_MASK)) {
      if (!inputs.containsKey(input)) {
        missing.add("input " + input);
      }
    }
    if (!outputs.containsKey(LOGITS)) {
      missing.add("output " + LOGITS);
    }
    for (int layer = 0; layer < layers; layer++) {
      for (String input : List.of(pastKey(layer), pastValue(layer))) {
        if (!inputs.containsKey(input)) {
          missing.add("input " + input);
        }
      }
      for (String output : List.of(presentKey(layer), presentValue(layer))) {
        if (!outputs.containsKey(output)) {
          missing.add("output " + output);
        }
      }
    }
    if (!missing.isEmpty()) {
      throw refused(model, "it lacks " + String.join(", ", missing));
    }
    TensorInfo first = tensor(model, inputs, pastKey(0));
    for (int layer = 0; layer < layers; layer++) {
      for (String input : List.of(pastKey(layer), pastValue(layer))) {
        TensorInfo cache = tensor(model, inputs, input);
        long[] shape = cache.getShape();
        if (shape.length != 4 || shape[1] <= 0 || shape[3] <= 0) {
          throw refused(
              model,
              input
                  + " has shape "
                  + Arrays.toString(shape)
                  + ", not [batch_size, heads, past_sequence_length, head_dim] with fixed heads and head_dim");
        }
        if (shape[1] != first.getShape()[1]
            || shape[3] != first.getShape()[3]
            || cache.type != first.type) {
          throw refused(
              model,
              input
                  + " is "
                  + describe(cache)
                  + " but "
                  + pastKey(0)
                  + " is "
                  + describe(first)
                  + "; every layer's cache must have the same heads, head_dim and type");
        }
      }
    }
    NodeInfo branch = inputs.get(USE_CACHE_BRANCH);
    boolean useCacheBranch =
        branch != null
            && branch.getInfo() instanceof TensorInfo flag
            && flag.type == OnnxJavaType.BOOL;
    return new DecoderSignature(
        layers,
        (int) first.getShape()[1],
        (int) first.getShape()[3],
        inputs.containsKey(POSITION_IDS),
        useCacheBranch,
        first.type);
  }

  private static TensorInfo tensor(String model, Map<String, NodeInfo> inputs, String name) {
    if (inputs.get(name).getInfo() instanceof TensorInfo tensor) {
      return tensor;
    }
    throw refused(model, name + " is " + inputs.get(name).getInfo() + ", not a tensor");
  }

  private static String describe(TensorInfo tensor) {
    return tensor.type + Arrays.toString(tensor.getShape());
  }

  private static IllegalArgumentException refused(String model, String why) {
    return new IllegalArgumentException(
        "Model "
            + model
            + " is not a decoder exported with past: "
            + why
            + ". Export it with past: "
            + EXPORT_WITH_PAST);
  }
}
