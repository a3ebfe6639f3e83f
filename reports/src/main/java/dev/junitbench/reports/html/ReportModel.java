package dev.junitbench.reports.html;

import dev.junitbench.environment.GpuInfo;
import dev.junitbench.environment.HostInfo;
import dev.junitbench.environment.SoftwareInfo;
import dev.junitbench.internal.ModelChange;
import dev.junitbench.reports.ScenarioNames;
import dev.junitbench.reports.compare.RunComparison;
import dev.junitbench.results.BaselineCheck;
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
import dev.junitbench.stats.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

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

  private static final List<String> BACKEND_PARAMS = List.of("backend", "engine", "provider");

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

  record Row(
      String run,
      String benchmark,
      String params,
      String status,
      String validity,
      String validityTitle,
      String median,
      double medianSort,
      String ci,
      String p99,
      double p99Sort,
      String p99Title,
      String throughput,
      double throughputSort,
      String tokens,
      String rss,
      double rssSort,
      String model,
      String modelTitle,
      boolean gated,
      String delta,
      String deltaClass,
      double deltaSort,
      String error,
      ForkViews.Cells forks) {}

  record ReasonGroup(String status, String reason, int count, List<String> scenarios) {}

  record ChartGroup(String id, String title) {}

  record BackendTable(String id, String title, List<String> backends, List<BackendRow> rows) {}

  record BackendRow(String scenario, List<String> medians, List<String> ratios) {}

  /** Chart data, as the page's script reads it. */
  record Point(double x, Double median, Double p99, Double throughput, Double rss) {}

  record Series(String label, List<Point> points) {}

  record BatchChart(
      String id,
      String title,
      String throughputUnit,
      List<Double> batchSizes,
      List<Series> series) {}

  record Distribution(String label, List<double[]> cdf, double p50, double p99) {}

  record BackendChart(
      String id, List<String> scenarios, List<String> backends, List<List<Double>> ratios) {}

  record Data(
      List<BatchChart> batchCharts,
      List<Distribution> distributions,
      List<BackendChart> backendCharts,
      List<ForkViews.ForkChart> forkCharts) {}

  final List<RunView> runs = new ArrayList<>();
  final List<Row> rows = new ArrayList<>();
  final List<ReasonGroup> notRun = new ArrayList<>();
  final List<ChartGroup> chartGroups = new ArrayList<>();
  final List<BackendTable> backendTables = new ArrayList<>();
  final List<Distribution> distributions = new ArrayList<>();
  final List<BatchChart> batchCharts = new ArrayList<>();
  final List<BackendChart> backendCharts = new ArrayList<>();
  final List<ForkViews.ForkChart> forkCharts = new ArrayList<>();
  final List<ForkViews.ForkSection> forkSections = new ArrayList<>();
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
    for (int i = 0; i < folders.size(); i++) {
      RunFolder folder = folders.get(i);
      String runLabel = hosts != null ? hosts.get(i) : several ? "run " + (i + 1) : "";
      model.runs.add(
          runView(
              folder,
              hosts != null
                  ? "Host " + hosts.get(i) + ": run " + folder.run().id()
                  : several ? "Run " + (i + 1) + ": " + folder.run().id() : folder.run().id()));
      for (ScenarioResult result : folder.results()) {
        model.rows.add(row(runLabel, result, i == 0 ? deltas.get(result.key()) : null));
        LoadViews.add(runLabel, result, names, model.generationRows, model.loadRows);
        ProbeViews.add(runLabel, result, names, probes);
        long[] raw = samples.get(i) == null ? null : samples.get(i).of(result.id());
        if (raw != null && raw.length > 0 && result.latencyMs() != null) {
          model.distributions.add(
              distribution((several ? runLabel + ": " : "") + names.label(result), raw));
        }
      }
      model.batchCharts(folder, runLabel);
      model.backends(folder, runLabel);
      ForkViews.charts(folder, runLabel, model.forkCharts, model.forkSections);
    }
    model.probeTables.addAll(ProbeViews.tables(probes));
    model.notRun(all);
    model.hostLabels = hosts == null ? null : List.copyOf(hosts);
    model.hostTable = hosts == null ? null : HostViews.of(folders, hosts, names);
    return model;
  }

  Data data() {
    return new Data(batchCharts, distributions, backendCharts, forkCharts);
  }

  private static RunView runView(RunFolder folder, String label) {
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
        s.runtimes().forEach((name, version) -> add(software, name, version));
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
        run.startedAt(),
        run.finishedAt() == null ? "not finished" : run.finishedAt(),
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

  private static Row row(String run, ScenarioResult result, RunComparison.Row delta) {
    var latency = result.latencyMs();
    String status = result.status() == null ? "running" : result.status().id();
    String median = latency == null ? "" : UnitFormat.duration(latency.median());
    String ci =
        latency == null || latency.ci95Low() == null
            ? ""
            : interval(latency.ci95Low(), latency.ci95High(), latency.median());
    String throughput =
        result.throughput() == null || result.throughput().value() == null
            ? ""
            : UnitFormat.rate(result.throughput());
    String tokens =
        result.throughputTokens() == null || result.throughputTokens().value() == null
            ? ""
            : UnitFormat.rate(result.throughputTokens());
    Double rss = result.memory() == null ? null : result.memory().rssPeakMb();
    String deltaText = "";
    String deltaClass = "";
    double deltaSort = 0;
    boolean gated = false;
    Verdict verdict = null;
    Double ratio = null;
    if (delta != null && delta.latency() != null) {
      verdict = delta.latency().verdict();
      ratio = delta.latency().ratio();
    } else if (result.gate() != null && result.gate().baseline() != null) {
      BaselineCheck check = result.gate().baseline();
      if (check.comparison() != null) {
        verdict = check.comparison().verdict();
        ratio = check.comparison().ratio();
      } else {
        deltaText =
            check.note() != null && check.note().contains("not measured")
                ? "NOT JUDGED: not measured in baseline"
                : "NOT JUDGED: not in baseline";
        deltaClass = "verdict-not_judged";
      }
    } else if (delta != null) {
      deltaText = delta.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
    if (verdict != null) {
      Comparison judged =
          delta != null && delta.latency() != null
              ? delta.latency()
              : result.gate().baseline().comparison();
      deltaText =
          (ratio == null ? "" : UnitFormat.change(ratio - 1) + " ")
              + (verdict == Verdict.NOT_JUDGED ? "NOT JUDGED" : verdict.words())
              + (verdict != Verdict.NOT_JUDGED && !judged.betweenJvms() ? " (unforked)" : "");
      deltaClass = "verdict-" + verdict.id();
      deltaSort = ratio == null ? 0 : ratio;
    }
    boolean modelChanged =
        delta != null ? delta.modelChange() != null : ModelChange.inVerdict(result);
    if (modelChanged) {
      deltaText = "model changed" + (deltaText.isEmpty() ? "" : ", " + deltaText);
    }
    if (result.gate() != null) {
      gated = result.gate().failed();
      if (result.gate().budget() != null && result.gate().budget().broken()) {
        deltaText = (deltaText.isEmpty() ? "" : deltaText + "; ") + "over budget";
        deltaClass = "verdict-regressed";
      }
    }
    Validity validity = result.validity();
    // A percentile too few queries support is shown, and said to be: MLPerf's early stopping is a
    // flag.
    String p99Title =
        validity == null || validity.p99() == null || validity.p99().supported()
            ? ""
            : "not supported by early stopping (99% confidence): needs "
                + validity.p99().minQueries()
                + " queries, had "
                + validity.queries();
    return new Row(
        run,
        UnitFormat.shortName(result.benchmark()),
        ScenarioNames.allParams(result),
        status,
        validity == null ? "" : validity.valid() ? "valid" : "INVALID",
        validity == null
            ? ""
            : Objects.requireNonNullElse(validity.summary(), "every percentile supported"),
        median,
        latency == null ? -1 : latency.median(),
        ci,
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
        result.model() == null ? "" : result.model().id(),
        modelTitle(result.model()),
        gated,
        deltaText,
        deltaClass,
        deltaSort,
        result.status() == Status.PASSED ? "" : Objects.requireNonNullElse(result.reason(), ""),
        ForkViews.cells(result));
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

  /** {@code [7.102, 7.531] ms}: an interval's bounds in the unit its centre reads in. */
  static String interval(double low, double high, double centre) {
    String unit = UnitFormat.duration(centre);
    return "["
        + UnitFormat.inUnitOf(low, centre)
        + ", "
        + UnitFormat.inUnitOf(high, centre)
        + "] "
        + unit.substring(unit.lastIndexOf(' ') + 1);
  }

  private static Distribution distribution(String label, long[] raw) {
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
    return new Distribution(
        label,
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
          String shared =
              first.params().entrySet().stream()
                  .filter(e -> !names.varying(benchmark).contains(e.getKey()))
                  .map(e -> e.getKey() + "=" + e.getValue())
                  .reduce((a, b) -> a + ", " + b)
                  .map(s -> " [" + s + "]")
                  .orElse("");
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
                  first.throughput() == null ? "samples/s" : first.throughput().unit(),
                  batchSizes,
                  series));
          chartGroups.add(new ChartGroup(id, title));
        });
  }

  /** The same model and scenario on several backends, as ratios of medians to the first backend. */
  private void backends(RunFolder folder, String runLabel) {
    Map<String, Map<String, ScenarioResult>> groups = new LinkedHashMap<>();
    Map<String, String> labels = new LinkedHashMap<>();
    for (ScenarioResult result : folder.results()) {
      if (result.model() == null
          || result.latencyMs() == null
          || result.status() != Status.PASSED) {
        continue;
      }
      Map<String, Object> rest = new TreeMap<>(result.params());
      BACKEND_PARAMS.forEach(rest::remove);
      String group = result.model().id() + " " + rest;
      String backend = backendName(result);
      groups.computeIfAbsent(group, k -> new LinkedHashMap<>()).putIfAbsent(backend, result);
      labels.putIfAbsent(
          group,
          rest.entrySet().stream()
              .map(e -> e.getKey() + "=" + e.getValue())
              .reduce((a, b) -> a + ", " + b)
              .orElse(""));
    }
    Map<String, List<String>> byModel = new LinkedHashMap<>();
    groups.forEach(
        (group, byBackend) -> {
          if (byBackend.size() > 1) {
            String modelId = byBackend.values().iterator().next().model().id();
            byModel.computeIfAbsent(modelId, k -> new ArrayList<>()).add(group);
          }
        });
    byModel.forEach(
        (modelId, groupKeys) -> {
          List<String> backends = new ArrayList<>();
          groupKeys.forEach(
              g ->
                  groups.get(g).keySet().stream()
                      .filter(b -> !backends.contains(b))
                      .forEach(backends::add));
          List<BackendRow> rows = new ArrayList<>();
          List<String> scenarios = new ArrayList<>();
          List<List<Double>> ratios = new ArrayList<>();
          backends.forEach(b -> ratios.add(new ArrayList<>()));
          for (String group : groupKeys) {
            Map<String, ScenarioResult> byBackend = groups.get(group);
            ScenarioResult reference = byBackend.get(backends.get(0));
            List<String> medians = new ArrayList<>();
            List<String> ratioText = new ArrayList<>();
            for (int b = 0; b < backends.size(); b++) {
              ScenarioResult result = byBackend.get(backends.get(b));
              medians.add(result == null ? "" : UnitFormat.duration(result.latencyMs().median()));
              Double ratio =
                  result == null || reference == null
                      ? null
                      : result.latencyMs().median() / reference.latencyMs().median();
              ratioText.add(ratio == null ? "" : String.format(Locale.ROOT, "%.3f", ratio));
              ratios.get(b).add(ratio);
            }
            rows.add(new BackendRow(labels.get(group), medians, ratioText));
            scenarios.add(labels.get(group));
          }
          String id = "backends-" + (backendTables.size() + 1);
          String title =
              (runLabel.isEmpty() ? "" : runLabel + ": ")
                  + "model "
                  + modelId
                  + ": median latency relative to "
                  + backends.get(0);
          backendTables.add(new BackendTable(id, title, backends, rows));
          backendCharts.add(new BackendChart(id, scenarios, backends, ratios));
        });
  }

  /**
   * {@code onnxruntime}, or {@code djl (OnnxRuntime)}: the backend and, where it has engines, the
   * engine.
   */
  private static String backendName(ScenarioResult result) {
    Object backend = result.params().getOrDefault("backend", result.model().backend());
    Object engine = result.params().get("engine");
    return engine == null ? String.valueOf(backend) : backend + " (" + engine + ")";
  }

  private void notRun(List<ScenarioResult> all) {
    Map<String, List<ScenarioResult>> byReason = new LinkedHashMap<>();
    for (ScenarioResult result : all) {
      boolean unmeasured = result.latencyMs() == null && result.status() != Status.PASSED;
      if (unmeasured) {
        String reason = Objects.requireNonNullElse(result.reason(), "no reason given");
        byReason
            .computeIfAbsent(result.status().id() + "\u0000" + reason, k -> new ArrayList<>())
            .add(result);
      }
    }
    byReason.forEach(
        (key, results) -> {
          int cut = key.indexOf('\u0000');
          notRun.add(
              new ReasonGroup(
                  key.substring(0, cut),
                  key.substring(cut + 1),
                  results.size(),
                  results.stream()
                      .map(r -> UnitFormat.shortName(r.benchmark()) + " " + r.displayName())
                      .toList()));
        });
  }
}
