package dev.junitbench.reports.html;

import dev.junitbench.environment.GpuInfo;
import dev.junitbench.environment.HostInfo;
import dev.junitbench.environment.SoftwareInfo;
import dev.junitbench.results.JmhResultFile;
import dev.junitbench.results.RunFolder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What a report says of each run: its host, GPUs, software, git checkout, configuration, warnings
 * and what forking cost, as the "Runs" section lists them.
 */
final class RunViews {

  record Pair(String key, String value) {}

  record RunView(
      String label,
      String id,
      String started,
      String finished,
      List<Pair> host,
      List<Pair> gpus,
      List<Pair> software,
      List<Pair> git,
      List<Pair> config,
      List<String> warnings,
      String forkCost) {
    boolean hasWarnings() {
      return !warnings.isEmpty();
    }
  }

  private RunViews() {}

  /** {@code folder}'s run described under {@code label}. */
  static RunView of(RunFolder folder, String label) {
    var run = folder.run();
    List<Pair> host = new ArrayList<>();
    HostInfo h = run.host();
    if (h != null) {
      add(host, "host name", h.name());
      add(host, "CPU", h.cpuModel());
      add(host, "CPU vendor", h.cpuVendor());
      add(
          host,
          "cores",
          h.cpuPhysicalCores() == null
              ? null
              : h.cpuPhysicalCores()
                  + " physical, "
                  + h.cpuLogicalCores()
                  + " logical, "
                  + h.availableProcessors()
                  + " available to the JVM");
      add(
          host,
          "max frequency",
          h.cpuMaxFrequencyHz() == null
              ? null
              : String.format(Locale.ROOT, "%.2f GHz", h.cpuMaxFrequencyHz() / 1e9));
      add(host, "memory", h.totalMemoryBytes() == null ? null : gib(h.totalMemoryBytes()));
      add(
          host,
          "operating system",
          join(h.distribution(), h.osName() + " " + h.osVersion() + " " + h.osArch()));
      add(host, "kernel", h.kernel());
      if (h.container() != null) {
        add(
            host,
            "container",
            "cgroup v"
                + h.container().cgroupVersion()
                + ", CPU limit "
                + (h.container().cpuLimitCores() == null
                    ? "none"
                    : h.container().cpuLimitCores() + " cores")
                + ", memory limit "
                + (h.container().memoryLimitBytes() == null
                    ? "none"
                    : gib(h.container().memoryLimitBytes())));
      }
      add(host, "unavailable", h.unavailableReason());
    }
    List<Pair> gpus = new ArrayList<>();
    if (h != null && h.gpus() != null) {
      for (GpuInfo gpu : h.gpus()) {
        gpus.add(
            new Pair(
                gpu.index() == null ? gpu.source() : "GPU " + gpu.index(),
                join(
                    gpu.name(),
                    gpu.memoryTotalMb() == null ? null : gpu.memoryTotalMb() + " MiB",
                    gpu.driverVersion() == null ? null : "driver " + gpu.driverVersion(),
                    gpu.cudaVersion() == null ? null : "CUDA " + gpu.cudaVersion())));
      }
    }
    List<Pair> software = new ArrayList<>();
    SoftwareInfo s = run.software();
    if (s != null) {
      add(software, "Java", join(s.javaVersion(), s.javaVendor(), s.javaVmName()));
      add(
          software,
          "JUnit",
          join(
              s.junitPlatformVersion() == null ? null : "Platform " + s.junitPlatformVersion(),
              s.junitJupiterVersion() == null ? null : "Jupiter " + s.junitJupiterVersion()));
      add(software, "junit-bench", s.junitBenchVersion());
      if (s.runtimes() != null) {
        s.runtimes()
            .forEach(
                (name, version) ->
                    add(
                        software,
                        name.equals(JmhResultFile.RUNTIME)
                                && run.software().junitBenchVersion() == null
                            ? "JMH"
                            : name,
                        version));
      }
      add(
          software,
          "JVM options",
          s.jvmArguments() == null ? null : String.join(" ", s.jvmArguments()));
      add(
          software,
          "garbage collectors",
          s.garbageCollectors() == null ? null : String.join(", ", s.garbageCollectors()));
      add(software, "max heap", s.jvmMaxHeapBytes() == null ? null : gib(s.jvmMaxHeapBytes()));
    }
    List<Pair> git = new ArrayList<>();
    String jmh = JmhResultFile.describe(run);
    if (jmh != null && run.git() == null) {
      add(git, "commit", "not recorded in a " + jmh);
    }
    if (run.git() != null) {
      add(git, "commit", run.git().commit());
      add(git, "branch", run.git().branch());
      add(git, "dirty", run.git().dirty() == null ? null : String.valueOf(run.git().dirty()));
    }
    List<Pair> config = new ArrayList<>();
    if (run.config() != null) {
      run.config().forEach((key, value) -> config.add(new Pair(key, value == null ? "" : value)));
    }
    return new RunView(
        label,
        run.id(),
        jmh == null ? run.startedAt() : run.startedAt() + " (the file's modification time)",
        jmh != null
            ? "at a time not recorded in a " + jmh
            : run.finishedAt() == null ? "not finished" : run.finishedAt(),
        host,
        gpus,
        software,
        git,
        config,
        run.warnings() == null ? List.of() : run.warnings(),
        ForkViews.cost(folder));
  }

  private static void add(List<Pair> pairs, String key, String value) {
    if (value != null && !value.isBlank()) {
      pairs.add(new Pair(key, value));
    }
  }

  private static String join(String... parts) {
    List<String> present = Arrays.stream(parts).filter(p -> p != null && !p.isBlank()).toList();
    return present.isEmpty() ? null : String.join(", ", present);
  }

  private static String gib(long bytes) {
    return String.format(Locale.ROOT, "%.1f GiB", bytes / (1024.0 * 1024 * 1024));
  }
}
