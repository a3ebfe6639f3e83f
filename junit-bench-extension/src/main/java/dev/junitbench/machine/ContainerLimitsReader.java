package dev.junitbench.machine;

import dev.junitbench.environment.ContainerLimits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** Reads {@link ContainerLimits} off this machine and process. */
public final class ContainerLimitsReader {

  private ContainerLimitsReader() {}

  // cgroup v1 writes "no limit" as the largest page-aligned long.
  private static final long V1_UNLIMITED = 0x7FFFFFFFFFFFF000L;

  /**
   * The limits under {@code root} ({@code /sys/fs/cgroup}) for the groups {@code procSelfCgroup}
   * (the lines of {@code /proc/self/cgroup}) names; empty when no cgroup files are there.
   */
  public static Optional<ContainerLimits> read(Path root, List<String> procSelfCgroup) {
    if (Files.isRegularFile(root.resolve("cgroup.controllers"))) {
      Path own = own(root, path(procSelfCgroup, ""));
      Double cpu = tightest(root, own, "cpu.max", ContainerLimitsReader::v2Cpu);
      Long memory = tightest(root, own, "memory.max", ContainerLimitsReader::v2Memory);
      return Optional.of(new ContainerLimits(2, cpu, memory));
    }
    Path cpuMount =
        Files.isDirectory(root.resolve("cpu,cpuacct"))
            ? root.resolve("cpu,cpuacct")
            : root.resolve("cpu");
    Path memoryMount = root.resolve("memory");
    boolean cpuFiles = Files.isRegularFile(cpuMount.resolve("cpu.cfs_quota_us"));
    boolean memoryFiles = Files.isRegularFile(memoryMount.resolve("memory.limit_in_bytes"));
    if (!cpuFiles && !memoryFiles) {
      return Optional.empty();
    }
    Path cpuOwn = own(cpuMount, path(procSelfCgroup, "cpu"));
    Double cpu =
        tightest(
            cpuMount,
            cpuOwn,
            "cpu.cfs_quota_us",
            quota ->
                line(cpuOwnOrAbove(cpuMount, cpuOwn))
                    .map(period -> v1Cpu(quota, period))
                    .orElse(null));
    Long memory =
        tightest(
            memoryMount,
            own(memoryMount, path(procSelfCgroup, "memory")),
            "memory.limit_in_bytes",
            ContainerLimitsReader::v1Memory);
    return Optional.of(new ContainerLimits(1, cpu, memory));
  }

  private static Path cpuOwnOrAbove(Path mount, Path own) {
    for (Path dir = own; dir != null && dir.startsWith(mount); dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("cpu.cfs_period_us"))) {
        return dir.resolve("cpu.cfs_period_us");
      }
    }
    return mount.resolve("cpu.cfs_period_us");
  }

  /**
   * The path {@code /proc/self/cgroup} gives the controller ({@code ""} for v2's unified line,
   * {@code "memory"}, {@code "cpu"}), or {@code /}.
   */
  static String path(List<String> lines, String controller) {
    for (String line : lines) {
      String[] parts = line.split(":", 3);
      if (parts.length == 3
          && (controller.isEmpty()
              ? parts[0].equals("0") && parts[1].isEmpty()
              : List.of(parts[1].split(",")).contains(controller))) {
        return parts[2].strip();
      }
    }
    return "/";
  }

  /**
   * The group's folder under {@code mount}, or the mount itself where a namespace hides the path.
   */
  private static Path own(Path mount, String path) {
    Path own = path.equals("/") || path.isEmpty() ? mount : mount.resolve(path.substring(1));
    return Files.isDirectory(own) ? own : mount;
  }

  /**
   * The tightest limit in {@code file} from {@code own} up to {@code mount}; null when none limits.
   */
  private static <T extends Comparable<T>> T tightest(
      Path mount, Path own, String file, Function<String, T> parse) {
    T tightest = null;
    for (Path dir = own; dir != null && dir.startsWith(mount); dir = dir.getParent()) {
      T limit = line(dir.resolve(file)).map(parse).orElse(null);
      if (limit != null && (tightest == null || limit.compareTo(tightest) < 0)) {
        tightest = limit;
      }
    }
    return tightest;
  }

  /** The lines of {@code /proc/self/cgroup}, or none where it cannot be read. */
  public static List<String> procSelfCgroup(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }

  private static Optional<String> line(Path file) {
    try {
      return Files.isReadable(file)
          ? Optional.of(Files.readString(file, StandardCharsets.US_ASCII).strip())
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
