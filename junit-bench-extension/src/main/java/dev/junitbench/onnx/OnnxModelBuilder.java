package dev.junitbench.onnx;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.io.IOException;
import java.nio.file.Path;
import org.apiguardian.api.API;

/**
 * Builds an ONNX model in code, for {@code @Model(block = ...)} with an {@link OnnxModel}
 * parameter: the class needs a public no-argument constructor, and writes the model file once into
 * the folder it is given ({@code target/junit-bench-models}), reusing it from then on. The presets
 * of {@code dev.junitbench.onnx.Decoders} are builders.
 *
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface OnnxModelBuilder {

  /**
   * The model file, in {@code folder} (written there if it is not yet).
   *
   * @throws IOException when the file cannot be written
   */
  Path build(Path folder) throws IOException;
}
