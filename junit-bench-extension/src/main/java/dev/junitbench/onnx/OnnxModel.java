package dev.junitbench.onnx;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.junitbench.infra.ModelInputs;
import org.apiguardian.api.API;

/**
 * An ONNX model opened with ONNX Runtime for one scenario's device, injected into a {@code @Model
 * OnnxModel} parameter. Shared by the scenarios that differ only in batch size or sequence length;
 * closed by junit-bench.
 *
 * <pre>{@code
 * @Benchmark
 * void embed(@Model("classpath:all-minilm-l6-v2-q.onnx") OnnxModel model, ModelInputs inputs, Blackhole bh)
 *     throws OrtException {
 *   bh.closeAfterTiming(model.run(inputs));
 * }
 * }</pre>
 *
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class OnnxModel {

  private final OrtEnvironment environment;
  private final OrtSession session;

  OnnxModel(OrtEnvironment environment, OrtSession session) {
    this.environment = environment;
    this.session = session;
  }

  /** The ONNX Runtime session. */
  public OrtSession session() {
    return session;
  }

  /** The ONNX Runtime environment. */
  public OrtEnvironment environment() {
    return environment;
  }

  /**
   * Runs the model on {@code inputs}. The result holds native memory: hand it to {@code
   * Blackhole.closeAfterTiming} (or close it yourself).
   */
  public OrtSession.Result run(ModelInputs inputs) throws OrtException {
    return session.run(inputs.as(OnnxTensor.class));
  }
}
