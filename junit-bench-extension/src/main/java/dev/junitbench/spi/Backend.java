package dev.junitbench.spi;

import dev.junitbench.Device;
import java.util.Set;

/**
 * A runtime benchmarks run on (ONNX Runtime, DJL, ...), found through {@link java.util.ServiceLoader}
 * as a {@code META-INF/services/dev.junitbench.spi.Backend} entry. junit-bench asks it which devices
 * it can serve in this process; a scenario on a device no backend serves is aborted with the reason.
 * Plain benchmarks need no backend: the JVM itself always serves {@link Device#CPU}.
 *
 * @since 0.1.0
 */
public interface Backend {

  /** A short name for messages and result files ({@code onnxruntime}). */
  String name();

  /**
   * The devices this backend can run on here, probed once; never {@link Device#AUTO}. May be
   * empty. Must not throw: a backend whose runtime is broken reports no device.
   */
  Set<Device> availableDevices();

  /** The version of the runtime this process really loaded ({@code 1.29.0}), or null if unknown. */
  String runtimeVersion();

  /** The execution modes {@code @Modes} may name for this backend's models; the first is the default. */
  java.util.List<String> modes();

  /** The types of {@code @Model} parameter this backend opens ({@code OnnxModel}); empty for none. */
  Set<Class<?>> modelTypes();

  /**
   * Opens {@code request.model()} on {@code request.device()}; the time this takes is reported as
   * the model's load time.
   *
   * @throws Exception when the file is not a model this backend can open; the message should name
   *     the file and the fix
   */
  OpenedModel open(ModelRequest request) throws Exception;
}
