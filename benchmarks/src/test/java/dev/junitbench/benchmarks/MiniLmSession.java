package dev.junitbench.benchmarks;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.junitbench.model.Tokenization;
import dev.junitbench.spi.ModelSource;
import java.io.IOException;
import java.nio.LongBuffer;
import java.util.HashMap;
import java.util.Map;

/**
 * One {@code OrtSession} of MiniLM-int8 with one intra-op thread (unless asked for more), and real
 * tokenized sentences of 128 tokens per batch size: what the harness's self-checks measure, shared
 * by their rounds. One thread, because on a 2-core machine a second competes with the JVM's own
 * threads (JIT, GC) and the noise would hide what is being compared.
 */
final class MiniLmSession implements AutoCloseable {

  static final int SEQUENCE_LENGTH = 128;

  private final OrtSession.SessionOptions options = new OrtSession.SessionOptions();
  private final OrtSession session;
  private final Map<Integer, Map<String, OnnxTensor>> inputs = new HashMap<>();

  MiniLmSession(int... batchSizes) throws OrtException, IOException {
    this(SEQUENCE_LENGTH, batchSizes);
  }

  /** A session whose inputs hold {@code sequenceLength} tokens per sentence. */
  static MiniLmSession withTokens(int sequenceLength, int... batchSizes)
      throws OrtException, IOException {
    return new MiniLmSession(sequenceLength, 1, batchSizes);
  }

  /**
   * A session of {@code threads} intra-op threads whose inputs hold {@code sequenceLength} tokens
   * per sentence.
   */
  static MiniLmSession withTokensAndThreads(int sequenceLength, int threads, int... batchSizes)
      throws OrtException, IOException {
    return new MiniLmSession(sequenceLength, threads, batchSizes);
  }

  private MiniLmSession(int sequenceLength, int[] batchSizes) throws OrtException, IOException {
    this(sequenceLength, 1, batchSizes);
  }

  private MiniLmSession(int sequenceLength, int threads, int[] batchSizes)
      throws OrtException, IOException {
    OrtEnvironment environment = OrtEnvironment.getEnvironment();
    ClassLoader loader = MiniLmSession.class.getClassLoader();
    byte[] model =
        ModelSource.resolve("classpath:all-minilm-l6-v2-q.onnx", loader, "self-check")
            .readAllBytes();
    ModelSource tokenizer =
        ModelSource.resolve("classpath:all-minilm-l6-v2-q-tokenizer.json", loader, "self-check");
    options.setIntraOpNumThreads(threads);
    session = environment.createSession(model, options);
    for (int batch : batchSizes) {
      Map<String, OnnxTensor> tensors = new HashMap<>();
      for (Map.Entry<String, long[]> array :
          Tokenization.encode(tokenizer, batch, sequenceLength, "self-check").entrySet()) {
        tensors.put(
            array.getKey(),
            OnnxTensor.createTensor(
                environment,
                LongBuffer.wrap(array.getValue()),
                new long[] {batch, sequenceLength}));
      }
      inputs.put(batch, tensors);
    }
  }

  OrtSession session() {
    return session;
  }

  Map<String, OnnxTensor> inputs(int batchSize) {
    return inputs.get(batchSize);
  }

  @Override
  public void close() throws OrtException {
    inputs.values().forEach(tensors -> tensors.values().forEach(OnnxTensor::close));
    session.close();
    options.close();
  }
}
