package dev.junitbench.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.junitbench.infra.Device;
import dev.junitbench.infra.Scenario;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * A runtime benchmarks run on (ONNX Runtime, DJL, ...), found through {@link
 * java.util.ServiceLoader} as a {@code META-INF/services/dev.junitbench.spi.Backend} entry.
 * Creating one must be cheap and must not load native code: the runtime is loaded the first time a
 * method below needs it, and a runtime that fails to load makes the backend report why through
 * {@link #unavailableReason}, never throw. Plain benchmarks need no backend: the JVM itself always
 * serves {@link Device#CPU}.
 *
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface Backend {

  /** A short name for messages and result files ({@code onnxruntime}). */
  String name();

  /**
   * Starts, before another backend loads a native runtime, a runtime this backend shares with that
   * one and must create itself: DJL's OnnxRuntime engine makes ONNX Runtime's one environment per
   * process with options of its own, so the ONNX Runtime backend calls this on every backend before
   * it loads ONNX Runtime. A failure here is this backend's to report when its own scenarios run.
   *
   * @param runtime the runtime about to be loaded: {@code onnxruntime}
   */
  default void startShared(String runtime) {}

  /**
   * Why this backend cannot start {@code provider} on this machine, with the fix; empty when it can
   * or when the backend has no such provider. Another backend that runs the same runtime through
   * its own engine asks this instead of probing the runtime a second way.
   */
  default Optional<String> providerFailure(String provider) {
    return Optional.empty();
  }

  /**
   * The types of {@code @Model} parameter this backend opens ({@code OnnxModel}); empty for none.
   */
  Set<Class<?>> modelTypes();

  /**
   * The execution modes {@code @Modes} may name for this backend's models; the first is the
   * default.
   */
  List<String> modes();

  /** The execution providers {@code @Providers} may name; empty when the backend has none. */
  default List<String> providers() {
    return List.of();
  }

  /**
   * The engine that runs a model when {@code @Model(engine)} names none, for backends that drive
   * several; null when the backend has no engines or cannot tell.
   *
   * @param file the model file as written in {@code @Model}, or null for a model built in code
   */
  default String defaultEngine(String file) {
    return null;
  }

  /**
   * Checks a scenario's settings before anything runs: the engine named in {@code @Model(engine)},
   * a provider named in {@code @Providers} for the scenario's device, its mode and thread count.
   *
   * @return why the combination can never run (tensorrt on cpu, an engine this backend does not
   *     drive), with the fix; empty when it is valid
   */
  default Optional<String> invalidReason(Execution execution, Scenario scenario) {
    if (execution.engine() != null) {
      return Optional.of(name() + " has no engines to choose from; leave @Model(engine) out");
    }
    if (execution.provider() != null) {
      return Optional.of(name() + " has no execution providers; leave @Providers out");
    }
    return Optional.empty();
  }

  /**
   * The devices the provider {@code provider} runs on, whether or not it can start here ({@code
   * tensorrt}: cuda); empty when the backend has no such provider.
   */
  default Set<Device> providerDevices(String provider) {
    return Set.of();
  }

  /**
   * The parameters a scenario with {@code execution} on {@code device} adds to its result beyond
   * the declared ones ({@code provider=cuda} where the provider is the device's default, say).
   */
  default Map<String, Object> resultParams(Execution execution, Device device) {
    return Map.of();
  }

  /**
   * The devices models opened with {@code execution} can run on here, probed once; never {@link
   * Device#AUTO}. Empty when the runtime cannot load. Never throws.
   */
  Set<Device> availableDevices(Execution execution);

  /**
   * Why a model opened with {@code execution} cannot run on {@code device} here (never {@link
   * Device#AUTO}): the runtime's native library failed to load, the device is absent, the provider
   * is not in this build. The reason names what is missing and how to get it. Never throws.
   */
  Optional<String> unavailableReason(Execution execution, Device device);

  /**
   * The versions of the runtimes this backend has loaded so far ({@code onnxruntime -> 1.29.0}).
   */
  Map<String, String> runtimeVersions();

  /**
   * Opens {@code request.model()} on {@code request.device()}; the time this takes is reported as
   * the model's load time.
   *
   * @throws Exception when the file is not a model this backend can open; the message should name
   *     the file and the fix
   */
  OpenedModel open(ModelRequest request) throws Exception;
}
