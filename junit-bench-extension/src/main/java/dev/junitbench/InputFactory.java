package dev.junitbench;

import static org.apiguardian.api.API.Status.STABLE;

import dev.junitbench.infra.Scenario;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Makes a model's inputs for one scenario, when the data junit-bench would make (synthetic tensors
 * or tokenized sentences) is not what the benchmark should see. Named in {@link Model#inputs()};
 * called once per scenario, outside timing. The tensors are in the backend's own type (ONNX
 * Runtime's {@code OnnxTensor}, DJL's {@code NDArray}); junit-bench checks them against the model's
 * inputs and closes them when the scenario ends.
 *
 * <pre>{@code
 * public class ImageInputs implements InputFactory<OnnxModel> {
 *   public Map<String, ?> create(OnnxModel model, Scenario scenario) throws OrtException {
 *     float[] pixels = Images.load("cat.png", scenario.batchSize());
 *     return Map.of("input", OnnxTensor.createTensor(model.environment(), FloatBuffer.wrap(pixels),
 *         new long[] {scenario.batchSize(), 3, 224, 224}));
 *   }
 * }
 * }</pre>
 *
 * @param <M> the model handle: {@code OnnxModel} or {@code DjlModel}
 * @since 0.1.0
 */
@FunctionalInterface
@API(status = STABLE, since = "0.1")
public interface InputFactory<M> {

  /** The inputs of {@code scenario}, one tensor per input name of the model. */
  Map<String, ?> create(M model, Scenario scenario) throws Exception;
}
