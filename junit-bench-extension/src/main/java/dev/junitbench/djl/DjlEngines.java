package dev.junitbench.djl;

import ai.djl.engine.Engine;
import ai.onnxruntime.OrtEnvironment;
import dev.junitbench.model.NativeCaches;
import dev.junitbench.warnings.Causes;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * DJL's engines as this process has them: which are on the classpath, and for each one asked for,
 * the loaded engine or why its native library failed to load. DJL retries a failed load on every
 * call; this asks once per engine and process.
 */
final class DjlEngines {

  /** An engine asked for: loaded, or the reason it is not. */
  record Loaded(Engine engine, String failure) {}

  private static final Map<String, Loaded> LOADED = new ConcurrentHashMap<>();

  private DjlEngines() {}

  /**
   * The engines on the classpath ({@code [OnnxRuntime, PyTorch]}); none loaded by asking, and none
   * when DJL itself is absent or broken.
   */
  static Set<String> names() {
    try {
      return new TreeSet<>(Engine.getAllEngines());
    } catch (RuntimeException | LinkageError | ServiceConfigurationError e) {
      return Set.of();
    }
  }

  /**
   * The engine's name as DJL spells it, matched without regard to case, if it is on the classpath.
   */
  static Optional<String> canonical(String name) {
    return name == null
        ? Optional.empty()
        : names().stream().filter(known -> known.equalsIgnoreCase(name.trim())).findFirst();
  }

  /**
   * Loads {@code name} (as DJL spells it) once per process, keeping the failure if it does not
   * load.
   */
  static Loaded load(String name) {
    return LOADED.computeIfAbsent(
        name,
        key -> {
          try {
            // Before the engine extracts anything: its natives go under target/, not the home
            // folder.
            NativeCaches.prepareDjl();
            return new Loaded(Engine.getEngine(key), null);
          } catch (RuntimeException | LinkageError | ServiceConfigurationError e) {
            return new Loaded(null, Causes.describe(e));
          }
        });
  }

  /**
   * The versions of what loaded: DJL itself, and each engine's runtime ({@code pytorch -> 2.7.1}).
   */
  static Map<String, String> versions() {
    Map<String, String> versions = new TreeMap<>();
    LOADED.forEach(
        (name, loaded) -> {
          if (loaded.engine() == null) {
            return;
          }
          versions.put("djl", Engine.getDjlVersion());
          if (DjlBackend.ONNX_RUNTIME.equals(name)) {
            // DJL's OnnxRuntime engine reports the version it was built against, not the one
            // loaded.
            versions.put("onnxruntime", OrtEnvironment.getEnvironment().getVersion());
          } else {
            versions.put(name.toLowerCase(Locale.ROOT), loaded.engine().getVersion());
          }
        });
    return versions;
  }
}
