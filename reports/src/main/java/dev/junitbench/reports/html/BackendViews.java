package dev.junitbench.reports.html;

import dev.junitbench.internal.ScenarioComparison;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.Samples;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.RegressionRule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The same model, inputs and scenario on several backends: each backend's median and its ratio to
 * the first backend's, with the ratio's 95% interval as compare builds it (from the fork medians
 * when both sides were forked, Welch's t on their logs; else from the two medians' intervals, Price
 * and Bonett), a ratio whose interval holds 1 greyed as no difference shown, and one measured in a
 * single JVM said to be so: the variance between JVMs is unknown there.
 */
final class BackendViews {

  private static final List<String> BACKEND_PARAMS = List.of("backend", "engine", "provider");

  /** A ratio cell: its text, its interval's text, and whether the interval holds 1. */
  record Ratio(String value, String interval, boolean includesOne, String title) {}

  record Row(String scenario, List<String> medians, List<Ratio> ratios) {}

  /**
   * A model's backends side by side: {@code compared} are those after the first, each with a ratio
   * column.
   */
  record Table(
      String id,
      String title,
      List<String> backends,
      List<String> compared,
      List<Row> rows,
      boolean withinOneJvm) {}

  /** Chart data: per backend, per scenario, the ratio and its interval (nulls where none). */
  record Chart(
      String id,
      List<String> scenarios,
      List<String> backends,
      List<List<Double>> ratios,
      List<List<Double>> lows,
      List<List<Double>> highs) {}

  private BackendViews() {}

  /** Adds the tables and charts of {@code folder}'s scenarios run on more than one backend. */
  static void add(
      RunFolder folder, Samples samples, String runLabel, List<Table> tables, List<Chart> charts) {
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
      groups.computeIfAbsent(group, k -> new LinkedHashMap<>()).putIfAbsent(name(result), result);
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
          List<Row> rows = new ArrayList<>();
          List<List<Double>> ratios = new ArrayList<>();
          List<List<Double>> lows = new ArrayList<>();
          List<List<Double>> highs = new ArrayList<>();
          backends.forEach(
              b -> {
                ratios.add(new ArrayList<>());
                lows.add(new ArrayList<>());
                highs.add(new ArrayList<>());
              });
          boolean withinOneJvm = false;
          for (String group : groupKeys) {
            Map<String, ScenarioResult> byBackend = groups.get(group);
            ScenarioResult reference = byBackend.get(backends.get(0));
            List<String> medians = new ArrayList<>();
            List<Ratio> cells = new ArrayList<>();
            for (int b = 0; b < backends.size(); b++) {
              ScenarioResult result = byBackend.get(backends.get(b));
              medians.add(result == null ? "" : UnitFormat.duration(result.latencyMs().median()));
              Comparison ratio =
                  result == null || reference == null || b == 0
                      ? null
                      : ratio(reference, result, samples);
              withinOneJvm |= ratio != null && !ratio.betweenJvms();
              if (b > 0) {
                cells.add(cell(result, reference, ratio));
              }
              ratios
                  .get(b)
                  .add(
                      result == null || reference == null
                          ? null
                          : b == 0 ? Double.valueOf(1) : ratio.ratio());
              lows.get(b).add(ratio == null ? null : ratio.ci95Low());
              highs.get(b).add(ratio == null ? null : ratio.ci95High());
            }
            rows.add(new Row(labels.get(group), medians, cells));
          }
          String id = "backends-" + (tables.size() + 1);
          String title =
              (runLabel.isEmpty() ? "" : runLabel + ": ")
                  + "model "
                  + modelId
                  + ": median latency relative to "
                  + backends.get(0);
          tables.add(
              new Table(
                  id, title, backends, backends.subList(1, backends.size()), rows, withinOneJvm));
          charts.add(
              new Chart(
                  id, rows.stream().map(Row::scenario).toList(), backends, ratios, lows, highs));
        });
  }

  /**
   * {@code result}'s median over {@code reference}'s with its 95% interval, by the test {@code
   * compare} and the gate pick ({@link ScenarioComparison}): across JVMs from the fork medians when
   * forked, else within one JVM from the samples (or the medians' intervals without samples.csv).
   */
  static Comparison ratio(ScenarioResult reference, ScenarioResult result, Samples samples) {
    return ScenarioComparison.of(
        reference,
        samples == null ? null : samples.of(reference.id()),
        result,
        samples == null ? null : samples.of(result.id()),
        RegressionRule.DEFAULT);
  }

  private static Ratio cell(ScenarioResult result, ScenarioResult reference, Comparison ratio) {
    if (result == null || reference == null) {
      return new Ratio("", "", false, "");
    }
    if (ratio.ratio() == null) {
      return new Ratio(
          "-", "", false, Objects.requireNonNullElse(ratio.note(), "no ratio: a median is 0"));
    }
    String value = String.format(Locale.ROOT, "%.3f", ratio.ratio());
    if (ratio.ci95Low() == null || ratio.ci95High() == null) {
      return new Ratio(
          value,
          "no interval",
          true,
          Objects.requireNonNullElse(ratio.note(), "fewer than 6 samples a side: no interval"));
    }
    boolean includesOne = ratio.ci95Low() <= 1 && ratio.ci95High() >= 1;
    String interval = String.format(Locale.ROOT, "[%.3f, %.3f]", ratio.ci95Low(), ratio.ci95High());
    String how =
        ratio.betweenJvms()
            ? "95% interval across forks (Welch's t on the log fork medians)"
            : "95% interval within one JVM each (Price and Bonett); the variance between JVMs is"
                + " unknown";
    return new Ratio(
        value,
        interval,
        includesOne,
        how + (includesOne ? "; it includes 1: no difference shown" : ""));
  }

  /**
   * {@code onnxruntime}, or {@code djl (OnnxRuntime)}: the backend and, where it has engines, the
   * engine.
   */
  private static String name(ScenarioResult result) {
    Object backend = result.params().getOrDefault("backend", result.model().backend());
    Object engine = result.params().get("engine");
    return engine == null ? String.valueOf(backend) : backend + " (" + engine + ")";
  }
}
