package dev.junitbench.djl;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.inference.Predictor;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.translate.TranslateException;
import dev.junitbench.infra.ModelInputs;
import org.apiguardian.api.API;

/**
 * A model opened with DJL for one scenario's device, injected into a {@code @Model DjlModel}
 * parameter: a file on one of DJL's engines ({@code OnnxRuntime} for {@code .onnx}, {@code PyTorch}
 * for TorchScript) or an architecture built in code ({@link DjlBlock}). Shared by the scenarios
 * that differ only in batch size or sequence length; closed by junit-bench.
 *
 * <pre>{@code
 * @Benchmark
 * void classify(@Model(block = ResNet50.class) DjlModel model, ModelInputs inputs, Blackhole bh)
 *     throws TranslateException {
 *   bh.closeAfterTiming(model.run(inputs));
 * }
 * }</pre>
 *
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DjlModel {

  private final Model model;
  private final Predictor<NDList, NDList> predictor;

  private final boolean gpu;

  DjlModel(Model model, Predictor<NDList, NDList> predictor) {
    this.model = model;
    this.predictor = predictor;
    this.gpu = model.getNDManager().getDevice().isGpu();
  }

  /** DJL's model. */
  public Model model() {
    return model;
  }

  /** A predictor that passes arrays through unchanged ({@code NoopTranslator}). */
  public Predictor<NDList, NDList> predictor() {
    return predictor;
  }

  /** The model's manager, for making inputs in an {@code InputFactory}. */
  public NDManager manager() {
    return model.getNDManager();
  }

  /**
   * Runs the model once on {@code inputs}. The result holds the output and the run's intermediate
   * arrays: hand it to {@code Blackhole.closeAfterTiming} (or close it yourself), or memory grows
   * with every iteration. On a GPU the output is copied to host memory before this returns, which
   * waits for the GPU to finish its work.
   */
  public DjlResult run(ModelInputs inputs) throws TranslateException {
    NDList arrays = inputs.argument(NDList.class);
    NDManager home = arrays.head().getManager();
    NDManager call = model.getNDManager().newSubManager();
    // What the forward pass allocates belongs to the inputs' manager: this run's, while it runs.
    arrays.attach(call);
    NDList output;
    try {
      output = predictor.predict(arrays);
      if (gpu) {
        // CUDA runs asynchronously: copying the output to host memory waits for the GPU to finish,
        // so the time is the inference's, as ONNX Runtime's host outputs are.
        output = output.toDevice(Device.cpu(), false);
      }
    } catch (TranslateException | RuntimeException e) {
      arrays.attach(home);
      call.close();
      throw e;
    }
    arrays.attach(home);
    return new DjlResult(call, output);
  }
}
