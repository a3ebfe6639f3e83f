package dev.junitbench.backends;

import dev.junitbench.infra.Device;
import dev.junitbench.spi.Backend;
import dev.junitbench.spi.Execution;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The backends present in this process and the devices they serve. A backend whose runtime is
 * missing from the classpath is skipped with one debug line, never an error. Nothing here loads a
 * runtime until a question needs it.
 */
public final class Backends {

  private static final Logger LOG = Logger.getLogger(Backends.class.getName());
  // The order in which Device.AUTO prefers devices.
  private static final List<Device> PREFERENCE = List.of(Device.CUDA, Device.ROCM, Device.CPU);

  private final List<Backend> backends;
  private Set<Device> devices;

  /** Backends given directly; {@link Device#CPU} is always served. */
  public Backends(List<Backend> backends) {
    this.backends = List.copyOf(backends);
  }

  /**
   * The backends {@link ServiceLoader} finds through {@code loader}. One whose runtime is missing
   * does not hide the ones listed after it: the loader's iterator moves past a provider it cannot
   * create.
   */
  public static Backends load(ClassLoader loader) {
    List<Backend> found = new ArrayList<>();
    Iterator<Backend> providers = ServiceLoader.load(Backend.class, loader).iterator();
    // Bounded: a broken loader must not spin forever.
    for (int attempt = 0; attempt < 64; attempt++) {
      try {
        if (!providers.hasNext()) {
          break;
        }
        found.add(providers.next());
      } catch (ServiceConfigurationError | LinkageError e) {
        LOG.log(
            Level.FINE,
            () -> "junit-bench: a backend skipped, its runtime is not on the classpath: " + e);
      }
    }
    return new Backends(found);
  }

  /** The backends, in the order they were found. */
  public List<Backend> all() {
    return backends;
  }

  /**
   * Every device some backend serves here with its defaults, {@link Device#CPU} always among them.
   * The first call loads every backend's runtime.
   */
  public synchronized Set<Device> availableDevices() {
    if (devices == null) {
      Set<Device> served = EnumSet.of(Device.CPU);
      for (Backend backend : backends) {
        served.addAll(backend.availableDevices(Execution.DEFAULT));
      }
      served.remove(Device.AUTO);
      devices = Collections.unmodifiableSet(served);
    }
    return devices;
  }

  /** The device {@link Device#AUTO} stands for here: a GPU when one is served, else the CPU. */
  public Device resolve(Device device) {
    return device == Device.AUTO ? preferred(availableDevices()) : device;
  }

  /** The device {@link Device#AUTO} picks among {@code served}: CUDA, then ROCm, then the CPU. */
  public static Device preferred(Set<Device> served) {
    return PREFERENCE.stream().filter(served::contains).findFirst().orElse(Device.CPU);
  }

  /** Each runtime the backends have loaded so far, with its version. */
  public Map<String, String> runtimeVersions() {
    Map<String, String> versions = new TreeMap<>();
    for (Backend backend : backends) {
      try {
        versions.putAll(backend.runtimeVersions());
      } catch (RuntimeException | LinkageError e) {
        LOG.log(
            Level.FINE, () -> "junit-bench: no runtime versions from " + backend.name() + ": " + e);
      }
    }
    return versions;
  }

  /** The backend that opens {@code @Model} parameters of {@code type}, if one is present. */
  public Optional<Backend> forModelType(Class<?> type) {
    return backends.stream().filter(backend -> backend.modelTypes().contains(type)).findFirst();
  }

  /**
   * Why a plain benchmark (one without a model) on {@code device} cannot run here, or empty when it
   * can.
   */
  public Optional<String> unavailableReason(Device device) {
    Device resolved = resolve(device);
    // The JVM serves the CPU: no runtime is loaded to say so.
    if (resolved == Device.CPU || availableDevices().contains(resolved)) {
      return Optional.empty();
    }
    StringJoiner names = new StringJoiner(", ", "[", "]");
    backends.forEach(backend -> names.add(backend.name()));
    return Optional.of(
        "no backend offers "
            + resolved.name()
            + " here (devices available: "
            + availableDevices().stream().map(Device::id).toList()
            + "; backends: "
            + names
            + "); run it on a machine with that device and its runtime on the classpath");
  }
}
