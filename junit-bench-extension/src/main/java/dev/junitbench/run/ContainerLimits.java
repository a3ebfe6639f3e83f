package dev.junitbench.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The CPU and memory limits of the control group this process runs in: a 2-core container on a
 * 64-core host is a different machine from the host. Read from cgroup v2 ({@code cpu.max},
 * {@code memory.max}) or v1 ({@code cpu/cpu.cfs_quota_us}, {@code memory/memory.limit_in_bytes}).
 *
 * @param cgroupVersion 1 or 2
 * @param cpuLimitCores the CPU quota in cores ({@code 2.0}), null when there is none
 * @param memoryLimitBytes the memory limit, null when there is none
 * @since 0.1.0
 */
public record ContainerLimits(int cgroupVersion, Double cpuLimitCores, Long memoryLimitBytes) {

  // cgroup v1 writes "no limit" as the largest page-aligned long.
  private static final long V1_UNLIMITED = 0x7FFFFFFFFFFFF000L;

  /**
   * The limits under {@code root} ({@code /sys/fs/cgroup}) for the process's cgroup path (as
   * {@code /proc/self/cgroup} names it, {@code /} for the root); empty when no cgroup files are there.
   */
  public static Optional<ContainerLimits> read(Path root, String ownPath) {
    Path own = ownPath == null || ownPath.equals("/") ? root : root.resolve(ownPath.substring(1));
    if (Files.isRegularFile(root.resolve("cgroup.controllers"))) {
      Path dir = Files.isRegularFile(own.resolve("cpu.max")) || Files.isRegularFile(own.resolve("memory.max")) ? own : root;
      Double cpu = line(dir.resolve("cpu.max")).map(ContainerLimits::v2Cpu).orElse(null);
      Long memory = line(dir.resolve("memory.max")).map(ContainerLimits::v2Memory).orElse(null);
      return Optional.of(new ContainerLimits(2, cpu, memory));
    }
    Optional<String> quota = line(root.resolve("cpu/cpu.cfs_quota_us"));
    Optional<String> limit = line(root.resolve("memory/memory.limit_in_bytes"));
    if (quota.isEmpty() && limit.isEmpty()) {
      return Optional.empty();
    }
    Double cpu = quota.flatMap(q -> line(root.resolve("cpu/cpu.cfs_period_us")).map(p -> v1Cpu(q, p))).orElse(null);
    Long memory = limit.map(ContainerLimits::v1Memory).orElse(null);
    return Optional.of(new ContainerLimits(1, cpu, memory));
  }

  /** This process's cgroup path from {@code /proc/self/cgroup}: the v2 entry ({@code 0::/...}), or {@code /}. */
  public static String ownPath(Path procSelfCgroup) {
    try {
      List<String> lines = Files.readAllLines(procSelfCgroup, StandardCharsets.UTF_8);
      return lines.stream().filter(l -> l.startsWith("0::")).map(l -> l.substring(3).strip())
          .filter(p -> p.startsWith("/")).findFirst().orElse("/");
    } catch (IOException | RuntimeException e) {
      return "/";
    }
  }

  private static Optional<String> line(Path file) {
    try {
      return Files.isReadable(file) ? Optional.of(Files.readString(file, StandardCharsets.US_ASCII).strip())
          : Optional.empty();
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** {@code "max 100000"} or {@code "200000 100000"}. */
  static Double v2Cpu(String text) {
    String[] parts = text.split("\\s+");
    if (parts.length != 2 || parts[0].equals("max")) {
      return null;
    }
    try {
      return Double.parseDouble(parts[0]) / Double.parseDouble(parts[1]);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  static Long v2Memory(String text) {
    try {
      return text.equals("max") ? null : Long.parseLong(text);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  static Double v1Cpu(String quota, String period) {
    try {
      long q = Long.parseLong(quota);
      long p = Long.parseLong(period);
      return q <= 0 || p <= 0 ? null : (double) q / p;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  static Long v1Memory(String text) {
    try {
      long bytes = Long.parseLong(text);
      return bytes <= 0 || bytes >= V1_UNLIMITED ? null : bytes;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
