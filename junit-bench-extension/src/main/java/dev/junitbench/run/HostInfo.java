package dev.junitbench.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The machine a run was measured on.
 *
 * @since 0.1.0
 */
public record HostInfo(
    String osName,
    String osVersion,
    String osArch,
    Integer availableProcessors,
    Long totalMemoryBytes,
    String cpuModel) {

  private static final Path CPU_INFO = Path.of("/proc/cpuinfo");

  /** Describes the machine this JVM runs on; unknown values are null. */
  public static HostInfo current() {
    return new HostInfo(
        System.getProperty("os.name"),
        System.getProperty("os.version"),
        System.getProperty("os.arch"),
        Runtime.getRuntime().availableProcessors(),
        physicalMemoryBytes(),
        linuxCpuModel());
  }

  private static Long physicalMemoryBytes() {
    try {
      // Only HotSpot-derived JVMs with the jdk.management module expose physical memory.
      OperatingSystemMXBean bean = ManagementFactory.getOperatingSystemMXBean();
      if (bean instanceof com.sun.management.OperatingSystemMXBean sunBean) {
        long total = sunBean.getTotalMemorySize();
        return total > 0 ? total : null;
      }
      return null;
    } catch (RuntimeException | LinkageError e) {
      return null;
    }
  }

  private static String linuxCpuModel() {
    String osName = System.getProperty("os.name", "");
    if (!osName.startsWith("Linux")) {
      return null;
    }
    return cpuModelFrom(CPU_INFO);
  }

  /** The first "model name" of a cpuinfo file; ARM kernels omit it, so null rather than a guess. */
  static String cpuModelFrom(Path cpuInfo) {
    try (Stream<String> lines = Files.lines(cpuInfo, StandardCharsets.UTF_8)) {
      return lines
          .filter(line -> line.startsWith("model name"))
          .map(line -> line.substring(line.indexOf(':') + 1).strip())
          .filter(model -> !model.isEmpty())
          .findFirst()
          .orElse(null);
    } catch (IOException | UncheckedIOException | SecurityException e) {
      return null;
    }
  }
}
