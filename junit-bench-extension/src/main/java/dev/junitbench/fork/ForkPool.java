package dev.junitbench.fork;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.profile.ForkedProfiles;
import dev.junitbench.results.AdaptiveForks;
import dev.junitbench.results.Aggregation;
import dev.junitbench.results.AllocationFigures;
import dev.junitbench.results.EnergyFigures;
import dev.junitbench.results.ForkFigures;
import dev.junitbench.results.ForkRun;
import dev.junitbench.results.GenerationFigures;
import dev.junitbench.results.LoadFigures;
import dev.junitbench.results.MemoryFigures;
import dev.junitbench.results.Phase;
import dev.junitbench.results.ProbeGroups;
import dev.junitbench.results.ResultsJson;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.results.Throughput;
import dev.junitbench.results.UtilizationFigures;
import dev.junitbench.spi.ProbeFigures;
import dev.junitbench.stats.ForkAdvice;
import dev.junitbench.stats.ForkStatistics;
import dev.junitbench.stats.ForkStopRule;
import dev.junitbench.stats.LatencySummary;
import dev.junitbench.stats.TokenTimings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Joins what a scenario's forks handed back into one result: the samples pooled fork after fork (so
 * {@code latency_ms} and throughput describe all of them), each fork's summary, and the statistics
 * across forks with their advice. Resource and probe figures join as their probes declared ({@link
 * Aggregation}): peaks take the highest fork, totals the sum, averages and rates the mean; the
 * allocation group sums its totals, per operation then of the sums.
 */
final class ForkPool {

  private static final String REASON = "unavailable_reason";
  private static final ObjectMapper JSON = ResultsJson.mapper();
  private static final TypeReference<LinkedHashMap<String, Object>> GROUP =
      new TypeReference<>() {};

  private final List<ForkRun> runs = new ArrayList<>();
  private final List<ScenarioResult> measured = new ArrayList<>();
  private final List<Integer> measuredForks = new ArrayList<>();
  private final List<long[]> samples = new ArrayList<>();
  private final List<long[]> tokens = new ArrayList<>();
  private final Map<String, Map<String, Aggregation>> aggregations = new LinkedHashMap<>();
  private final int planned;
  private final ForkStopRule until;
  private double wallTimeMs;

  ForkPool(int planned) {
    this(planned, null);
  }

  /**
   * A pool of {@code planned} forks, or, with {@code until}, of forks until the answer is known,
   * {@code planned} at most.
   */
  ForkPool(int planned, ForkStopRule until) {
    this.planned = planned;
    this.until = until;
  }

  /**
   * With a rule, the interval across the forks that measured so far and whether to stop; null
   * without one, below its min, or when a fork median is 0 (no interval: the forks go on to max).
   */
  ForkStopRule.Look look() {
    if (until == null || measured.size() < until.min()) {
      return null;
    }
    double[] medians =
        runs.stream()
            .filter(run -> run.status() == Status.PASSED)
            .mapToDouble(ForkRun::medianMs)
            .toArray();
    return allPositive(medians) ? until.look(medians) : null;
  }

  /**
   * Adds fork {@code fork}'s measured result, how its figures join ({@link
   * ScenarioResult#aggregations()}, handed back beside it; null for none), samples and token times
   * (null unless it generated text).
   */
  void measured(
      int fork,
      ScenarioResult result,
      Map<String, Map<String, Aggregation>> declared,
      long[] samplesNs,
      long[] tokenNs,
      double forkWallTimeMs) {
    LatencySummary latency = result.latencyMs();
    runs.add(
        new ForkRun(
            fork,
            Status.PASSED,
            null,
            samplesNs.length,
            latency.median(),
            latency.ci95Low(),
            latency.ci95High(),
            latency.mean(),
            result.warmup(),
            result.measurement(),
            forkWallTimeMs));
    measured.add(result);
    measuredForks.add(fork);
    samples.add(samplesNs);
    tokens.add(tokenNs);
    wallTimeMs += forkWallTimeMs;
    // A fork whose probe failed declares nothing for its figures: another fork's declaration
    // counts.
    if (declared != null) {
      declared.forEach(
          (group, figures) ->
              figures.forEach(
                  (figure, aggregation) ->
                      aggregations
                          .computeIfAbsent(group, g -> new LinkedHashMap<>())
                          .putIfAbsent(figure, aggregation)));
    }
  }

  /** Adds fork {@code fork}, which ended with {@code status} for {@code error}. */
  void ended(int fork, Status status, String error, double forkWallTimeMs) {
    runs.add(
        new ForkRun(fork, status, error, 0, null, null, null, null, null, null, forkWallTimeMs));
    wallTimeMs += forkWallTimeMs;
  }

  /** The forks so far, with the statistics across those that measured. */
  ForkFigures figures(double adviceTarget) {
    int completed = measured.size();
    double measuredMs = 0;
    for (ForkRun run : runs) {
      measuredMs +=
          (run.warmup() == null ? 0 : run.warmup().timeMs())
              + (run.measurement() == null ? 0 : run.measurement().timeMs());
    }
    double overheadMs = Math.max(0, wallTimeMs - measuredMs);
    ForkStopRule.Look look = look();
    AdaptiveForks adaptive =
        until == null
            ? null
            : AdaptiveForks.of(until, look, measured.size(), measured.size() < runs.size());
    // Forks until the answer is known ask for those run when they stopped, else for their max.
    int asked = adaptive != null && adaptive.stopped() != null ? runs.size() : planned;
    if (completed == 0) {
      return new ForkFigures(
          asked,
          0,
          null,
          null,
          null,
          null,
          null,
          null,
          wallTimeMs,
          overheadMs,
          null,
          List.copyOf(runs),
          null,
          adaptive);
    }
    double[] medians = new double[completed];
    double[] lows = new double[completed];
    double[] highs = new double[completed];
    double forkCostMs = 0;
    double iterationCostMs = 0;
    long iterations = 0;
    int i = 0;
    for (ForkRun run : runs) {
      if (run.status() == Status.PASSED) {
        medians[i] = run.medianMs();
        lows[i] = run.ci95Low() == null ? Double.NaN : run.ci95Low();
        highs[i] = run.ci95High() == null ? Double.NaN : run.ci95High();
        forkCostMs += (run.wallTimeMs() - run.measurement().timeMs()) / completed;
        iterationCostMs +=
            run.measurement().timeMs() / Math.max(1, run.measurement().iterations()) / completed;
        iterations += run.count();
        i++;
      }
    }
    if (!allPositive(medians)) {
      // A body faster than the clock has medians of 0: no ratio, no interval across forks.
      return new ForkFigures(
          asked,
          completed,
          null,
          null,
          null,
          "a fork median of 0: no interval across forks",
          null,
          null,
          wallTimeMs,
          overheadMs,
          null,
          List.copyOf(runs),
          null,
          adaptive);
    }
    ForkStatistics statistics = ForkStatistics.of(medians, lows, highs);
    ForkAdvice advice =
        completed < 2
            ? null
            : statistics.advise(
                adviceTarget,
                Math.max(0, forkCostMs),
                Math.max(0, iterationCostMs),
                Math.max(1, iterations / completed));
    // Forks until the answer is known report the interval their stopping test used: corrected.
    return new ForkFigures(
        asked,
        completed,
        statistics.centerMs(),
        // Boxed on both sides: one fork gives a null bound, which must not be unboxed.
        look == null ? statistics.ci95Low() : Double.valueOf(look.ci95Low()),
        look == null ? statistics.ci95High() : Double.valueOf(look.ci95High()),
        look == null ? statistics.method() : until.method(look.forks()),
        statistics.betweenForkCv(),
        statistics.withinForkCv(),
        wallTimeMs,
        overheadMs,
        advice,
        List.copyOf(runs),
        null,
        adaptive);
  }

  private static boolean allPositive(double[] values) {
    for (double value : values) {
      if (!(value > 0)) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code planned} with every fork's samples pooled, its figures joined and its forks; null when
   * none measured.
   */
  ScenarioResult pooled(
      ScenarioResult planned, int batchSize, Integer sequenceLength, double adviceTarget) {
    if (measured.isEmpty()) {
      return null;
    }
    long[] all = concatenate(samples);
    ScenarioResult first = measured.get(0);
    Throughput tokens =
        sequenceLength == null
            ? null
            : Throughput.tokensPerSecond(batchSize, sequenceLength, all, all.length);
    Phase measurement = sum(ScenarioResult::measurement);
    ScenarioResult pooled =
        planned
            .withModel(first.model())
            .measured(
                sum(ScenarioResult::warmup),
                measurement,
                LatencySummary.of(all, all.length),
                Throughput.samplesPerSecond(batchSize, all, all.length),
                tokens,
                all)
            .withResources(
                builtIn("memory", ScenarioResult::memory, MemoryFigures.class),
                builtIn("utilization", ScenarioResult::utilization, UtilizationFigures.class),
                builtIn("energy", ScenarioResult::energy, EnergyFigures.class),
                new ProbeGroups(probes(), aggregations))
            .withAlloc(
                AllocationFigures.pooled(measured.stream().map(ScenarioResult::alloc).toList()))
            .withForks(figures(adviceTarget))
            .withProfile(
                ForkedProfiles.joined(measured.stream().map(ScenarioResult::profile).toList()));
    if (first.load() != null) {
      // SingleStream and MultiStream run in forks (the pooled loads do not): their queries, fork
      // after fork.
      LoadFigures load = first.load();
      pooled =
          pooled.withLoad(
              new LoadFigures(
                  load.scenario(),
                  null,
                  load.samplesPerQuery(),
                  all.length,
                  null,
                  null,
                  measurement.timeMs() > 0 ? all.length / (measurement.timeMs() / 1e3) : null,
                  measurement.timeMs(),
                  null,
                  null,
                  null,
                  null,
                  null),
              pooled.throughput());
    }
    return first.generation() == null
        ? pooled
        : withGeneration(pooled, first.generation(), measurement);
  }

  /**
   * {@code pooled} with the token times of every fork, request after request, and their figures.
   */
  private ScenarioResult withGeneration(
      ScenarioResult pooled, GenerationFigures first, Phase measurement) {
    long[] times = concatenate(this.tokens);
    int requests = times.length / first.newTokens();
    if (requests == 0) {
      return pooled;
    }
    TokenTimings timings =
        TokenTimings.of(
            times,
            requests,
            first.newTokens(),
            first.batchSize(),
            first.promptTokens(),
            Math.round(measurement.timeMs() * 1e6));
    return pooled.withGeneration(GenerationFigures.of(timings, first.prompt()), times);
  }

  private static long[] concatenate(List<long[]> arrays) {
    int total = 0;
    for (long[] array : arrays) {
      total += array == null ? 0 : array.length;
    }
    long[] all = new long[total];
    int at = 0;
    for (long[] array : arrays) {
      if (array != null) {
        System.arraycopy(array, 0, all, at, array.length);
        at += array.length;
      }
    }
    return all;
  }

  private Phase sum(Function<ScenarioResult, Phase> phase) {
    long iterations = 0;
    double timeMs = 0;
    Double target = null;
    Boolean reached = null;
    boolean limit = false;
    Boolean steady = null;
    String steadyReason = null;
    for (int i = 0; i < measured.size(); i++) {
      Phase each = phase.apply(measured.get(i));
      if (each == null) {
        continue;
      }
      // Each fork decides on its own; the scenario is steady when every fork was, and says which
      // was not.
      if (each.steady() != null) {
        steady = (steady == null || steady) && each.steady();
        if (!each.steady() && steadyReason == null) {
          steadyReason = "fork " + measuredForks.get(i) + ": " + each.steadyReason();
        }
      }
      iterations += each.iterations();
      timeMs += each.timeMs();
      target = each.precisionTarget();
      if (each.precisionReached() != null) {
        reached = (reached == null || reached) && each.precisionReached();
      }
      limit |= each.sampleLimitReached();
    }
    // Each fork's curve is in its own run (forks.runs); the pooled phase has none.
    return new Phase(iterations, timeMs, target, reached, limit, steady, steadyReason, null);
  }

  /**
   * The built-in group {@code name} across forks, typed: each number joined as its probe declared,
   * each text and the reasons as the first fork that has the group gave them.
   */
  private <T> T builtIn(String name, Function<ScenarioResult, T> group, Class<T> type) {
    List<Map<String, Object>> forks = new ArrayList<>();
    for (ScenarioResult result : measured) {
      T each = group.apply(result);
      if (each != null) {
        forks.add(JSON.convertValue(each, GROUP));
      }
    }
    if (forks.isEmpty()) {
      return null;
    }
    Map<String, Object> pooled = new LinkedHashMap<>(forks.get(0));
    pooled.replaceAll(
        (figure, first) ->
            figure.equals(REASON) || first instanceof String ? first : joined(name, figure, forks));
    return JSON.convertValue(pooled, type);
  }

  /**
   * The groups of the probes a user added, across forks: each number joined as its probe declared;
   * a text as the first fork gave it; the reasons of every fork, each once, with the forks it came
   * from unless all gave it.
   */
  private Map<String, Map<String, Object>> probes() {
    Map<String, Map<String, Object>> pooled = new LinkedHashMap<>();
    for (ScenarioResult result : measured) {
      result
          .probes()
          .forEach(
              (name, group) ->
                  group.forEach(
                      (figure, value) ->
                          pooled
                              .computeIfAbsent(name, n -> new LinkedHashMap<>())
                              .putIfAbsent(figure, value)));
    }
    pooled.forEach(
        (name, group) -> {
          List<Map<String, Object>> forks =
              measured.stream().map(result -> result.probes().get(name)).toList();
          group.replaceAll(
              (figure, value) ->
                  figure.equals(REASON)
                      ? reasons(name)
                      : value instanceof String ? value : joined(name, figure, forks));
        });
    return pooled;
  }

  /**
   * Figure {@code figure} of group {@code group} joined across the forks that have a number for it,
   * as declared ({@link ProbeFigures#DEFAULT_AGGREGATION} when no fork declared it); null when none
   * has. A sum of whole numbers stays whole, a maximum or minimum is the fork's number as it was.
   */
  private Number joined(String group, String figure, List<Map<String, Object>> forks) {
    List<Number> numbers = new ArrayList<>();
    for (Map<String, Object> fork : forks) {
      if (fork != null && fork.get(figure) instanceof Number number) {
        numbers.add(number);
      }
    }
    if (numbers.isEmpty()) {
      return null;
    }
    Aggregation aggregation =
        aggregations
            .getOrDefault(group, Map.of())
            .getOrDefault(figure, ProbeFigures.DEFAULT_AGGREGATION);
    return ProbeJoin.of(numbers, aggregation);
  }

  /**
   * Every fork's reason in probe {@code name}'s group, each once, with its forks unless all gave
   * it; or null.
   */
  private String reasons(String name) {
    Map<String, List<Integer>> forksOf = new LinkedHashMap<>();
    for (int i = 0; i < measured.size(); i++) {
      Map<String, Object> group = measured.get(i).probes().get(name);
      if (group != null && group.get(REASON) instanceof String reason) {
        forksOf.computeIfAbsent(reason, r -> new ArrayList<>()).add(measuredForks.get(i));
      }
    }
    List<String> parts = new ArrayList<>();
    forksOf.forEach(
        (reason, forks) ->
            parts.add(
                forks.size() == measured.size()
                    ? reason
                    : reason
                        + " (fork"
                        + (forks.size() > 1 ? "s " : " ")
                        + String.join(", ", forks.stream().map(String::valueOf).toList())
                        + ")"));
    return parts.isEmpty() ? null : String.join("; ", parts);
  }
}
