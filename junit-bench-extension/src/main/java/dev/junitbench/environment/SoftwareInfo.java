package dev.junitbench.environment;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What software measured the run: the Java installation ({@code java.home}) and its version, JUnit versions, junit-bench's own, the JVM's options,
 * collectors and heap limit, and the versions of the inference runtimes (ONNX Runtime, ...) the
 * process really loaded.
 *
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record SoftwareInfo(
    String javaHome,
    String javaVersion,
    String javaVendor,
    String javaVmName,
    String javaVmVersion,
    String junitPlatformVersion,
    String junitJupiterVersion,
    String junitBenchVersion,
    java.util.List<String> jvmArguments,
    java.util.List<String> garbageCollectors,
    Long jvmMaxHeapBytes,
    java.util.Map<String, String> runtimes) {

  /** This description with the versions of the inference runtimes loaded: {@code onnxruntime -> 1.29.0}. */
  public SoftwareInfo withRuntimes(java.util.Map<String, String> loaded) {
    return new SoftwareInfo(javaHome, javaVersion, javaVendor, javaVmName, javaVmVersion, junitPlatformVersion,
        junitJupiterVersion, junitBenchVersion, jvmArguments, garbageCollectors, jvmMaxHeapBytes,
        java.util.Map.copyOf(new java.util.TreeMap<>(loaded)));
  }
}
