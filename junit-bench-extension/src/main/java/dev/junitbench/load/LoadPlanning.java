package dev.junitbench.load;

import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.config.Durations;
import dev.junitbench.infra.LoadPoint;
import dev.junitbench.infra.LoadScenario;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code @Load} asks for, checked: the nodes it makes (one per load scenario, Server rate,
 * peak search and client count) and the settings they share (latency bound, workers, token bounds,
 * seed).
 */
public final class LoadPlanning {

  private static final Pattern BOUND =
      Pattern.compile("\\s*p(\\d{1,2}(?:\\.\\d+)?)\\s*<=?\\s*(\\S.*)");

  private LoadPlanning() {}

  /** The nodes {@code @Load} makes: one per scenario, Server rate, peak search and client count. */
  public static List<LoadPoint> points(LoadSpec load, String where) {
    List<LoadScenario> kinds = Arrays.asList(load.scenarios());
    if (kinds.isEmpty() || kinds.size() != new HashSet<>(kinds).size()) {
      throw BenchmarkConfigurationException.notValid(
          "@Load(" + kinds + ") " + where,
          kinds.isEmpty()
              ? "it lists no scenario; list at least one, e.g. @Load(LoadScenario.SERVER)"
              : "it lists a scenario twice; list each once");
    }
    boolean server = kinds.contains(LoadScenario.SERVER);
    boolean concurrency = kinds.contains(LoadScenario.CONCURRENCY);
    if (kinds.contains(LoadScenario.MULTI_STREAM) && load.samplesPerQuery() < 1) {
      throw BenchmarkConfigurationException.notValid(
          "@Load(samplesPerQuery = " + load.samplesPerQuery() + ") " + where,
          "a MultiStream query holds at least 1 sample, e.g. samplesPerQuery = 8");
    }
    for (double qps : load.targetQps()) {
      if (!(qps > 0 && Double.isFinite(qps))) {
        throw BenchmarkConfigurationException.notValid(
            "@Load(targetQps = " + Arrays.toString(load.targetQps()) + ") " + where,
            "each target rate must be a positive number of queries per second, e.g. targetQps = {20, 40}");
      }
    }
    if (Arrays.stream(load.targetQps()).distinct().count() != load.targetQps().length) {
      throw BenchmarkConfigurationException.notValid(
          "@Load(targetQps = " + Arrays.toString(load.targetQps()) + ") " + where,
          "it lists a rate twice; list each once");
    }
    if (load.peakSearch() < 0) {
      throw BenchmarkConfigurationException.notValid(
          "@Load(peakSearch = " + load.peakSearch() + ") " + where,
          "give the most Server runs the search may make, e.g. peakSearch = 4, or 0 for no search");
    }
    if (server && load.targetQps().length == 0 && load.peakSearch() == 0) {
      throw BenchmarkConfigurationException.notValid(
          "@Load(SERVER) " + where,
          "a Server run needs target rates or a peak search; add targetQps ="
              + " {20, 40}, or peakSearch = 4 with a latencyBound");
    }
    if (!server
        && (load.targetQps().length > 0
            || load.peakSearch() > 0
            || !load.latencyBound().isBlank())) {
      throw BenchmarkConfigurationException.notValid(
          "@Load(targetQps, peakSearch, latencyBound) " + where,
          "they apply to LoadScenario.SERVER,"
              + " which the annotation does not list; add SERVER to its scenarios or leave them out");
    }
    if (load.peakSearch() > 0 && load.latencyBound().isBlank()) {
      throw BenchmarkConfigurationException.notValid(
          "@Load(peakSearch = " + load.peakSearch() + ") " + where,
          "a peak search looks for the highest"
              + " rate that meets the latency bound; add latencyBound = \"p99 <= 50ms\"");
    }
    for (int clients : load.concurrency()) {
      if (clients < 1) {
        throw BenchmarkConfigurationException.notValid(
            "@Load(concurrency = " + Arrays.toString(load.concurrency()) + ") " + where,
            "each client count must be at least 1, e.g. concurrency = {1, 2, 4}");
      }
    }
    if (concurrency != (load.concurrency().length > 0)) {
      throw BenchmarkConfigurationException.notValid(
          "@Load(concurrency = " + Arrays.toString(load.concurrency()) + ") " + where,
          concurrency
              ? "LoadScenario.CONCURRENCY needs client counts, e.g. concurrency = {1, 2, 4}"
              : "client counts apply to LoadScenario.CONCURRENCY, which the annotation does not list; add it or leave"
                  + " them out");
    }
    if (Arrays.stream(load.concurrency()).distinct().count() != load.concurrency().length) {
      throw BenchmarkConfigurationException.notValid(
          "@Load(concurrency = " + Arrays.toString(load.concurrency()) + ") " + where,
          "it lists a client count twice; list each once");
    }
    List<LoadPoint> points = new ArrayList<>();
    for (LoadScenario kind : kinds) {
      switch (kind) {
        case SINGLE_STREAM, OFFLINE -> points.add(new LoadPoint(kind, null, null, null));
        case MULTI_STREAM -> points.add(new LoadPoint(kind, null, null, load.samplesPerQuery()));
        case SERVER -> {
          for (double qps : load.targetQps()) {
            points.add(new LoadPoint(kind, qps, null, null));
          }
          if (load.peakSearch() > 0) {
            points.add(new LoadPoint(kind, null, null, null));
          }
        }
        case CONCURRENCY -> {
          for (int clients : load.concurrency()) {
            points.add(new LoadPoint(kind, null, clients, null));
          }
        }
      }
    }
    return points;
  }

  public static LoadPlan plan(LoadSpec load, String where) {
    if (load.workers() < 0) {
      throw BenchmarkConfigurationException.notValid(
          "@Load(workers = " + load.workers() + ") " + where,
          "give a number of worker threads, e.g. workers = 4, or 0 for one per available processor");
    }
    LatencyBound bound =
        load.latencyBound().isBlank() ? null : latencyBound(load.latencyBound(), where);
    Double ttft =
        load.ttftBound().isBlank()
            ? null
            : Durations.parse(load.ttftBound(), "@Load(ttftBound) " + where).toNanos() / 1e6;
    Double tpot =
        load.tpotBound().isBlank()
            ? null
            : Durations.parse(load.tpotBound(), "@Load(tpotBound) " + where).toNanos() / 1e6;
    return new LoadPlan(bound, load.workers(), ttft, tpot, load.seed(), load.peakSearch());
  }

  /** {@code "p99 <= 50ms"} read. */
  public static LatencyBound latencyBound(String text, String where) {
    Matcher matcher = BOUND.matcher(text);
    String fix =
        "write a percentile and a duration, e.g. latencyBound = \"p99 <= 50ms\" or \"p90 <= 1.5s\"";
    if (!matcher.matches()) {
      throw BenchmarkConfigurationException.notValid(
          "@Load(latencyBound = \"" + text + "\") " + where, fix);
    }
    double percentile = Double.parseDouble(matcher.group(1)) / 100;
    if (!(percentile > 0 && percentile < 1)) {
      throw BenchmarkConfigurationException.notValid(
          "@Load(latencyBound = \"" + text + "\") " + where,
          "the percentile must be above p0 and below" + " p100; " + fix);
    }
    double boundMs =
        Durations.parse(matcher.group(2).trim(), "@Load(latencyBound = \"" + text + "\") " + where)
                .toNanos()
            / 1e6;
    return new LatencyBound(
        percentile, boundMs, "p" + matcher.group(1) + " <= " + matcher.group(2).trim());
  }
}
