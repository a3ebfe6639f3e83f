package dev.junitbench.reports.summary;

import dev.junitbench.environment.HostInfo;
import dev.junitbench.reports.Markdown;
import dev.junitbench.results.JmhResultFile;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.ScenarioResult;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The sentence that says what a run is: {@code 3 benchmarks, 63 scenarios measured, 57 not run (57
 * aborted: no CUDA device), on host ci-1 (2 cores), 4 min 32 s}.
 */
final class RunLine {

  /** Reasons a sentence names; the rest are counted together. */
  private static final int REASONS = 3;

  /** The characters of a host name a sentence keeps. */
  private static final int HOST_NAME = 64;

  /** Hosts a sentence names; more are counted. */
  private static final int HOSTS = 3;

  private RunLine() {}

  static String of(List<RunFolder> folders, List<NotRun> notRun) {
    List<ScenarioResult> all = new ArrayList<>();
    folders.forEach(folder -> all.addAll(folder.results()));
    long benchmarks = all.stream().map(ScenarioResult::benchmark).distinct().count();
    long measured = all.stream().filter(r -> r.latencyMs() != null).count();
    List<String> parts = new ArrayList<>();
    if (folders.size() > 1) {
      parts.add(folders.size() + " runs");
    }
    parts.add(count(benchmarks, "benchmark", "benchmarks"));
    parts.add(count(measured, "scenario", "scenarios") + " measured");
    int notRunCount = notRun.stream().mapToInt(NotRun::count).sum();
    if (notRunCount > 0) {
      parts.add(notRunCount + " not run (" + reasons(notRun) + ")");
    }
    String hosts = hosts(folders);
    if (hosts != null) {
      parts.add(hosts);
    }
    // A JMH file records no run time: said instead of a duration, or left out of the sum.
    List<RunFolder> timed = folders.stream().filter(f -> f.jmhVersion() == null).toList();
    String duration =
        timed.isEmpty() && !folders.isEmpty()
            ? "from a " + JmhResultFile.describe(folders.get(0).run()) + " (no run time recorded)"
            : duration(timed);
    if (duration != null) {
      parts.add(duration);
    }
    // A host name or reason is text from another machine: no direction control may reverse the
    // rest of the sentence, no name may fill it.
    return Markdown.plain(String.join(", ", parts));
  }

  /**
   * {@code 57 aborted: CUDA is not available; 2 failed: out of memory}, the largest groups first,
   * each reason shortened; beyond {@value #REASONS} groups, {@code and 4 more for 3 other reasons}.
   */
  private static String reasons(List<NotRun> notRun) {
    List<NotRun> largest =
        notRun.stream().sorted(Comparator.comparingInt(NotRun::count).reversed()).toList();
    List<String> said = new ArrayList<>();
    for (NotRun group : largest.subList(0, Math.min(REASONS, largest.size()))) {
      said.add(group.count() + " " + group.status() + ": " + group.shortReason());
    }
    if (largest.size() > REASONS) {
      List<NotRun> rest = largest.subList(REASONS, largest.size());
      said.add(
          "and "
              + rest.stream().mapToInt(NotRun::count).sum()
              + " more for "
              + count(rest.size(), "other reason", "other reasons"));
    }
    return String.join("; ", said);
  }

  /**
   * {@code on host ci-1 (2 cores)}, {@code on hosts a (2 cores), b (8 cores)}, {@code on 5 hosts};
   * null when no run knows its host. The cores are those the JVM had, a container's limit included.
   */
  private static String hosts(List<RunFolder> folders) {
    Map<String, HostInfo> byName = new LinkedHashMap<>();
    for (RunFolder folder : folders) {
      HostInfo host = folder.run().host();
      if (host != null && host.name() != null && !host.name().isBlank()) {
        byName.putIfAbsent(host.name(), host);
      }
    }
    if (byName.isEmpty()) {
      return null;
    }
    if (byName.size() > HOSTS) {
      return "on " + byName.size() + " hosts";
    }
    List<String> named = new ArrayList<>();
    byName.forEach((name, host) -> named.add(Markdown.cut(name, HOST_NAME) + cores(host)));
    return (byName.size() == 1 ? "on host " : "on hosts ") + String.join(", ", named);
  }

  private static String cores(HostInfo host) {
    Integer cores =
        host.availableProcessors() != null ? host.availableProcessors() : host.cpuLogicalCores();
    return cores == null ? "" : " (" + count(cores, "core", "cores") + ")";
  }

  /**
   * {@code 4 min 32 s}: from the start to the end of the run, for several runs added up ({@code in
   * all}); {@code not finished} when a run has no end, null when a time cannot be read.
   */
  private static String duration(List<RunFolder> folders) {
    Duration total = Duration.ZERO;
    for (RunFolder folder : folders) {
      if (folder.run().finishedAt() == null) {
        return "not finished";
      }
      if (folder.run().startedAt() == null) {
        return null;
      }
      try {
        total =
            total.plus(
                Duration.between(
                    Instant.parse(folder.run().startedAt()),
                    Instant.parse(folder.run().finishedAt())));
      } catch (DateTimeParseException e) {
        return null;
      }
    }
    return duration(total) + (folders.size() > 1 ? " in all" : "");
  }

  /** {@code 0.8 s}, {@code 42 s}, {@code 4 min 32 s}, {@code 2 h 5 min}. */
  static String duration(Duration duration) {
    long ms = Math.max(0, duration.toMillis());
    if (ms < 10_000) {
      return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    }
    long seconds = Math.round(ms / 1000.0);
    if (seconds < 60) {
      return seconds + " s";
    }
    if (seconds < 3600) {
      return seconds / 60 + " min " + seconds % 60 + " s";
    }
    long minutes = Math.round(seconds / 60.0);
    return minutes / 60 + " h " + minutes % 60 + " min";
  }

  private static String count(long n, String one, String many) {
    return n + " " + (n == 1 ? one : many);
  }
}
