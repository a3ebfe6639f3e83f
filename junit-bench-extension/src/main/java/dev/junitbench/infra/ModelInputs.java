package dev.junitbench.infra;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The inputs of a model for one scenario, built before the scenario is timed: one tensor per input
 * name, in the backend's own tensor type (an ONNX Runtime {@code OnnxTensor}, say). Injected into a
 * benchmark method that also has a {@link dev.junitbench.Model} parameter; closed when the scenario
 * ends.
 *
 * @since 0.1.0
 */
@API(status = MAINTAINED, since = "0.1")
public final class ModelInputs implements AutoCloseable {

  private final Map<String, Object> tensors;
  private final Object argument;
  private final AutoCloseable release;

  /**
   * Inputs made of {@code tensors}, passed to the model as that map; {@code release} frees them.
   */
  public ModelInputs(Map<String, ?> tensors, AutoCloseable release) {
    this.tensors = Collections.unmodifiableMap(new LinkedHashMap<>(tensors));
    this.argument = this.tensors;
    this.release = release;
  }

  /**
   * Inputs made of {@code tensors}, passed to the model as {@code argument} (DJL's {@code NDList},
   * say), built once so the timed call needs no conversion; {@code release} frees them.
   */
  public ModelInputs(Map<String, ?> tensors, Object argument, AutoCloseable release) {
    this.tensors = Collections.unmodifiableMap(new LinkedHashMap<>(tensors));
    this.argument = argument;
    this.release = release;
  }

  /** The input names, in the model's order. */
  public Set<String> names() {
    return tensors.keySet();
  }

  /** The tensor of input {@code name}, as the backend's type. */
  public <T> T get(String name, Class<T> type) {
    Object tensor = tensors.get(name);
    if (tensor == null) {
      throw new IllegalArgumentException("no input named '" + name + "'; inputs: " + names());
    }
    return type.cast(tensor);
  }

  /**
   * All tensors as a map of the backend's type: the same map on every call, no copy and no check,
   * because a benchmark body calls it in its timed region. The backend that built the inputs knows
   * their type.
   */
  @SuppressWarnings("unchecked")
  public <T> Map<String, T> as(Class<T> type) {
    return (Map<String, T>) tensors;
  }

  /**
   * The inputs in the form the backend's run call takes, built before timing; like {@link #as}, no
   * copy and no check.
   */
  @SuppressWarnings("unchecked")
  public <T> T argument(Class<T> type) {
    return (T) argument;
  }

  @Override
  public void close() throws Exception {
    release.close();
  }
}
