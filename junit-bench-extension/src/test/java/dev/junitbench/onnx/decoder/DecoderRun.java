package dev.junitbench.onnx.decoder;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Calls a decoder with past the way text generation does: ids, mask, positions and the cache so
 * far.
 */
final class DecoderRun implements AutoCloseable {

  private final OrtEnvironment env = OrtEnvironment.getEnvironment();
  final OrtSession session;
  final DecoderConfig config;

  DecoderRun(DecoderConfig config) throws OrtException {
    this.config = config;
    this.session = env.createSession(DecoderModels.build(config), new OrtSession.SessionOptions());
  }

  /** The first call: no past. */
  Step first(long[][] ids, long[][] mask, long[][] positions) throws OrtException {
    Map<String, OnnxTensor> inputs = new HashMap<>();
    long[] emptyShape = {ids.length, config.heads(), 0, config.headDim()};
    for (int layer = 0; layer < config.layers(); layer++) {
      for (String name :
          List.of(DecoderSignature.pastKey(layer), DecoderSignature.pastValue(layer))) {
        // A tensor of no elements needs a direct buffer in ONNX Runtime's Java API.
        inputs.put(
            name,
            OnnxTensor.createTensor(
                env,
                ByteBuffer.allocateDirect(0).order(ByteOrder.nativeOrder()).asFloatBuffer(),
                emptyShape));
      }
    }
    try {
      return call(ids, mask, positions, inputs);
    } finally {
      inputs.values().forEach(OnnxTensor::close);
    }
  }

  /** A call over the cache of {@code previous}. */
  Step next(Step previous, long[][] ids, long[][] mask, long[][] positions) throws OrtException {
    Map<String, OnnxTensor> inputs = new HashMap<>();
    for (int layer = 0; layer < config.layers(); layer++) {
      inputs.put(
          DecoderSignature.pastKey(layer), previous.output(DecoderSignature.presentKey(layer)));
      inputs.put(
          DecoderSignature.pastValue(layer), previous.output(DecoderSignature.presentValue(layer)));
    }
    return call(ids, mask, positions, inputs);
  }

  private Step call(long[][] ids, long[][] mask, long[][] positions, Map<String, OnnxTensor> past)
      throws OrtException {
    try (OnnxTensor idTensor = OnnxTensor.createTensor(env, ids);
        OnnxTensor maskTensor = OnnxTensor.createTensor(env, mask);
        OnnxTensor positionTensor = OnnxTensor.createTensor(env, positions)) {
      Map<String, OnnxTensor> inputs = new HashMap<>(past);
      inputs.put(DecoderSignature.INPUT_IDS, idTensor);
      inputs.put(DecoderSignature.ATTENTION_MASK, maskTensor);
      inputs.put(DecoderSignature.POSITION_IDS, positionTensor);
      return new Step(session.run(inputs));
    }
  }

  @Override
  public void close() throws OrtException {
    session.close();
  }

  /** One call's outputs; the cache stays valid until the step is closed. */
  record Step(OrtSession.Result result) implements AutoCloseable {

    /** [batch][sequence][vocab]. */
    float[][][] logits() throws OrtException {
      return (float[][][]) output(DecoderSignature.LOGITS).getValue();
    }

    OnnxTensor output(String name) {
      return (OnnxTensor) result.get(name).orElseThrow();
    }

    @Override
    public void close() {
      result.close();
    }
  }

  static long[][] ones(int batch, int length) {
    long[][] ones = new long[batch][length];
    for (long[] row : ones) {
      Arrays.fill(row, 1);
    }
    return ones;
  }

  static long[][] range(int batch, int from, int to) {
    long[][] positions = new long[batch][to - from];
    for (long[] row : positions) {
      for (int i = 0; i < row.length; i++) {
        row[i] = (long) from + i;
      }
    }
    return positions;
  }
}
