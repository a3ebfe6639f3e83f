package dev.junitbench.results;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.config.Defaults;
import dev.junitbench.stats.ForkStatistics;
import dev.junitbench.stats.LatencySummary;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The benchmark entries of a JMH result file, each checked and made a scenario: what {@link
 * JmhResultFile} reads.
 */
final class JmhEntries {

  /** The modes JMH writes, by their short names. */
  static final List<String> MODES = List.of("thrpt", "avgt", "sample", "ss");

  /** The param that holds an entry's mode. */
  static final String MODE_PARAM = JmhResultFile.MODE_PARAM;

  private static final String ALLOC_NORM = "gc.alloc.rate.norm";

  /**
   * Most sampled operations a file's sample-mode entries hold in all (128 MB): a histogram of a few
   * bytes may count millions, so what a file expands to is bounded by this, not by its size.
   */
  static final long MAX_HELD = 16L * Defaults.MAX_SAMPLES;

  private JmhEntries() {}

  /** The scenarios of {@code entries}, in file order, each with its id from 1. */
  static List<ScenarioResult> results(Path file, List<JsonNode> entries)
      throws ResultFileException {
    // Every entry is an object with a benchmark name and a mode, before any is read further.
    for (int i = 0; i < entries.size(); i++) {
      JsonNode entry = entries.get(i);
      String where = file + ": benchmark entry " + (i + 1);
      if (entry == null || !entry.isObject()) {
        throw new ResultFileException(
            where + " is not an object; the file is not JMH's result JSON as JMH writes it");
      }
      String benchmark = benchmark(where, entry);
      mode(where + " (" + jmhName(benchmark) + ")", entry);
    }
    List<ScenarioResult> results = new ArrayList<>();
    Set<ScenarioKey> seen = new HashSet<>();
    long held = 0;
    for (int i = 0; i < entries.size(); i++) {
      JsonNode entry = entries.get(i);
      String where = file + ": benchmark entry " + (i + 1);
      String benchmark = benchmark(where, entry);
      String mode = mode(where, entry);
      Map<String, Object> params = params(where, entry);
      String name = jmhName(benchmark) + (params.isEmpty() ? "" : " " + params) + ", " + mode;
      // The mode is part of the scenario, whatever else the file holds: a time per operation
      // measured in one mode is not compared with one of another mode.
      Map<String, Object> withMode = new LinkedHashMap<>();
      withMode.put(
          params.containsKey(MODE_PARAM) ? JmhResultFile.OWN_MODE_PARAM : MODE_PARAM, mode);
      withMode.putAll(params);
      params = withMode;
      ScenarioResult result =
          scenario(where + " (" + name + ")", entry, benchmark, mode, params, MAX_HELD - held);
      held += result.samplesNs() == null ? 0 : result.samplesNs().length;
      if (!seen.add(result.key())) {
        throw new ResultFileException(
            where
                + " ("
                + name
                + ") lists a benchmark the file already lists with the same params and"
                + " mode; give one JMH run's file (two files joined into one are two runs)");
      }
      results.add(result.withId(i + 1));
    }
    return results;
  }

  /** The JMH version the file names, or {@link JmhResultFile#UNKNOWN_VERSION}. */
  static String version(Path file, List<JsonNode> entries) {
    String version = text(entries.get(0), "jmhVersion");
    return version == null || version.isBlank() ? JmhResultFile.UNKNOWN_VERSION : version;
  }

  /** {@code pkg.Class#method} of {@code pkg.Class.method}. */
  private static String benchmark(String where, JsonNode entry) throws ResultFileException {
    String name = text(entry, "benchmark");
    int dot = name == null ? -1 : name.lastIndexOf('.');
    if (dot <= 0 || dot == name.length() - 1 || name.chars().anyMatch(Character::isISOControl)) {
      throw new ResultFileException(
          where
              + " has no benchmark name of the form package.Class.method"
              + (name == null ? "" : " (it has \"" + name.replaceAll("\\p{Cntrl}", "?") + "\")")
              + "; the file is not JMH's result JSON as JMH writes it");
    }
    return ScenarioKey.benchmarkId(name.substring(0, dot), name.substring(dot + 1));
  }

  private static String jmhName(String benchmark) {
    return benchmark.replace('#', '.');
  }

  private static String mode(String where, JsonNode entry) throws ResultFileException {
    String mode = text(entry, "mode");
    if (mode == null || !MODES.contains(mode)) {
      throw new ResultFileException(
          where
              + " has "
              + (mode == null ? "no mode" : "mode \"" + mode.replaceAll("\\p{Cntrl}", "?") + "\"")
              + ", which JMH does not write: JMH's modes are "
              + String.join(", ", MODES)
              + "; give the file JMH wrote");
    }
    return mode;
  }

  private static Map<String, Object> params(String where, JsonNode entry)
      throws ResultFileException {
    Map<String, Object> params = new LinkedHashMap<>();
    JsonNode node = entry.get("params");
    if (node == null || node.isNull()) {
      return params;
    }
    if (!node.isObject()) {
      throw new ResultFileException(
          where + " has params that are not an object of names and values; the file is damaged");
    }
    for (Map.Entry<String, JsonNode> param : node.properties()) {
      if (!param.getValue().isValueNode() || param.getValue().isNull()) {
        throw new ResultFileException(
            where + " has param \"" + param.getKey() + "\" without a value; the file is damaged");
      }
      params.put(param.getKey(), param.getValue().asText());
    }
    return params;
  }

  private static ScenarioResult scenario(
      String where,
      JsonNode entry,
      String benchmark,
      String mode,
      Map<String, Object> params,
      long room)
      throws ResultFileException {
    JsonNode primary = entry.get("primaryMetric");
    if (primary == null || !primary.isObject()) {
      throw new ResultFileException(
          where + " has no primaryMetric; the file is not JMH's result JSON as JMH writes it");
    }
    JmhUnit unit = JmhUnit.of(where, text(primary, "scoreUnit"));
    List<JmhRawData.Fork> forks = JmhRawData.forks(where, primary, mode, unit);
    WeightedValues all = JmhRawData.pooled(forks);
    LatencySummary latency = all.summary();
    String display =
        "["
            + params.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", "))
            + "]";
    int threads = (int) count(where, entry, "threads", 1, 1);
    Phase warmup = phase(where, entry, "warmupIterations", "warmupTime");
    Phase measurement = phase(where, entry, "measurementIterations", "measurementTime");
    int plannedForks = (int) count(where, entry, "forks", 0, 0);
    ForkFigures forkFigures = forkFigures(forks, plannedForks, warmup, measurement);
    // The throughput of the time per operation that is judged (the centre of the forks, or the
    // median), so its change is the verdict's, inverted; JMH's own score is in the jmh probe.
    Throughput throughput =
        unit.throughput()
            ? new Throughput(
                1e3 / (forkFigures == null ? latency.median() : forkFigures.medianMs()), "ops/s")
            : null;
    ScenarioResult result =
        ScenarioResult.planned(benchmark, display, params)
            .measured(warmup, measurement, latency, throughput, null, sampled(mode, forks, room))
            .ended(Status.PASSED, null)
            .withForks(forkFigures)
            .withResources(null, null, null, Map.of(JmhResultFile.RUNTIME, figures(entry, mode)));
    JsonNode norm = secondary(entry, ALLOC_NORM);
    if (norm != null && JmhRawData.number(norm.get("score")) != null) {
      result =
          result.withAlloc(
              new AllocationFigures(
                  JmhRawData.number(norm.get("score")),
                  null,
                  latency.count(),
                  threads,
                  null,
                  null,
                  null,
                  null,
                  null,
                  "bytes total, collections, compilation: JMH's gc profiler gives them per second,"
                      + " under the jmh probe; operations: JMH's iterations (or samples), not"
                      + " calls"));
    }
    return result;
  }

  /**
   * A sample-mode entry's sampled operations in ns, fork after fork, each fork's in order of time
   * (a histogram keeps no other order); null for the other modes, whose iterations are means, for a
   * time below 1 ns, beyond {@link Defaults#MAX_SAMPLES} a fork, as junit-bench keeps its own, and
   * beyond the {@code room} left of the file's {@link #MAX_HELD}.
   */
  private static long[] sampled(String mode, List<JmhRawData.Fork> entryForks, long room) {
    List<WeightedValues> forks = entryForks.stream().map(JmhRawData.Fork::values).toList();
    if (!mode.equals("sample")
        || forks.stream().anyMatch(f -> f.count() > Defaults.MAX_SAMPLES || f.value(0) < 1e-6)) {
      return null;
    }
    long total = 0;
    for (WeightedValues fork : forks) {
      total += fork.count();
      if (total > room) {
        return null;
      }
    }
    long[] samples = new long[(int) total];
    int at = 0;
    for (WeightedValues fork : forks) {
      for (int i = 0; i < fork.size(); i++) {
        long ns = Math.round(fork.value(i) * 1e6);
        for (long c = 0; c < fork.countOf(i); c++) {
          samples[at++] = ns;
        }
      }
    }
    return samples;
  }

  /**
   * The forks as junit-bench's, or null for one JVM (JMH's {@code -f 0} or {@code -f 1}): each
   * fork's figure is its median iteration score, as JMH scores iterations (in sample mode, an
   * iteration's mean: sampled times fall on the timer's ticks, and their medians tie across forks).
   */
  private static ForkFigures forkFigures(
      List<JmhRawData.Fork> forks, int planned, Phase warmup, Phase measurement) {
    if (forks.size() < ForkStatistics.MIN_FORKS) {
      return null;
    }
    double[] medians = new double[forks.size()];
    double[] lows = new double[forks.size()];
    double[] highs = new double[forks.size()];
    List<ForkRun> runs = new ArrayList<>();
    double phases = 0;
    for (int f = 0; f < forks.size(); f++) {
      WeightedValues fork = forks.get(f).iterations();
      medians[f] = fork.percentile(0.5);
      double[] interval = fork.medianInterval();
      lows[f] = interval == null ? Double.NaN : interval[0];
      highs[f] = interval == null ? Double.NaN : interval[1];
      double time =
          (warmup == null ? 0 : warmup.timeMs()) + (measurement == null ? 0 : measurement.timeMs());
      phases += time;
      runs.add(
          new ForkRun(
              f + 1,
              Status.PASSED,
              null,
              forks.get(f).values().count(),
              medians[f],
              interval == null ? null : interval[0],
              interval == null ? null : interval[1],
              fork.mean(),
              warmup,
              measurement,
              time));
    }
    ForkStatistics stats = ForkStatistics.of(medians, lows, highs);
    return new ForkFigures(
        Math.max(planned, runs.size()),
        runs.size(),
        stats.centerMs(),
        stats.ci95Low(),
        stats.ci95High(),
        stats.method() + " (JMH iterations: each fork's median iteration)",
        stats.betweenForkCv(),
        stats.withinForkCv(),
        phases,
        0,
        null,
        List.copyOf(runs));
  }

  /**
   * The phase JMH ran ({@code 5} iterations of {@code "10 s"}), or null when the file does not say
   * (single-shot iterations have no time).
   */
  private static Phase phase(String where, JsonNode entry, String iterations, String time)
      throws ResultFileException {
    long count = count(where, entry, iterations, -1, 0);
    if (count < 0) {
      return null;
    }
    Double each = JmhUnit.duration(text(entry, time));
    return new Phase(count, each == null ? 0 : each * count, null, null, false);
  }

  /**
   * The whole number {@code field} of {@code entry} (JMH's {@code threads}, {@code forks}, {@code
   * measurementIterations}...), or {@code absent} when the entry has none.
   *
   * @throws ResultFileException naming the entry and the field when it holds anything else than a
   *     whole number of at least {@code min}
   */
  private static long count(String where, JsonNode entry, String field, long absent, long min)
      throws ResultFileException {
    JsonNode value = entry.get(field);
    if (value == null || value.isNull()) {
      return absent;
    }
    if (!value.isIntegralNumber() || !value.canConvertToInt() || value.asLong() < min) {
      throw new ResultFileException(
          where
              + " has \""
              + field
              + "\": "
              + value
              + ", where JMH writes a whole number of at least "
              + min
              + "; the file is damaged: write it again with JMH's -rf json");
    }
    return value.asLong();
  }

  /** The {@code jmh} probe group: JMH's own score and every secondary metric's. */
  private static Map<String, Object> figures(JsonNode entry, String mode) {
    Map<String, Object> figures = new LinkedHashMap<>();
    JsonNode primary = entry.get("primaryMetric");
    figures.put("mode", mode);
    figures.put(
        "score (" + text(primary, "scoreUnit") + ")", JmhRawData.number(primary.get("score")));
    figures.put(
        "score error, 99.9% (" + text(primary, "scoreUnit") + ")",
        JmhRawData.number(primary.get("scoreError")));
    JsonNode secondary = entry.get("secondaryMetrics");
    if (secondary != null && secondary.isObject()) {
      for (Map.Entry<String, JsonNode> metric : secondary.properties()) {
        if (metric.getValue().isObject()) {
          String unit = text(metric.getValue(), "scoreUnit");
          figures.put(
              strip(metric.getKey()) + (unit == null ? "" : " (" + unit + ")"),
              JmhRawData.number(metric.getValue().get("score")));
        }
      }
    }
    return figures;
  }

  /** The secondary metric {@code name}, with or without JMH's middle dot, or null. */
  private static JsonNode secondary(JsonNode entry, String name) {
    JsonNode secondary = entry.get("secondaryMetrics");
    if (secondary == null || !secondary.isObject()) {
      return null;
    }
    for (Map.Entry<String, JsonNode> metric : secondary.properties()) {
      if (strip(metric.getKey()).equals(name) && metric.getValue().isObject()) {
        return metric.getValue();
      }
    }
    return null;
  }

  /**
   * A secondary metric's name without the mark JMH put before a profiler's metrics: a middle dot
   * from 1.8 to 1.36, {@code @} before.
   */
  private static String strip(String name) {
    return name.startsWith("\u00b7") || name.startsWith("@") ? name.substring(1) : name;
  }

  /** A field's text, or null when it is missing or not text. */
  static String text(JsonNode node, String field) {
    JsonNode value = node == null ? null : node.get(field);
    return value == null || !value.isValueNode() || value.isNull() ? null : value.asText();
  }

  /** A JSON array of strings as a list, or an empty list. */
  static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    if (array != null && array.isArray()) {
      array.forEach(item -> out.add(item.asText()));
    }
    return out;
  }
}
