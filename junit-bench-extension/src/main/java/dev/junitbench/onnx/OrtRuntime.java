package dev.junitbench.onnx;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtProvider;
import ai.onnxruntime.OrtSession;
import dev.junitbench.backends.Backends;
import dev.junitbench.spi.Backend;
import dev.junitbench.warnings.Causes;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * ONNX Runtime as this process has it, loaded once: its environment and version, or why its native
 * library failed to load; the execution providers compiled into it; and, probed once each, whether
 * a provider really starts here.
 */
final class OrtRuntime {

  private final OrtEnvironment environment;
  private final String version;
  private final String failure;
  private final Set<OrtProvider> compiled;
  private final Function<ExecutionProvider, Optional<String>> starter;
  private final Map<ExecutionProvider, Optional<String>> started = new ConcurrentHashMap<>();

  /**
   * A runtime with these facts; {@code starter} tells why a provider cannot start (empty when it
   * can). Tests give fakes here: GPU paths have no GPU to run on in this project's builds.
   */
  OrtRuntime(
      OrtEnvironment environment,
      String version,
      Set<OrtProvider> compiled,
      Function<ExecutionProvider, Optional<String>> starter) {
    this(environment, version, null, compiled, starter);
  }

  private OrtRuntime(
      OrtEnvironment environment,
      String version,
      String failure,
      Set<OrtProvider> compiled,
      Function<ExecutionProvider, Optional<String>> starter) {
    this.environment = environment;
    this.version = version;
    this.failure = failure;
    this.compiled = compiled;
    this.starter = starter;
  }

  /** A runtime whose native library did not load, for the reason given. */
  static OrtRuntime failed(String failure) {
    return new OrtRuntime(
        null, null, failure, EnumSet.noneOf(OrtProvider.class), p -> Optional.of(failure));
  }

  /** Loads ONNX Runtime's native library, or records why it cannot. */
  static OrtRuntime load() {
    try {
      for (Backend other : Backends.load(OrtRuntime.class.getClassLoader()).all()) {
        if (!(other instanceof OnnxRuntimeBackend)) {
          other.startShared("onnxruntime");
        }
      }
    } catch (RuntimeException | LinkageError | ServiceConfigurationError e) {
      // Another backend's engine failed to start, which its own scenarios report.
    }
    try {
      OrtEnvironment environment = OrtEnvironment.getEnvironment();
      Set<OrtProvider> compiled = EnumSet.copyOf(OrtEnvironment.getAvailableProviders());
      return new OrtRuntime(
          environment,
          environment.getVersion(),
          compiled,
          provider -> start(environment, provider));
    } catch (RuntimeException | LinkageError e) {
      return failed(Causes.describe(e));
    }
  }

  /** Opens the probe model with {@code provider}: empty when that works. */
  static Optional<String> start(OrtEnvironment environment, ExecutionProvider provider) {
    try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
      provider.addTo(options);
      try (OrtSession session = environment.createSession(ProbeModel.bytes(), options)) {
        return Optional.empty();
      }
    } catch (OrtException | RuntimeException | LinkageError e) {
      return Optional.of(Causes.describe(e));
    }
  }

  /** The environment; null when the native library failed to load. */
  OrtEnvironment environment() {
    return environment;
  }

  /** The native library's version; null when it failed to load. */
  String version() {
    return version;
  }

  /** Why the native library failed to load, or empty. */
  Optional<String> failure() {
    return Optional.ofNullable(failure);
  }

  /** Whether {@code provider} is compiled into this build. */
  boolean compiled(ExecutionProvider provider) {
    return compiled.contains(provider.ort());
  }

  /** The providers compiled into this build, as junit-bench names them. */
  List<String> compiledIds() {
    return Arrays.stream(ExecutionProvider.values())
        .filter(this::compiled)
        .map(ExecutionProvider::id)
        .toList();
  }

  /**
   * Why {@code provider} cannot start here, probed once: not compiled in, or its libraries, driver
   * or device missing; empty when it starts.
   */
  Optional<String> startFailure(ExecutionProvider provider) {
    if (failure != null) {
      return Optional.of(failure);
    }
    if (provider == ExecutionProvider.CPU) {
      return Optional.empty();
    }
    if (!compiled(provider)) {
      return Optional.of("this ONNX Runtime build has no " + provider.id() + " provider");
    }
    return started.computeIfAbsent(provider, starter);
  }
}
