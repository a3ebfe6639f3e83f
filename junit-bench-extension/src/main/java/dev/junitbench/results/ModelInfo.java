package dev.junitbench.results;

/**
 * The {@code model} group of a result: which model ran and what opening it cost.
 *
 * @param id the model's id
 * @param backend the backend that ran it: {@code onnxruntime}
 * @param format its file format: {@code onnx}
 * @param source where it was loaded from, as written in {@code @Model}
 * @param sizeBytes the model file's size, or its parameters' for a model built in code
 * @param loadTimeMs time to open the model for the scenario's device
 * @param firstInferenceMs time of the first inference after opening, or null if none ran yet
 * @param options the backend options it was opened with ({@code @Model(options)}), or null for none
 */
public record ModelInfo(String id, String backend, String format, String source, Long sizeBytes,
    Double loadTimeMs, Double firstInferenceMs, java.util.Map<String, String> options) {

  /** This model with its first inference timed. */
  public ModelInfo withFirstInference(double ms) {
    return new ModelInfo(id, backend, format, source, sizeBytes, loadTimeMs, ms, options);
  }
}
