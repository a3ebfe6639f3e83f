package dev.junitbench.spi;

import dev.junitbench.ModelInputs;
import dev.junitbench.Scenario;

/**
 * A model a backend has opened for one device: the handle injected into benchmark methods and the
 * means to build inputs for a scenario. Closed when the test class's benchmarks are done.
 */
public interface OpenedModel extends AutoCloseable {

  /** The object injected into the {@code @Model} parameter ({@code OnnxModel}, say). */
  Object handle();

  /** The model's file format: {@code onnx}. */
  String format();

  /**
   * Inputs for {@code scenario}, built outside timing from the model's input metadata.
   *
   * @throws dev.junitbench.config.BenchmarkConfigurationException when the scenario does not fit
   *     the model (a batch size its fixed input shape does not allow, say)
   */
  ModelInputs inputs(Scenario scenario) throws Exception;

  /** Runs the model once on {@code inputs}; used to time the first inference. */
  void run(ModelInputs inputs) throws Exception;
}
