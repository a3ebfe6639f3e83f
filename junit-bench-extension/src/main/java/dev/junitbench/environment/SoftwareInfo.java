package dev.junitbench.environment;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * What software measured the run: the Java installation ({@code java.home}) and its version, JUnit
 * versions, junit-bench's own, the JVM's options, collectors and heap limit, and the versions of
 * the inference runtimes (ONNX Runtime, ...) the process really loaded.
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
    List<String> jvmArguments,
    List<String> garbageCollectors,
    Long jvmMaxHeapBytes,
    Map<String, String> runtimes) {

  /**
   * This description with the versions of the inference runtimes loaded: {@code onnxruntime ->
   * 1.29.0}.
   */
  public SoftwareInfo withRuntimes(Map<String, String> loaded) {
    return new SoftwareInfo(
        javaHome,
        javaVersion,
        javaVendor,
        javaVmName,
        javaVmVersion,
        junitPlatformVersion,
        junitJupiterVersion,
        junitBenchVersion,
        jvmArguments,
        garbageCollectors,
        jvmMaxHeapBytes,
        Map.copyOf(new TreeMap<>(loaded)));
  }
}
