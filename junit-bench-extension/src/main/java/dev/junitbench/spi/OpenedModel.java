package dev.junitbench.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.infra.Generator;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.infra.Scenario;
import java.nio.file.Path;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * A model a backend has opened for one device: the handle injected into benchmark methods and the
 * means to build inputs for a scenario. Closed when the test class's benchmarks are done.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface OpenedModel extends AutoCloseable {

  /** The object injected into the {@code @Model} parameter ({@code OnnxModel}, say). */
  Object handle();

  /** The model's format: {@code onnx}, or {@code block} for a model built in code. */
  String format();

  /**
   * Inputs for {@code scenario}, built outside timing from the model's input metadata.
   *
   * @throws dev.junitbench.config.BenchmarkConfigurationException when the scenario does not fit
   *     the model (a batch size its fixed input shape does not allow, say)
   */
  ModelInputs inputs(Scenario scenario) throws Exception;

  /**
   * Inputs made by the benchmark's {@code InputFactory} ({@code source} names it), checked against
   * the model's inputs: every input given once, no unknown name, the tensor type the backend runs
   * and the element type, rank and fixed sizes the model declares.
   *
   * @throws dev.junitbench.config.BenchmarkConfigurationException naming each mismatch and the fix
   */
  ModelInputs wrap(Map<String, ?> tensors, String source) throws Exception;

  /**
   * The model's size in bytes when it has no file (the parameters of a model built in code), else
   * null.
   */
  default Long sizeBytes() {
    return null;
  }

  /**
   * The file this model was opened from when the request named none: the file a model built in code
   * was written to ({@code OnnxModelBuilder}), hashed for the result's {@code model.sha256}; null
   * for a model built in memory or opened from the request's file.
   */
  default Path builtFile() {
    return null;
  }

  /** Runs the model once on {@code inputs}; used to time the first inference. */
  void run(ModelInputs inputs) throws Exception;

  /**
   * A generator of text with this model for a benchmark annotated {@code @Generate}; closed (when
   * it is {@link AutoCloseable}) when its scenario ends.
   *
   * @throws dev.junitbench.config.BenchmarkConfigurationException when the model cannot generate
   *     (not a decoder, or a prompt longer than its positions), naming what is missing and the fix
   */
  default Generator generator(GenerationRequest request) throws Exception {
    throw new BenchmarkConfigurationException(
        request.what()
            + ": this backend does not generate text; take an OnnxModel parameter of a decoder exported with past");
  }
}
