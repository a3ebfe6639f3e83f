package dev.junitbench.reports.summary;

import dev.junitbench.reports.ScenarioNames;
import dev.junitbench.reports.compare.RunComparison;
import dev.junitbench.results.ForkFigures;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.results.Validity;
import dev.junitbench.stats.LatencySummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The measured scenarios of one benchmark, one row each, named by the params that vary among them.
 *
 * @param benchmark {@code fully.qualified.Class#method}
 * @param name {@code Class.method}
 * @param shared {@code device=cpu, backend=onnxruntime}: the params every row has alike, said once;
 *     may be empty
 * @param varying the names of the params that tell the rows apart
 * @param rows the measured scenarios, in the order they ran
 */
public record BenchmarkTable(
    String benchmark, String name, String shared, List<String> varying, List<Row> rows) {

  /**
   * One measured scenario.
   *
   * @param run which run it is of, {@code run 2} or a run set's host label, when the summary holds
   *     several; else empty
   * @param scenario {@code batch_size=8, mode=eager}: its params that vary within the benchmark;
   *     empty when it is the benchmark's only scenario
   * @param status {@code passed}, or {@code failed} for a scenario the gate failed (which keeps its
   *     figures)
   * @param medianMs the median latency, ms: for a scenario measured in forks, the geometric mean of
   *     the fork medians, the centre of the interval that counts
   * @param median {@code 7.312 ms}
   * @param ci {@code [7.102, 7.531] ms}: the median's 95% interval (across forks when forked), or
   *     empty when the count is too small for one
   * @param forks the forks the interval is across ({@code 5}, {@code 4 of 5}), or empty when it is
   *     of the samples of one JVM
   * @param p99 {@code 9.120 ms}
   * @param p99Note {@code p99 needs 662 samples; 122 measured} when the count does not support the
   *     p99 ({@link Validity#percentileNote()}), else null: the p99 is shown, marked
   * @param throughput {@code 136.8 samples/s}, or empty
   * @param validity what a reader is told of its validity ({@link Validity#display()}), or null
   * @param invalid whether it is INVALID where the verdict applies ({@link
   *     Validity#invalidWhereItMatters()}): a Server run's bound, a minimum the user set
   * @param verdict what its baseline says of it; empty ({@link ScenarioVerdict#text()} blank)
   *     without one
   */
  public record Row(
      String run,
      String scenario,
      String status,
      double medianMs,
      String median,
      String ci,
      String forks,
      String p99,
      String p99Note,
      String throughput,
      String validity,
      boolean invalid,
      ScenarioVerdict verdict) {}

  /**
   * A table per benchmark of the measured results of {@code folders}, each run's rows labelled by
   * {@code labels}; {@code deltas} the rows of a {@code --baseline} comparison of the first run, by
   * scenario (empty without one).
   */
  static List<BenchmarkTable> of(
      List<RunFolder> folders, List<String> labels, Map<ScenarioKey, RunComparison.Row> deltas) {
    List<ScenarioResult> measured = new ArrayList<>();
    List<Integer> runs = new ArrayList<>();
    for (int run = 0; run < folders.size(); run++) {
      for (ScenarioResult result : folders.get(run).results()) {
        if (result.latencyMs() != null) {
          measured.add(result);
          runs.add(run);
        }
      }
    }
    // Params that vary among the measured scenarios: an aborted CUDA scenario does not make a
    // CPU-only benchmark's device vary.
    ScenarioNames names = ScenarioNames.of(measured);
    Map<String, List<Integer>> byBenchmark = new LinkedHashMap<>();
    for (int i = 0; i < measured.size(); i++) {
      byBenchmark.computeIfAbsent(measured.get(i).benchmark(), k -> new ArrayList<>()).add(i);
    }
    List<BenchmarkTable> tables = new ArrayList<>();
    byBenchmark.forEach(
        (benchmark, indexes) -> {
          List<Row> rows = new ArrayList<>();
          for (int i : indexes) {
            ScenarioResult result = measured.get(i);
            int run = runs.get(i);
            RunComparison.Row delta = run == 0 ? deltas.get(result.key()) : null;
            rows.add(row(labels.get(run), names.params(result), result, delta));
          }
          List<String> varying = names.varying(benchmark);
          String shared = names.shared(measured.get(indexes.get(0)));
          tables.add(
              new BenchmarkTable(
                  benchmark, UnitFormat.shortName(benchmark), shared, varying, List.copyOf(rows)));
        });
    return List.copyOf(tables);
  }

  private static Row row(
      String run, String scenario, ScenarioResult result, RunComparison.Row delta) {
    LatencySummary latency = result.latencyMs();
    ForkFigures forks = result.forks();
    boolean acrossForks = forks != null && forks.medianMs() != null;
    double median = acrossForks ? forks.medianMs() : latency.median();
    String ci = "";
    if (acrossForks && forks.ci95Low() != null && forks.ci95High() != null) {
      ci = interval(forks.ci95Low(), forks.ci95High(), median);
    } else if (!acrossForks && latency.ci95Low() != null && latency.ci95High() != null) {
      ci = interval(latency.ci95Low(), latency.ci95High(), median);
    }
    Validity validity = result.validity();
    String p99Note = validity == null ? null : validity.percentileNote();
    return new Row(
        run,
        scenario,
        result.status() == null ? "not finished" : result.status().id(),
        median,
        UnitFormat.duration(median),
        ci,
        acrossForks ? forkCount(forks) : "",
        UnitFormat.duration(latency.p99()),
        p99Note,
        result.throughput() == null || result.throughput().value() == null
            ? ""
            : UnitFormat.rate(result.throughput()),
        validity == null ? null : validity.display(),
        validity != null && validity.invalidWhereItMatters(),
        ScenarioVerdict.of(result, delta));
  }

  /** {@code 5}, or {@code 4 of 5} when a fork did not hand its samples back. */
  public static String forkCount(ForkFigures forks) {
    return forks.completed() == forks.planned()
        ? String.valueOf(forks.completed())
        : forks.completed() + " of " + forks.planned();
  }

  /** {@code [7.102, 7.531] ms}: an interval's bounds in the unit its centre reads in. */
  public static String interval(double low, double high, double centre) {
    String unit = UnitFormat.duration(centre);
    return "["
        + UnitFormat.inUnitOf(low, centre)
        + ", "
        + UnitFormat.inUnitOf(high, centre)
        + "] "
        + unit.substring(unit.lastIndexOf(' ') + 1);
  }
}
