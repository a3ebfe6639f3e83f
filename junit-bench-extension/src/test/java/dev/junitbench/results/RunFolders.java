package dev.junitbench.results;

import dev.junitbench.run.HostInfo;
import dev.junitbench.run.SoftwareInfo;
import dev.junitbench.stats.LatencySummary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Writes run folders with chosen samples, as junit-bench writes them: baselines with known figures. */
public final class RunFolders {

  private RunFolders() {}

  /** A scenario of {@code benchmark} with {@code params} that passed with {@code samplesNs}. */
  public static ScenarioResult passed(String benchmark, Map<String, Object> params, long[] samplesNs) {
    String display = params.toString().replace("{", "[").replace("}", "]");
    return ScenarioResult.planned(benchmark, display, params)
        .measured(Phase.of(1, 1000), Phase.of(samplesNs.length, 1000), LatencySummary.of(samplesNs, samplesNs.length),
            Throughput.samplesPerSecond(1, samplesNs, samplesNs.length), null, samplesNs)
        .ended(Status.PASSED, null);
  }

  /** A scenario of {@code benchmark} with {@code params} that ended {@code status} (not passed) for {@code error}. */
  public static ScenarioResult ended(String benchmark, Map<String, Object> params, Status status, String error) {
    String display = params.toString().replace("{", "[").replace("}", "]");
    return ScenarioResult.planned(benchmark, display, params).ended(status, error);
  }

  /** {@code n} latencies around {@code medianNs}, spread by about 1%, in a fixed order. */
  public static long[] around(long medianNs, int n) {
    long[] samples = new long[n];
    for (int i = 0; i < n; i++) {
      samples[i] = medianNs + (medianNs / 100) * ((i * 7L % 11) - 5) / 5;
    }
    return samples;
  }

  /** A run folder named {@code name} under {@code parent} holding {@code results}. */
  public static Path write(Path parent, String name, List<ScenarioResult> results) {
    return write(parent, name, results, "bench-host");
  }

  /** The same, on a host named {@code hostName}. */
  public static Path write(Path parent, String name, List<ScenarioResult> results, String hostName) {
    try {
      RunInfo run = new RunInfo(name, "2026-11-23T08:00:00Z", null, null,
          new HostInfo(hostName, "Linux", "6.1", "amd64", null, null, 2, "Test CPU", null, null, null, null,
              null, null, List.of(), null),
          SoftwareInfo.current(), Map.of(), List.of());
      RunWriter writer = new RunWriter(parent.resolve(name), run);
      for (ScenarioResult result : results) {
        writer.add(result);
      }
      writer.finish("2026-11-23T08:01:00Z");
      return writer.runDir();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The same, without samples.csv: a run known only by its summaries. */
  public static Path writeWithoutSamples(Path parent, String name, List<ScenarioResult> results) {
    Path dir = write(parent, name, results);
    try {
      Files.delete(dir.resolve(SamplesCsv.FILE));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return dir;
  }
}
