package dev.junitbench.results;

import dev.junitbench.environment.GitInfo;
import dev.junitbench.environment.HostInfo;
import dev.junitbench.machine.SoftwareReader;
import dev.junitbench.output.RunWriter;
import dev.junitbench.output.SamplesCsv;
import dev.junitbench.stats.ForkStatistics;
import dev.junitbench.stats.LatencySummary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Writes run folders with chosen samples, as junit-bench writes them: baselines with known figures.
 */
public final class RunFolders {

  private RunFolders() {}

  /** A scenario of {@code benchmark} with {@code params} that passed with {@code samplesNs}. */
  public static ScenarioResult passed(
      String benchmark, Map<String, Object> params, long[] samplesNs) {
    String display = params.toString().replace("{", "[").replace("}", "]");
    return ScenarioResult.planned(benchmark, display, params)
        .measured(
            Phase.of(1, 1000),
            Phase.of(samplesNs.length, 1000),
            LatencySummary.of(samplesNs, samplesNs.length),
            Throughput.samplesPerSecond(1, samplesNs, samplesNs.length),
            null,
            samplesNs)
        .withValidity(Validity.of(samplesNs, 0.001, null, null))
        .ended(Status.PASSED, null);
  }

  /**
   * A scenario of {@code benchmark} with {@code params} that passed in {@code forks.length} forks,
   * each with its own samples: pooled as junit-bench pools them, with each fork's summary and the
   * statistics across forks.
   */
  public static ScenarioResult forked(
      String benchmark, Map<String, Object> params, long[]... forks) {
    int total = 0;
    for (long[] fork : forks) {
      total += fork.length;
    }
    long[] pooled = new long[total];
    List<ForkRun> runs = new ArrayList<>();
    double[] medians = new double[forks.length];
    double[] lows = new double[forks.length];
    double[] highs = new double[forks.length];
    int at = 0;
    for (int i = 0; i < forks.length; i++) {
      System.arraycopy(forks[i], 0, pooled, at, forks[i].length);
      at += forks[i].length;
      LatencySummary own = LatencySummary.of(forks[i], forks[i].length);
      runs.add(
          new ForkRun(
              i + 1,
              Status.PASSED,
              null,
              forks[i].length,
              own.median(),
              own.ci95Low(),
              own.ci95High(),
              own.mean(),
              Phase.of(1, 1000),
              Phase.of(forks[i].length, 1000),
              500));
      medians[i] = own.median();
      lows[i] = own.ci95Low() == null ? Double.NaN : own.ci95Low();
      highs[i] = own.ci95High() == null ? Double.NaN : own.ci95High();
    }
    ForkStatistics across = ForkStatistics.of(medians, lows, highs);
    ForkFigures figures =
        new ForkFigures(
            forks.length,
            forks.length,
            across.centerMs(),
            across.ci95Low(),
            across.ci95High(),
            across.method(),
            across.betweenForkCv(),
            across.withinForkCv(),
            500.0 * forks.length,
            496.0 * forks.length,
            forks.length < 2 ? null : across.advise(0.025, 496, 0.1, forks[0].length),
            List.copyOf(runs));
    return passed(benchmark, params, pooled).withForks(figures);
  }

  /**
   * A scenario of {@code benchmark} with {@code params} that ended {@code status} (not passed) for
   * {@code error}.
   */
  public static ScenarioResult ended(
      String benchmark, Map<String, Object> params, Status status, String error) {
    String display = params.toString().replace("{", "[").replace("}", "]");
    return ScenarioResult.planned(benchmark, display, params).ended(status, error);
  }

  /**
   * A scenario of {@code benchmark} measured under Server at 50 qps with {@code latencyNs} (one per
   * query, 20 ms apart), judged on {@code p99 <= 50ms} and on {@code minQueries} (or no minimum).
   */
  public static ScenarioResult server(String benchmark, long[] latencyNs, Long minQueries) {
    LoadFigures.BoundCheck bound = LoadFigures.BoundCheck.of(latencyNs, "p99 <= 50ms", 0.99, 50);
    double wallMs = latencyNs.length * 20.0;
    LoadFigures load =
        new LoadFigures(
            "server",
            2,
            null,
            latencyNs.length,
            50.0,
            49.5,
            49.4,
            wallMs,
            null,
            null,
            bound,
            null,
            null);
    return passed(benchmark, Map.of("target_qps", 50.0), latencyNs)
        .withLoad(load, Throughput.overWall(latencyNs.length, Math.round(wallMs * 1e6)))
        .withValidity(Validity.of(latencyNs, wallMs, minQueries, null, bound));
  }

  /** {@code n} latencies of 10 ms, the last {@code over} of them 60 ms. */
  public static long[] tenMsWith60MsTail(int n, int over) {
    long[] latencies = new long[n];
    Arrays.fill(latencies, 10_000_000L);
    Arrays.fill(latencies, n - over, n, 60_000_000L);
    return latencies;
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
  public static Path write(
      Path parent, String name, List<ScenarioResult> results, String hostName) {
    try {
      RunInfo run =
          new RunInfo(
              name,
              "2026-11-23T08:00:00Z",
              null,
              null,
              host(hostName, null),
              SoftwareReader.current(),
              Map.of(),
              List.of());
      return write(parent.resolve(name), run, results, "2026-11-23T08:01:00Z");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A test machine of two cores named {@code name}; {@code cpus} as the cgroup limits them. */
  private static HostInfo host(String name, Integer cpus) {
    return new HostInfo(
        name,
        "Linux",
        "6.1",
        "amd64",
        null,
        null,
        2,
        "Test CPU",
        null,
        null,
        cpus,
        null,
        null,
        null,
        List.of(),
        null);
  }

  private static Path write(Path dir, RunInfo run, List<ScenarioResult> results, String finishedAt)
      throws IOException {
    RunWriter writer = new RunWriter(dir, run);
    for (ScenarioResult result : results) {
      writer.add(result);
    }
    writer.finish(finishedAt);
    return writer.runDir();
  }

  /** The start of run {@code i} of a history: an hour after run {@code i - 1}. */
  public static Instant historyStart(int i) {
    return Instant.parse("2026-11-01T10:00:00Z").plusSeconds(3600L * i);
  }

  /**
   * Run {@code i} of a history kept on host {@code host}: id {@code r<i>}, started at {@link
   * #historyStart(int)}, at commit {@code c<i>} on main.
   */
  public static RunInfo historyRun(int i, String host) {
    return new RunInfo(
        "r" + i,
        historyStart(i).toString(),
        null,
        new GitInfo("c" + i + "0000000000", "main", false),
        host(host, 2),
        SoftwareReader.current(),
        Map.of(),
        List.of());
  }

  /**
   * Writes run {@code i} of a history ({@link #historyRun(int, String)}) into {@code dir} with
   * {@code results}, finished a minute after it started.
   */
  public static Path writeHistoryRun(Path dir, int i, String host, List<ScenarioResult> results) {
    try {
      return write(dir, historyRun(i, host), results, historyStart(i).plusSeconds(60).toString());
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
