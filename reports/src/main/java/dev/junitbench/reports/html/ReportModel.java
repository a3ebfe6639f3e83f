package dev.junitbench.reports.html;

import dev.junitbench.reports.ScenarioNames;
import dev.junitbench.reports.compare.RunComparison;
import dev.junitbench.reports.summary.BenchmarkTable;
import dev.junitbench.reports.summary.NotRun;
import dev.junitbench.reports.summary.ScenarioVerdict;
import dev.junitbench.results.ModelInfo;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.Samples;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.results.Validity;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.Percentiles;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What a report shows, computed from run folders: the tables the template renders (every string
 * escaped by it) and the chart data the page's script draws (inlined as script-safe JSON). Raw
 * samples are reduced to quantiles here; no sample reaches the page.
 */
final class ReportModel {

  /**
   * Points of each latency distribution: the quantiles at 0, 0.5, 1, ..., 100 percent, and 99.9.
   */
  private static final int CDF_STEPS = 200;

  record Row(
      String run,
      String benchmark,
      String params,
      String status,
      String warning,
      String warningTitle,
      String median,
      double medianSort,
      String ci,
      String pooledMedian,
      String p99,
      double p99Sort,
      String p99Title,
      String throughput,
      double throughputSort,
      String tokens,
      String rss,
      double rssSort,
      String alloc,
      double allocSort,
      String model,
      String modelTitle,
      boolean gated,
      String delta,
      String deltaClass,
      double deltaSort,
      String error,
      ForkViews.Cells forks,
      List<WarmupViews.Flag> warmupFlags) {}

  /** A benchmark's measured scenarios in the table: folded under its name. */
  record TableGroup(
      String id, String benchmark, String shared, int count, boolean forked, List<Row> rows) {}

  /**
   * A benchmark's charts against batch size: throughput and memory only where some scenario has the
   * figure.
   */
  record ChartGroup(String id, String title, boolean throughput, boolean memory) {}

  /** Chart data, as the page's script reads it. */
  record Point(double x, Double median, Double p99, Double throughput, Double rss) {}

  record Series(String label, List<Point> points) {}

  /** A benchmark's batch charts in one run; charts of one {@code benchmark} share their axes. */
  record BatchChart(
      String id,
      String title,
      String benchmark,
      String throughputUnit,
      List<Double> batchSizes,
      List<Series> series) {}

  /** One scenario's latency distribution in each run that measured it, drawn on one axis. */
  record Distribution(String label, List<RunCurve> runs) {}

  /** A run's cumulative distribution of one scenario, its p50 and p99. */
  record RunCurve(String run, List<double[]> cdf, double p50, double p99) {}

  record Data(
      List<BenchmarkCharts.Chart> benchmarkCharts,
      List<BatchChart> batchCharts,
      List<Distribution> distributions,
      List<BackendViews.Chart> backendCharts,
      List<ForkViews.ForkChart> forkCharts,
      List<WarmupViews.WarmupChart> warmupCharts) {}

  final List<RunViews.RunView> runs = new ArrayList<>();
  final List<TableGroup> tableGroups = new ArrayList<>();
  final List<BenchmarkCharts.Chart> benchmarkCharts = new ArrayList<>();

  /**
   * Whether a p99 in the table is from fewer samples than it needs: the legend explains the mark.
   */
  boolean hasP99Notes;

  final List<NotRun> notRun = new ArrayList<>();
  final List<ChartGroup> chartGroups = new ArrayList<>();
  final List<BackendViews.Table> backendTables = new ArrayList<>();
  final List<Distribution> distributions = new ArrayList<>();
  final List<BatchChart> batchCharts = new ArrayList<>();
  final List<BackendViews.Chart> backendCharts = new ArrayList<>();
  final List<ForkViews.ForkChart> forkCharts = new ArrayList<>();
  final List<ForkViews.ForkSection> forkSections = new ArrayList<>();
  final List<WarmupViews.WarmupChart> warmupCharts = new ArrayList<>();
  final List<WarmupViews.WarmupSection> warmupSections = new ArrayList<>();
  final List<LoadViews.GenerationRow> generationRows = new ArrayList<>();
  final List<LoadViews.LoadRow> loadRows = new ArrayList<>();
  final List<ProbeViews.ProbeTable> probeTables = new ArrayList<>();

  /** A run set's host labels, one per run, or null for plain runs. */
  List<String> hostLabels;

  /** A run set's hosts side by side, or null. */
  HostViews.Table hostTable;

  boolean hasBaseline;

  /** Whether a scenario was measured in forks: only then has the table its fork columns. */
  boolean hasForks;

  /** Whether a scenario counted its Java heap allocation: only then is the note on it shown. */
  boolean hasAlloc;

  /**
   * One run (one element) or several; {@code baseline} is a comparison of the first run to mark
   * deltas, or null; {@code hosts} the host label of each run when they are a run set's members,
   * else null.
   */
  static ReportModel of(
      List<RunFolder> folders, List<Samples> samples, RunComparison baseline, List<String> hosts) {
    ReportModel model = new ReportModel();
    boolean several = folders.size() > 1;
    List<ScenarioResult> all = new ArrayList<>();
    folders.forEach(f -> all.addAll(f.results()));
    Map<String, ProbeViews.Building> probes = new LinkedHashMap<>();
    ScenarioNames names = ScenarioNames.of(all);
    Map<ScenarioKey, RunComparison.Row> deltas = new LinkedHashMap<>();
    if (baseline != null) {
      baseline.rows().forEach(row -> deltas.put(row.key(), row));
    }
    model.hasBaseline =
        baseline != null
            || all.stream().anyMatch(r -> r.gate() != null && r.gate().baseline() != null);
    model.hasForks = all.stream().anyMatch(r -> r.forks() != null);
    model.hasAlloc = all.stream().anyMatch(r -> allocPerOp(r) != null);
    List<ScenarioResult> measured = all.stream().filter(ReportModel::measured).toList();
    // Params that vary among the measured scenarios: an aborted CUDA scenario does not make a
    // CPU-only benchmark's device vary.
    ScenarioNames measuredNames = ScenarioNames.of(measured);
    Map<String, List<Row>> grouped = new LinkedHashMap<>();
    Map<String, List<RunCurve>> curves = new LinkedHashMap<>();
    for (int i = 0; i < folders.size(); i++) {
      RunFolder folder = folders.get(i);
      String runLabel = hosts != null ? hosts.get(i) : several ? "run " + (i + 1) : "";
      model.runs.add(
          RunViews.of(
              folder,
              hosts != null
                  ? "Host " + hosts.get(i) + ": run " + folder.run().id()
                  : several ? "Run " + (i + 1) + ": " + folder.run().id() : folder.run().id()));
      for (ScenarioResult result : folder.results()) {
        if (measured(result)) {
          Row row = row(runLabel, result, measuredNames, i == 0 ? deltas.get(result.key()) : null);
          model.hasP99Notes |= !row.p99Title().isEmpty();
          grouped.computeIfAbsent(result.benchmark(), b -> new ArrayList<>()).add(row);
        }
        LoadViews.add(runLabel, result, names, model.generationRows, model.loadRows);
        ProbeViews.add(runLabel, result, names, probes);
        long[] raw = samples.get(i) == null ? null : samples.get(i).of(result.id());
        if (raw != null && raw.length > 0 && result.latencyMs() != null) {
          curves
              .computeIfAbsent(names.label(result), l -> new ArrayList<>())
              .add(curve(runLabel.isEmpty() ? "this run" : runLabel, raw));
        }
      }
      model.batchCharts(folder, runLabel);
      BackendViews.add(folder, samples.get(i), runLabel, model.backendTables, model.backendCharts);
      ForkViews.charts(folder, runLabel, model.forkCharts, model.forkSections);
      WarmupViews.charts(folder, runLabel, model.warmupCharts, model.warmupSections);
    }
    grouped.forEach(
        (benchmark, rows) ->
            model.tableGroups.add(
                new TableGroup(
                    "group-" + (model.tableGroups.size() + 1),
                    UnitFormat.shortName(benchmark),
                    measured.stream()
                        .filter(r -> r.benchmark().equals(benchmark))
                        .findFirst()
                        .map(measuredNames::shared)
                        .orElse(""),
                    rows.size(),
                    measured.stream()
                        .anyMatch(r -> r.benchmark().equals(benchmark) && r.forks() != null),
                    rows)));
    model.benchmarkCharts.addAll(BenchmarkCharts.of(sides(folders, baseline, hosts), measured));
    curves.forEach((label, runs) -> model.distributions.add(new Distribution(label, runs)));
    model.probeTables.addAll(ProbeViews.tables(probes));
    model.notRun.addAll(NotRun.of(all));
    model.hostLabels = hosts == null ? null : List.copyOf(hosts);
    model.hostTable = hosts == null ? null : HostViews.of(folders, hosts, names);
    return model;
  }

  /**
   * Whether a result belongs in the scenario table: it measured something, or passed; a scenario
   * that never ran is only in "Not measured".
   */
  static boolean measured(ScenarioResult result) {
    return result.latencyMs() != null || result.status() == Status.PASSED;
  }

  /**
   * The sides the benchmark charts put side by side: a baseline (from {@code report --baseline} or
   * what the gate recorded) and the first run, each run or host, or the one run alone.
   */
  private static List<BenchmarkCharts.Side> sides(
      List<RunFolder> folders, RunComparison baseline, List<String> hosts) {
    List<BenchmarkCharts.Side> sides = new ArrayList<>();
    Map<ScenarioKey, BenchmarkCharts.Bar> before = new LinkedHashMap<>();
    if (baseline != null) {
      for (RunComparison.Row row : baseline.rows()) {
        if (row.before() != null && BenchmarkCharts.Bar.of(row.before()) != null) {
          before.put(row.key(), BenchmarkCharts.Bar.of(row.before()));
        }
      }
    } else {
      for (ScenarioResult result : folders.get(0).results()) {
        if (result.gate() != null
            && result.gate().baseline() != null
            && result.gate().baseline().comparison() != null) {
          // The gate keeps the baseline's median only: a bar without whiskers.
          Comparison judged = result.gate().baseline().comparison();
          before.put(
              result.key(), new BenchmarkCharts.Bar(judged.baselineMedianMs(), null, null, null));
        }
      }
    }
    if (!before.isEmpty()) {
      sides.add(new BenchmarkCharts.Side("baseline", before));
    }
    for (int i = 0; i < folders.size(); i++) {
      Map<ScenarioKey, BenchmarkCharts.Bar> bars = new LinkedHashMap<>();
      for (ScenarioResult result : folders.get(i).results()) {
        BenchmarkCharts.Bar bar = BenchmarkCharts.Bar.of(result);
        if (bar != null) {
          bars.putIfAbsent(result.key(), bar);
        }
      }
      String label =
          hosts != null
              ? hosts.get(i)
              : folders.size() > 1 ? "run " + (i + 1) : before.isEmpty() ? "median" : "current";
      sides.add(new BenchmarkCharts.Side(label, bars));
    }
    return sides;
  }

  Data data() {
    return new Data(
        benchmarkCharts, batchCharts, distributions, backendCharts, forkCharts, warmupCharts);
  }

  private static Row row(
      String run, ScenarioResult result, ScenarioNames names, RunComparison.Row delta) {
    var latency = result.latencyMs();
    String status = result.status() == null ? "running" : result.status().id();
    // A forked scenario is read at the centre of the interval that counts, as its chart bar is: the
    // geometric mean of its fork medians; the pooled samples' median is one column further.
    boolean acrossForks = result.forks() != null && result.forks().medianMs() != null;
    Double centre =
        acrossForks ? result.forks().medianMs() : latency == null ? null : latency.median();
    String median = centre == null ? "" : UnitFormat.duration(centre);
    String ci =
        latency == null || latency.ci95Low() == null
            ? ""
            : BenchmarkTable.interval(latency.ci95Low(), latency.ci95High(), latency.median());
    String throughput =
        result.throughput() == null || result.throughput().value() == null
            ? ""
            : UnitFormat.rate(result.throughput());
    String tokens =
        result.throughputTokens() == null || result.throughputTokens().value() == null
            ? ""
            : UnitFormat.rate(result.throughputTokens());
    Double rss = result.memory() == null ? null : result.memory().rssPeakMb();
    Double alloc = allocPerOp(result);
    ScenarioVerdict verdict = ScenarioVerdict.of(result, delta);
    Validity validity = result.validity();
    // A p99 from fewer samples than it needs is shown, marked and explained: a description of the
    // count, never a failure. INVALID is said only where the verdict applies.
    String p99Title =
        validity == null || validity.percentileNote() == null ? "" : validity.percentileNote();
    boolean invalid = validity != null && validity.invalidWhereItMatters();
    return new Row(
        run,
        UnitFormat.shortName(result.benchmark()),
        names.params(result),
        status,
        invalid ? "INVALID" : "",
        invalid ? validity.display() : "",
        median,
        centre == null ? -1 : centre,
        ci,
        acrossForks && latency != null ? UnitFormat.duration(latency.median()) : "",
        latency == null
            ? ""
            : UnitFormat.duration(latency.p99()) + (p99Title.isEmpty() ? "" : " *"),
        latency == null ? -1 : latency.p99(),
        p99Title,
        throughput,
        result.throughput() == null || result.throughput().value() == null
            ? -1
            : result.throughput().value(),
        tokens,
        rss == null ? "" : String.format(Locale.ROOT, "%.0f MiB", rss),
        rss == null ? -1 : rss,
        alloc == null ? "" : UnitFormat.bytes(alloc),
        alloc == null ? -1 : alloc,
        result.model() == null ? "" : result.model().id(),
        modelTitle(result.model()),
        verdict.gateFailed(),
        verdict.text(),
        verdict.kind().isEmpty() ? "" : "verdict-" + verdict.kind(),
        verdict.sortKey(),
        result.status() == Status.PASSED ? "" : Objects.requireNonNullElse(result.reason(), ""),
        ForkViews.cells(result),
        // With a baseline, its warm-up's flag too: a change may be the warm-up's on either side.
        WarmupViews.flags(result, delta == null ? null : delta.before()));
  }

  /** The Java heap {@code result} allocated per call, or null where it was not counted. */
  private static Double allocPerOp(ScenarioResult result) {
    return result.alloc() == null ? null : result.alloc().bytesPerOp();
  }

  /** The model's file, size and SHA-256 (or why it has none), for the model cell's title. */
  private static String modelTitle(ModelInfo model) {
    if (model == null) {
      return "";
    }
    String size =
        model.sizeBytes() == null
            ? ""
            : String.format(Locale.ROOT, ", %,d bytes", model.sizeBytes());
    String sha =
        model.sha256() != null
            ? ", sha256 " + model.sha256()
            : model.sha256UnavailableReason() != null
                ? ", no sha256: " + model.sha256UnavailableReason()
                : "";
    return Objects.requireNonNullElse(model.source(), model.id()) + size + sha;
  }

  private static RunCurve curve(String run, long[] raw) {
    long[] sorted = raw.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    List<double[]> cdf = new ArrayList<>(CDF_STEPS + 2);
    for (int i = 0; i <= CDF_STEPS; i++) {
      double p = i / (double) CDF_STEPS;
      cdf.add(new double[] {Percentiles.type7(sorted, n, p) / 1e6, p});
      if (i == CDF_STEPS - 1) {
        cdf.add(new double[] {Percentiles.type7(sorted, n, 0.999) / 1e6, 0.999});
      }
    }
    return new RunCurve(
        run,
        cdf,
        Percentiles.type7(sorted, n, 0.5) / 1e6,
        Percentiles.type7(sorted, n, 0.99) / 1e6);
  }

  /**
   * Latency, throughput and memory against batch size, per benchmark, one series per other varying
   * params.
   */
  private void batchCharts(RunFolder folder, String runLabel) {
    // Params that vary among the measured scenarios: an aborted CUDA scenario does not make a
    // CPU-only chart's device vary.
    ScenarioNames names =
        ScenarioNames.of(folder.results().stream().filter(r -> r.latencyMs() != null).toList());
    Map<String, Map<String, List<ScenarioResult>>> byBenchmark = new LinkedHashMap<>();
    for (ScenarioResult result : folder.results()) {
      if (result.latencyMs() != null && result.params().get("batch_size") instanceof Number) {
        String series =
            names.varying(result.benchmark()).stream()
                .filter(n -> !n.equals("batch_size"))
                .filter(result.params()::containsKey)
                .map(n -> n + "=" + result.params().get(n))
                .reduce((a, b) -> a + ", " + b)
                .orElse("all");
        byBenchmark
            .computeIfAbsent(result.benchmark(), k -> new LinkedHashMap<>())
            .computeIfAbsent(series, k -> new ArrayList<>())
            .add(result);
      }
    }
    byBenchmark.forEach(
        (benchmark, bySeries) -> {
          List<Series> series = new ArrayList<>();
          bySeries.forEach(
              (label, results) ->
                  series.add(
                      new Series(
                          label,
                          results.stream()
                              .sorted(
                                  Comparator.comparingDouble(
                                      r -> ((Number) r.params().get("batch_size")).doubleValue()))
                              .map(
                                  r ->
                                      new Point(
                                          ((Number) r.params().get("batch_size")).doubleValue(),
                                          r.latencyMs().median(),
                                          r.latencyMs().p99(),
                                          r.throughput() == null ? null : r.throughput().value(),
                                          r.memory() == null ? null : r.memory().rssPeakMb()))
                              .toList())));
          String id = "batch-" + (batchCharts.size() + 1);
          ScenarioResult first = bySeries.values().iterator().next().get(0);
          String shared = names.shared(first).isEmpty() ? "" : " [" + names.shared(first) + "]";
          String title =
              (runLabel.isEmpty() ? "" : runLabel + ": ")
                  + UnitFormat.shortName(benchmark)
                  + shared;
          List<Double> batchSizes =
              series.stream()
                  .flatMap(line -> line.points().stream())
                  .map(Point::x)
                  .distinct()
                  .sorted()
                  .toList();
          batchCharts.add(
              new BatchChart(
                  id,
                  title,
                  benchmark,
                  first.throughput() == null ? "samples/s" : first.throughput().unit(),
                  batchSizes,
                  series));
          chartGroups.add(
              new ChartGroup(
                  id,
                  title,
                  series.stream()
                      .flatMap(line -> line.points().stream())
                      .anyMatch(p -> p.throughput() != null),
                  series.stream()
                      .flatMap(line -> line.points().stream())
                      .anyMatch(p -> p.rss() != null)));
        });
  }
}
