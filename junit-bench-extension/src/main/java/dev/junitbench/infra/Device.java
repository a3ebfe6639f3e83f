package dev.junitbench.infra;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * A device a benchmark runs on. Execution providers (TensorRT, OpenVINO, ...) are not devices: they
 * are options of a backend that runs on one of these.
 *
 * @since 0.1.0
 */
@API(status = MAINTAINED, since = "0.1")
public enum Device {
  /** The host's processors; always available. */
  CPU,
  /** An NVIDIA GPU through CUDA. */
  CUDA,
  /** An AMD GPU through ROCm. */
  ROCM,
  /** The best device available where the benchmark runs; the result records which one was used. */
  AUTO;

  /** The lower-case name used in display names, parameters and result files ({@code cpu}). */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The device named {@code id}, case-insensitive.
   *
   * @throws IllegalArgumentException naming the accepted values when {@code id} names no device
   */
  public static Device fromId(String id) {
    for (Device device : values()) {
      if (device.name().equalsIgnoreCase(id.trim())) {
        return device;
      }
    }
    throw new IllegalArgumentException(
        "unknown device '" + id + "'; accepted: cpu, cuda, rocm, auto");
  }
}
