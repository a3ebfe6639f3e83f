package dev.junitbench.reports.html;

import dev.junitbench.reports.ScenarioNames;
import dev.junitbench.results.ForkFigures;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.UnitFormat;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One chart per benchmark, as JMH Visualizer draws them: a bar per scenario at its median, the 95%
 * interval as whiskers and p99 marked; within one run the params as series (the one with fewest
 * values) and groups (the rest), and with a baseline, several runs or several hosts, each side a
 * series on one shared axis. A forked scenario's bar is the geometric mean of its fork medians and
 * its whiskers the interval across forks, the interval that counts for it.
 */
final class BenchmarkCharts {

  /** A scenario's figures on the chart, ms; any may be null. */
  record Bar(Double median, Double low, Double high, Double p99) {

    /** The bar of a measured result; null when it has no latency. */
    static Bar of(ScenarioResult result) {
      var latency = result.latencyMs();
      if (latency == null || latency.median() == null) {
        return null;
      }
      ForkFigures forks = result.forks();
      if (forks != null && forks.medianMs() != null) {
        return new Bar(forks.medianMs(), forks.ci95Low(), forks.ci95High(), latency.p99());
      }
      return new Bar(latency.median(), latency.ci95Low(), latency.ci95High(), latency.p99());
    }
  }

  /** One side of a chart: a run, a host, the baseline; its bars by scenario. */
  record Side(String label, Map<ScenarioKey, Bar> bars) {}

  /** A series of bars, one per category (null where the side has no such scenario). */
  record Dataset(
      String label, List<Double> median, List<Double> low, List<Double> high, List<Double> p99) {}

  /**
   * A benchmark's chart: its categories (scenario labels), its series, and whether a bar is a fork
   * mean.
   */
  record Chart(
      String id,
      String title,
      String shared,
      String seriesBy,
      List<String> labels,
      List<Dataset> datasets,
      boolean forked) {}

  /** The series of the scenarios that lack the series param: {@code String.valueOf(null)}. */
  private static final String NONE = String.valueOf((Object) null);

  private BenchmarkCharts() {}

  /**
   * The charts of {@code sides}, one per benchmark in the order of first appearance; {@code
   * scenarios} every measured result of every side (for names and params' order).
   */
  static List<Chart> of(List<Side> sides, List<ScenarioResult> scenarios) {
    ScenarioNames names = ScenarioNames.of(scenarios);
    Map<String, Map<ScenarioKey, ScenarioResult>> byBenchmark = new LinkedHashMap<>();
    for (ScenarioResult result : scenarios) {
      byBenchmark
          .computeIfAbsent(result.benchmark(), b -> new LinkedHashMap<>())
          .putIfAbsent(result.key(), result);
    }
    boolean oneSide = sides.size() == 1;
    List<Chart> charts = new ArrayList<>();
    byBenchmark.forEach(
        (benchmark, results) -> {
          List<String> varying = names.varying(benchmark);
          String series = oneSide ? seriesParam(varying, results.values()) : null;
          List<String> grouping = varying.stream().filter(p -> !p.equals(series)).toList();
          Map<String, List<ScenarioKey>> byLabel = new LinkedHashMap<>();
          results.forEach(
              (key, result) ->
                  byLabel
                      .computeIfAbsent(label(result, grouping, benchmark), l -> new ArrayList<>())
                      .add(key));
          List<String> labels = List.copyOf(byLabel.keySet());
          List<Dataset> datasets = new ArrayList<>();
          for (Side side : sides) {
            Set<String> values = new LinkedHashSet<>();
            if (series == null) {
              values.add(side.label());
            } else {
              results.values().forEach(r -> values.add(String.valueOf(r.params().get(series))));
            }
            for (String value : values) {
              List<Bar> bars = new ArrayList<>();
              for (String label : labels) {
                Bar bar = null;
                for (ScenarioKey key : byLabel.get(label)) {
                  if (series == null || value.equals(String.valueOf(key.params().get(series)))) {
                    bar = bar != null ? bar : side.bars().get(key);
                  }
                }
                bars.add(bar);
              }
              if (bars.stream().anyMatch(b -> b != null)) {
                datasets.add(
                    new Dataset(
                        series == null
                            ? value
                            : NONE.equals(value) ? "without " + series : series + "=" + value,
                        bars.stream().map(b -> b == null ? null : b.median()).toList(),
                        bars.stream().map(b -> b == null ? null : b.low()).toList(),
                        bars.stream().map(b -> b == null ? null : b.high()).toList(),
                        bars.stream().map(b -> b == null ? null : b.p99()).toList()));
              }
            }
          }
          ScenarioResult first = results.values().iterator().next();
          String shared = names.shared(first);
          if (!datasets.isEmpty()) {
            charts.add(
                new Chart(
                    "bench-" + (charts.size() + 1),
                    UnitFormat.shortName(benchmark),
                    shared,
                    series,
                    labels,
                    datasets,
                    results.values().stream().anyMatch(r -> r.forks() != null)));
          }
        });
    return charts;
  }

  /**
   * The param drawn as series within one run: of those that vary, the one with fewest values (the
   * first so named), when at least two vary; otherwise none, and each scenario is its own bar.
   */
  private static String seriesParam(List<String> varying, Collection<ScenarioResult> results) {
    if (varying.size() < 2) {
      return null;
    }
    return varying.stream()
        .min(
            Comparator.comparingLong(
                p ->
                    results.stream()
                        .map(r -> String.valueOf(r.params().get(p)))
                        .distinct()
                        .count()))
        .orElse(null);
  }

  private static String label(ScenarioResult result, List<String> grouping, String benchmark) {
    String label =
        grouping.stream()
            .filter(result.params()::containsKey)
            .map(p -> p + "=" + result.params().get(p))
            .collect(Collectors.joining(", "));
    return label.isEmpty() ? UnitFormat.shortName(benchmark) : label;
  }
}
