package dev.junitbench.spi;

import dev.junitbench.Device;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.StringJoiner;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The backends present in this process and the devices they serve. A backend whose runtime is
 * missing from the classpath is skipped with one debug line, never an error.
 */
public final class Backends {

  private static final Logger LOG = Logger.getLogger(Backends.class.getName());
  // The order in which Device.AUTO prefers devices.
  private static final List<Device> PREFERENCE = List.of(Device.CUDA, Device.ROCM, Device.CPU);

  private final List<Backend> backends;
  private final Set<Device> devices;

  /** Backends given directly; {@link Device#CPU} is always served. */
  public Backends(List<Backend> backends) {
    this.backends = List.copyOf(backends);
    Set<Device> served = EnumSet.of(Device.CPU);
    for (Backend backend : this.backends) {
      served.addAll(backend.availableDevices());
    }
    served.remove(Device.AUTO);
    this.devices = Collections.unmodifiableSet(served);
  }

  /** The backends {@link ServiceLoader} finds through {@code loader}. */
  public static Backends load(ClassLoader loader) {
    List<Backend> found = new ArrayList<>();
    try {
      ServiceLoader.load(Backend.class, loader).stream().forEach(provider -> {
        try {
          found.add(provider.get());
        } catch (ServiceConfigurationError | LinkageError e) {
          LOG.log(Level.FINE, () -> "junit-bench: backend " + provider.type().getName()
              + " skipped, its runtime is not on the classpath: " + e);
        }
      });
    } catch (ServiceConfigurationError | LinkageError e) {
      LOG.log(Level.FINE, () -> "junit-bench: backends skipped: " + e);
    }
    return new Backends(found);
  }

  /** Every device some backend serves here, {@link Device#CPU} always among them. */
  public Set<Device> availableDevices() {
    return devices;
  }

  /** The device {@link Device#AUTO} stands for here: a GPU when one is served, else the CPU. */
  public Device resolve(Device device) {
    if (device != Device.AUTO) {
      return device;
    }
    return PREFERENCE.stream().filter(devices::contains).findFirst().orElse(Device.CPU);
  }

  /** Each backend's name and the version of its runtime loaded in this process. */
  public java.util.Map<String, String> runtimeVersions() {
    java.util.Map<String, String> versions = new java.util.TreeMap<>();
    for (Backend backend : backends) {
      String version = backend.runtimeVersion();
      if (version != null) {
        versions.put(backend.name(), version);
      }
    }
    return versions;
  }

  /** The backend that opens {@code @Model} parameters of {@code type}, if one is present. */
  public Optional<Backend> forModelType(Class<?> type) {
    return backends.stream().filter(backend -> backend.modelTypes().contains(type)).findFirst();
  }

  /** Why {@code backend} cannot run a scenario on {@code device} here, or empty when it can. */
  public static Optional<String> unavailableReason(Backend backend, Device device) {
    Set<Device> served = backend.availableDevices();
    Device resolved = device == Device.AUTO
        ? PREFERENCE.stream().filter(served::contains).findFirst().orElse(Device.CPU) : device;
    if (served.contains(resolved)) {
      return Optional.empty();
    }
    return Optional.of(resolved.name() + " requested; " + backend.name() + " offers "
        + served.stream().map(Device::name).toList() + " here; run on a machine with that device and a build of "
        + backend.name() + " that supports it on the test classpath");
  }

  /** Why a scenario on {@code device} cannot run here, or empty when it can. */
  public Optional<String> unavailableReason(Device device) {
    Device resolved = resolve(device);
    if (devices.contains(resolved)) {
      return Optional.empty();
    }
    StringJoiner names = new StringJoiner(", ", "[", "]");
    backends.forEach(backend -> names.add(backend.name()));
    return Optional.of("no backend offers " + resolved.name() + " here (devices available: "
        + devices.stream().map(Device::id).toList() + "; backends: " + names
        + "); run it on a machine with that device and its runtime on the classpath");
  }
}
