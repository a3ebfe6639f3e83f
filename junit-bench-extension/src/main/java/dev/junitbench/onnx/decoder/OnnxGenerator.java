package dev.junitbench.onnx.decoder;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OnnxValue;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.infra.Generator;
import dev.junitbench.spi.GenerationRequest;
import dev.junitbench.spi.TokenRecorder;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.apiguardian.api.API;

/**
 * Greedy text generation with an ONNX decoder exported with past, on ONNX Runtime: one call of the
 * prompt (prefill, past of length 0), then one call per further token with the cache the call
 * before returned. Every input tensor a request needs is made before its first request (the ids fed
 * back sit in a direct buffer the decode calls read in place; masks and positions of every step are
 * made once) and the logits land in buffers of junit-bench's own, so between two clock reads only
 * ONNX Runtime's call and the argmax over the vocabulary run.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class OnnxGenerator implements Generator, AutoCloseable {

  private final OrtSession session;
  private final DecoderSignature signature;
  private final int batch;
  private final int prompt;
  private final int tokens;
  private final int vocab;
  private final String promptSource;
  private final TokenRecorder recorder;
  private final boolean halfLogits;
  private final List<OnnxTensor> owned = new ArrayList<>();
  private final Map<String, OnnxTensor> prefillInputs = new HashMap<>();
  private final Map<String, OnnxTensor> decodeInputs = new HashMap<>();
  private final Map<String, OnnxTensor> prefillLogits;
  private final Map<String, OnnxTensor> decodeLogits;
  private final ByteBuffer prefillLogitsBuffer;
  private final ByteBuffer decodeLogitsBuffer;
  private final Set<String> presents = new LinkedHashSet<>();
  private final String[] pastNames;
  private final String[] presentNames;
  private final OnnxTensor[] masks;
  private final OnnxTensor[] positions;
  private final LongBuffer nextIds;
  private final long[] generated;
  private ShortBuffer prefillHalves;
  private ShortBuffer decodeHalves;
  private boolean generatedOnce;

  private OnnxGenerator(
      OrtEnvironment environment,
      OrtSession session,
      DecoderSignature signature,
      GenerationRequest request,
      int vocab,
      boolean halfLogits,
      long[] promptIds,
      String promptSource)
      throws OrtException {
    this.session = session;
    this.signature = signature;
    this.batch = request.batchSize();
    this.prompt = request.promptTokens();
    this.tokens = request.newTokens();
    this.vocab = vocab;
    this.halfLogits = halfLogits;
    this.promptSource = promptSource;
    this.recorder = request.recorder();
    this.generated = new long[batch * tokens];
    int layers = signature.layers();
    pastNames = new String[2 * layers];
    presentNames = new String[2 * layers];
    for (int layer = 0; layer < layers; layer++) {
      pastNames[2 * layer] = DecoderSignature.pastKey(layer);
      pastNames[2 * layer + 1] = DecoderSignature.pastValue(layer);
      presentNames[2 * layer] = DecoderSignature.presentKey(layer);
      presentNames[2 * layer + 1] = DecoderSignature.presentValue(layer);
    }
    presents.addAll(Arrays.asList(presentNames));
    boolean ok = false;
    try {
      // Prefill: the prompt, positions 0..L-1, a past of length 0 (a tensor of no elements needs a
      // direct buffer).
      prefillInputs.put(DecoderSignature.INPUT_IDS, longs(environment, promptIds, batch, prompt));
      // Every mask is all ones: each step's is a view of the first B x (L + k) of one buffer.
      long[] ones = new long[batch * (prompt + tokens)];
      Arrays.fill(ones, 1);
      LongBuffer allOnes = direct((long) ones.length * Long.BYTES).asLongBuffer();
      allOnes.put(ones).rewind();
      prefillInputs.put(
          DecoderSignature.ATTENTION_MASK,
          own(
              OnnxTensor.createTensor(
                  environment, allOnes.slice(0, batch * prompt), new long[] {batch, prompt})));
      if (signature.positionIds()) {
        long[] ids = new long[batch * prompt];
        for (int i = 0; i < ids.length; i++) {
          ids[i] = i % prompt;
        }
        prefillInputs.put(DecoderSignature.POSITION_IDS, longs(environment, ids, batch, prompt));
      }
      OnnxTensor emptyPast =
          own(
              OnnxTensor.createTensor(
                  environment,
                  direct(0),
                  new long[] {batch, signature.heads(), 0, signature.headDim()},
                  signature.cacheType()));
      for (String past : pastNames) {
        prefillInputs.put(past, emptyPast);
      }
      if (signature.useCacheBranch()) {
        prefillInputs.put(
            DecoderSignature.USE_CACHE_BRANCH,
            own(OnnxTensor.createTensor(environment, new boolean[] {false})));
        decodeInputs.put(
            DecoderSignature.USE_CACHE_BRANCH,
            own(OnnxTensor.createTensor(environment, new boolean[] {true})));
      }
      // Decode step k (1..N-1) feeds the token made before at position L+k-1, attending to L+k
      // tokens.
      ByteBuffer idBytes = direct(batch * ((long) Long.BYTES));
      nextIds = idBytes.asLongBuffer();
      decodeInputs.put(
          DecoderSignature.INPUT_IDS,
          own(OnnxTensor.createTensor(environment, nextIds, new long[] {batch, 1})));
      masks = new OnnxTensor[Math.max(0, tokens - 1)];
      positions = new OnnxTensor[Math.max(0, tokens - 1)];
      for (int k = 1; k < tokens; k++) {
        masks[k - 1] =
            own(
                OnnxTensor.createTensor(
                    environment,
                    allOnes.slice(0, batch * (prompt + k)),
                    new long[] {batch, prompt + k}));
        if (signature.positionIds()) {
          long[] position = new long[batch];
          Arrays.fill(position, prompt + k - 1L);
          positions[k - 1] = longs(environment, position, batch, 1);
        }
      }
      int width = halfLogits ? Short.BYTES : Float.BYTES;
      prefillLogitsBuffer = direct((long) batch * prompt * vocab * width);
      decodeLogitsBuffer = direct((long) batch * vocab * width);
      prefillLogits =
          Map.of(DecoderSignature.LOGITS, logits(environment, prefillLogitsBuffer, prompt));
      decodeLogits = Map.of(DecoderSignature.LOGITS, logits(environment, decodeLogitsBuffer, 1));
      prefillHalves = prefillLogitsBuffer.asShortBuffer();
      decodeHalves = decodeLogitsBuffer.asShortBuffer();
      ok = true;
    } finally {
      if (!ok) {
        close();
      }
    }
  }

  /**
   * A generator for {@code request} with {@code session}, the model {@code model} (for messages);
   * {@code promptIds} are the prompt's token ids ({@code batch x promptTokens}, row after row) or
   * null for seeded ones.
   *
   * @throws BenchmarkConfigurationException when the model is not a decoder with past, its logits
   *     have no fixed vocabulary, or the prompt and new tokens do not fit its positions
   */
  public static OnnxGenerator open(
      OrtEnvironment environment,
      OrtSession session,
      String model,
      GenerationRequest request,
      long[] promptIds,
      String promptSource)
      throws OrtException {
    DecoderSignature signature;
    try {
      signature = DecoderSignature.of(session, model);
    } catch (IllegalArgumentException e) {
      throw new BenchmarkConfigurationException(request.what() + ": " + e.getMessage());
    }
    NodeInfo logits = session.getOutputInfo().get(DecoderSignature.LOGITS);
    long[] shape = logits.getInfo() instanceof TensorInfo tensor ? tensor.getShape() : new long[0];
    OnnxJavaType type = logits.getInfo() instanceof TensorInfo tensor ? tensor.type : null;
    if (shape.length != 3
        || shape[2] <= 0
        || (type != OnnxJavaType.FLOAT && type != OnnxJavaType.FLOAT16)) {
      throw new BenchmarkConfigurationException(
          request.what()
              + ": the logits of model "
              + model
              + " are "
              + logits.getInfo()
              + ", not float or float16 [batch_size, sequence_length, vocab] with a fixed vocab;"
              + " export it with past: "
              + DecoderSignature.EXPORT_WITH_PAST);
    }
    String maxPositions =
        session.getMetadata().getCustomMetadata().get(DecoderModels.MAX_POSITIONS);
    if (maxPositions != null && !maxPositions.matches("\\d{1,9}")) {
      throw new BenchmarkConfigurationException(
          request.what()
              + ": model "
              + model
              + " says in its metadata "
              + DecoderModels.MAX_POSITIONS
              + " = '"
              + maxPositions
              + "', not a number of positions; rebuild it or remove"
              + " that entry");
    }
    // The last new token is never fed back: L + N - 1 positions are used.
    int needed = request.promptTokens() + request.newTokens() - 1;
    if (maxPositions != null && needed > Long.parseLong(maxPositions)) {
      throw new BenchmarkConfigurationException(
          request.what()
              + ": a prompt of "
              + request.promptTokens()
              + " tokens and "
              + request.newTokens()
              + " new tokens need "
              + needed
              + " positions, but the model has "
              + maxPositions
              + "; lower @Generate(promptTokens) or"
              + " @Generate(tokens)");
    }
    int vocab = (int) shape[2];
    String source = promptSource;
    long[] ids = promptIds;
    if (ids != null) {
      for (long id : ids) {
        if (id < 0 || id >= vocab) {
          throw new BenchmarkConfigurationException(
              request.what()
                  + ": "
                  + promptSource
                  + " made token id "
                  + id
                  + ", outside the model's vocabulary of "
                  + vocab
                  + " ids; give the model's own tokenizer.json");
        }
      }
    }
    if (ids == null) {
      ids = new long[request.batchSize() * request.promptTokens()];
      SplittableRandom random = new SplittableRandom(request.seed());
      for (int i = 0; i < ids.length; i++) {
        ids[i] = random.nextInt(vocab);
      }
      source =
          "seeded token ids (seed "
              + request.seed()
              + ", uniform over the "
              + vocab
              + " ids of the vocabulary)";
    }
    return new OnnxGenerator(
        environment, session, signature, request, vocab, type == OnnxJavaType.FLOAT16, ids, source);
  }

  @Override
  public void generate() throws OrtException {
    final TokenRecorder times = recorder;
    final int base = times.begin();
    generatedOnce = false;
    final long start = System.nanoTime();
    OrtSession.Result previous = session.run(prefillInputs, presents, prefillLogits);
    try {
      pick(prefillLogitsBuffer, prefillHalves, prompt, 0);
      times.token(base, 0, System.nanoTime() - start);
      for (int k = 1; k < tokens; k++) {
        decodeInputs.put(DecoderSignature.ATTENTION_MASK, masks[k - 1]);
        if (positions[k - 1] != null) {
          decodeInputs.put(DecoderSignature.POSITION_IDS, positions[k - 1]);
        }
        for (int i = 0; i < pastNames.length; i++) {
          decodeInputs.put(pastNames[i], (OnnxTensor) value(previous, presentNames[i]));
        }
        OrtSession.Result next = session.run(decodeInputs, presents, decodeLogits);
        previous.close();
        previous = next;
        pick(decodeLogitsBuffer, decodeHalves, 1, k);
        times.token(base, k, System.nanoTime() - start);
      }
    } finally {
      previous.close();
    }
    times.end();
    generatedOnce = true;
  }

  private static OnnxValue value(OrtSession.Result result, String name) {
    return result.get(name).orElseThrow();
  }

  /**
   * The greedy choice at the last of {@code length} positions of each row, fed back and kept as
   * token {@code k}.
   */
  private void pick(ByteBuffer logits, ShortBuffer halves, int length, int k) {
    for (int row = 0; row < batch; row++) {
      int offset = (row * length + length - 1) * vocab;
      int best = halfLogits ? argmaxHalf(halves, offset) : argmax(logits, offset, vocab);
      nextIds.put(row, best);
      generated[row * tokens + k] = best;
    }
  }

  /**
   * The index of the highest of the {@code vocab} floats from float index {@code offset} of {@code
   * logits} (native order), the first on a tie: the greedy pick.
   */
  public static int argmax(ByteBuffer logits, int offset, int vocab) {
    int best = 0;
    float max = Float.NEGATIVE_INFINITY;
    for (int i = 0; i < vocab; i++) {
      float score = logits.getFloat((offset + i) * Float.BYTES);
      if (score > max) {
        max = score;
        best = i;
      }
    }
    return best;
  }

  private int argmaxHalf(ShortBuffer logits, int offset) {
    int best = 0;
    float max = Float.NEGATIVE_INFINITY;
    for (int i = 0; i < vocab; i++) {
      float score = halfToFloat(logits.get(offset + i));
      if (score > max) {
        max = score;
        best = i;
      }
    }
    return best;
  }

  /** An IEEE 754 half-precision value as a float. */
  static float halfToFloat(short half) {
    int bits = half & 0xffff;
    int sign = (bits & 0x8000) << 16;
    int exponent = (bits >>> 10) & 0x1f;
    int mantissa = bits & 0x3ff;
    if (exponent == 0x1f) {
      return Float.intBitsToFloat(sign | 0x7f800000 | (mantissa << 13));
    }
    if (exponent == 0) {
      float value = mantissa * 0x1p-24f;
      return sign == 0 ? value : -value;
    }
    return Float.intBitsToFloat(sign | ((exponent + 112) << 23) | (mantissa << 13));
  }

  private OnnxTensor logits(OrtEnvironment environment, ByteBuffer buffer, int length)
      throws OrtException {
    long[] shape = {batch, length, vocab};
    return own(
        halfLogits
            ? OnnxTensor.createTensor(environment, buffer, shape, OnnxJavaType.FLOAT16)
            : OnnxTensor.createTensor(environment, buffer.asFloatBuffer(), shape));
  }

  private OnnxTensor longs(OrtEnvironment environment, long[] values, int rows, int columns)
      throws OrtException {
    LongBuffer buffer = direct((long) values.length * Long.BYTES).asLongBuffer();
    buffer.put(values).rewind();
    return own(OnnxTensor.createTensor(environment, buffer, new long[] {rows, columns}));
  }

  private static ByteBuffer direct(long bytes) {
    if (bytes > Integer.MAX_VALUE) {
      throw new BenchmarkConfigurationException(
          "a buffer of "
              + bytes
              + " bytes is more than Java's 2 GiB;"
              + " lower the batch size or @Generate(promptTokens)");
    }
    return ByteBuffer.allocateDirect((int) bytes).order(ByteOrder.nativeOrder());
  }

  private OnnxTensor own(OnnxTensor tensor) {
    owned.add(tensor);
    return tensor;
  }

  @Override
  public int batchSize() {
    return batch;
  }

  @Override
  public int promptTokens() {
    return prompt;
  }

  @Override
  public int newTokens() {
    return tokens;
  }

  @Override
  public String promptSource() {
    return promptSource;
  }

  @Override
  public long[] lastTokens() {
    return generatedOnce ? generated.clone() : new long[0];
  }

  /** The signature the generator read from the model (its tests check what was detected). */
  DecoderSignature signature() {
    return signature;
  }

  @Override
  public void close() {
    for (OnnxTensor tensor : owned) {
      tensor.close();
    }
    owned.clear();
  }
}
