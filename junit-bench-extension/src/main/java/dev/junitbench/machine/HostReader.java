package dev.junitbench.machine;

import dev.junitbench.environment.ContainerLimits;
import dev.junitbench.environment.GpuInfo;
import dev.junitbench.environment.HostInfo;
import dev.junitbench.machine.Machine.Oshi;
import dev.junitbench.warnings.RunWarnings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Stream;

/** Reads {@link HostInfo} off this machine and process. */
public final class HostReader {

  private HostReader() {}

  private static final Path CPU_INFO = Path.of("/proc/cpuinfo");
  private static final Path PROC_SELF_CGROUP = Path.of("/proc/self/cgroup");

  /**
   * Describes this machine.
   *
   * @param includeName whether to record the host name
   * @param cgroupRoot where the control groups are ({@code /sys/fs/cgroup})
   * @param nvidiaSmi the nvidia-smi command
   * @param oshi reads OSHI's facts; a failure leaves them null with one warning
   */
  public static HostInfo collect(
      boolean includeName, Path cgroupRoot, String nvidiaSmi, Supplier<OshiFacts> oshi) {
    List<String> problems = new ArrayList<>();
    OshiFacts facts = null;
    try {
      facts = oshi.get();
    } catch (RuntimeException | LinkageError e) {
      String reason = Oshi.failureReason(e);
      RunWarnings.warnOnce("oshi: " + reason, reason + " (oshi figures are null)");
      problems.add(
          "cpu_vendor, cpu_physical_cores, cpu_logical_cores, cpu_max_frequency_hz, distribution, kernel,"
              + " name: "
              + reason);
    }
    ContainerLimits container =
        ContainerLimitsReader.read(
                cgroupRoot, ContainerLimitsReader.procSelfCgroup(PROC_SELF_CGROUP))
            .orElse(null);
    if (container == null) {
      problems.add("container: no control group files under " + cgroupRoot);
    }
    GpuInventory inventory = GpuInventory.of(nvidiaSmi);
    List<GpuInfo> gpus = new ArrayList<>(inventory.gpus());
    if (facts != null) {
      facts.graphicsCards().stream()
          .filter(
              card ->
                  card.vendor() == null
                      || !card.vendor().toLowerCase(Locale.ROOT).contains("nvidia")
                      || inventory.gpus().isEmpty())
          .forEach(gpus::add);
    }
    if (inventory.problem() != null) {
      problems.add("gpus (nvidia-smi): " + inventory.problem());
    }
    return new HostInfo(
        includeName && facts != null ? facts.hostName() : null,
        System.getProperty("os.name"),
        System.getProperty("os.version"),
        System.getProperty("os.arch"),
        facts == null ? null : facts.distribution(),
        facts == null ? null : facts.kernel(),
        Runtime.getRuntime().availableProcessors(),
        facts != null && facts.cpuModel() != null ? facts.cpuModel() : linuxCpuModel(),
        facts == null ? null : facts.cpuVendor(),
        facts == null ? null : facts.physicalCores(),
        facts == null ? null : facts.logicalCores(),
        facts == null ? null : facts.maxFrequencyHz(),
        facts != null && facts.totalMemoryBytes() != null
            ? facts.totalMemoryBytes()
            : physicalMemoryBytes(),
        container,
        List.copyOf(gpus),
        problems.isEmpty() ? null : String.join("; ", problems));
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

  /** A host nothing could be learned of but what the JVM says, and why. */
  public static HostInfo unknown(String reason) {
    RunWarnings.warnOnce("host: " + reason, reason + " (host figures are null)");
    return new HostInfo(
        null,
        System.getProperty("os.name"),
        System.getProperty("os.version"),
        System.getProperty("os.arch"),
        null,
        null,
        Runtime.getRuntime().availableProcessors(),
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        List.of(),
        reason);
  }
}
