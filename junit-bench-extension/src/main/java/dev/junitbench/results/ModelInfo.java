package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Map;
import org.apiguardian.api.API;

/**
 * The {@code model} group of a result: which model ran, which file it was (its SHA-256), and what
 * opening it cost.
 *
 * @param id the model's id
 * @param backend the backend that ran it: {@code onnxruntime}
 * @param format its file format: {@code onnx}
 * @param source where it was loaded from, as written in {@code @Model}
 * @param sizeBytes the model file's size, or its parameters' for a model built in code
 * @param sha256 the SHA-256 of the model file (lowercase hex; for a model built in code, of the
 *     file it was written to), or null with the reason in {@code sha256UnavailableReason}
 * @param sha256UnavailableReason why there is no SHA-256 (a model built in memory, a file that
 *     could not be read), or null
 * @param loadTimeMs time to open the model for the scenario's device
 * @param firstInferenceMs time of the first inference after opening, or null if none ran yet
 * @param options the backend options it was opened with ({@code @Model(options)}), or null for none
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ModelInfo(
    String id,
    String backend,
    String format,
    String source,
    Long sizeBytes,
    String sha256,
    String sha256UnavailableReason,
    Double loadTimeMs,
    Double firstInferenceMs,
    Map<String, String> options) {

  /** A model without its file's identity, as results written before they carried it read. */
  public ModelInfo(
      String id,
      String backend,
      String format,
      String source,
      Long sizeBytes,
      Double loadTimeMs,
      Double firstInferenceMs,
      Map<String, String> options) {
    this(id, backend, format, source, sizeBytes, null, null, loadTimeMs, firstInferenceMs, options);
  }

  /** This model with its first inference timed. */
  public ModelInfo withFirstInference(double ms) {
    return new ModelInfo(
        id,
        backend,
        format,
        source,
        sizeBytes,
        sha256,
        sha256UnavailableReason,
        loadTimeMs,
        ms,
        options);
  }
}
