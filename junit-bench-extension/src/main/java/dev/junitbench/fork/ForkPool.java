package dev.junitbench.fork;

import dev.junitbench.results.EnergyFigures;
import dev.junitbench.results.ForkFigures;
import dev.junitbench.results.ForkRun;
import dev.junitbench.results.GenerationFigures;
import dev.junitbench.results.LoadFigures;
import dev.junitbench.results.MemoryFigures;
import dev.junitbench.results.Phase;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.results.Throughput;
import dev.junitbench.results.UtilizationFigures;
import dev.junitbench.stats.ForkAdvice;
import dev.junitbench.stats.ForkStatistics;
import dev.junitbench.stats.LatencySummary;
import dev.junitbench.stats.TokenTimings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Joins what a scenario's forks handed back into one result: the samples pooled fork after fork
 * (so {@code latency_ms} and throughput describe all of them), each fork's summary, and the
 * statistics across forks with their advice. Resource figures join as their meaning asks: peaks
 * take the highest fork, averages and rates the mean, counts the sum.
 */
final class ForkPool {

  private final List<ForkRun> runs = new ArrayList<>();
  private final List<ScenarioResult> measured = new ArrayList<>();
  private final List<Integer> measuredForks = new ArrayList<>();
  private final List<long[]> samples = new ArrayList<>();
  private final List<long[]> tokens = new ArrayList<>();
  private final int planned;
  private double wallTimeMs;

  ForkPool(int planned) {
    this.planned = planned;
  }

  /** Adds fork {@code fork}'s measured result, samples and token times (null unless it generated text). */
  void measured(int fork, ScenarioResult result, long[] samplesNs, long[] tokenNs, double forkWallTimeMs) {
    LatencySummary latency = result.latencyMs();
    runs.add(new ForkRun(fork, Status.PASSED, null, samplesNs.length, latency.median(), latency.ci95Low(),
        latency.ci95High(), latency.mean(), result.warmup(), result.measurement(), forkWallTimeMs));
    measured.add(result);
    measuredForks.add(fork);
    samples.add(samplesNs);
    tokens.add(tokenNs);
    wallTimeMs += forkWallTimeMs;
  }

  /** Adds fork {@code fork}, which ended with {@code status} for {@code error}. */
  void ended(int fork, Status status, String error, double forkWallTimeMs) {
    runs.add(new ForkRun(fork, status, error, 0, null, null, null, null, null, null, forkWallTimeMs));
    wallTimeMs += forkWallTimeMs;
  }

  /** The forks so far, with the statistics across those that measured. */
  ForkFigures figures(double adviceTarget) {
    int completed = measured.size();
    double measuredMs = 0;
    for (ForkRun run : runs) {
      measuredMs += (run.warmup() == null ? 0 : run.warmup().timeMs())
          + (run.measurement() == null ? 0 : run.measurement().timeMs());
    }
    double overheadMs = Math.max(0, wallTimeMs - measuredMs);
    if (completed == 0) {
      return new ForkFigures(planned, 0, null, null, null, null, null, null, wallTimeMs, overheadMs, null,
          List.copyOf(runs));
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
        iterationCostMs += run.measurement().timeMs() / Math.max(1, run.measurement().iterations()) / completed;
        iterations += run.count();
        i++;
      }
    }
    if (!allPositive(medians)) {
      // A body faster than the clock has medians of 0: no ratio, no interval across forks.
      return new ForkFigures(planned, completed, null, null, null, "a fork median of 0: no interval across forks",
          null, null, wallTimeMs, overheadMs, null, List.copyOf(runs));
    }
    ForkStatistics statistics = ForkStatistics.of(medians, lows, highs);
    ForkAdvice advice = completed < 2 ? null : statistics.advise(adviceTarget, Math.max(0, forkCostMs),
        Math.max(0, iterationCostMs), Math.max(1, iterations / completed));
    return new ForkFigures(planned, completed, statistics.centerMs(), statistics.ci95Low(), statistics.ci95High(),
        statistics.method(), statistics.betweenForkCv(), statistics.withinForkCv(), wallTimeMs, overheadMs, advice,
        List.copyOf(runs));
  }

  private static boolean allPositive(double[] values) {
    for (double value : values) {
      if (!(value > 0)) {
        return false;
      }
    }
    return true;
  }

  /** {@code planned} with every fork's samples pooled, its figures joined and its forks; null when none measured. */
  ScenarioResult pooled(ScenarioResult planned, int batchSize, Integer sequenceLength, double adviceTarget) {
    if (measured.isEmpty()) {
      return null;
    }
    long[] all = concatenate(samples);
    ScenarioResult first = measured.get(0);
    Throughput tokens = sequenceLength == null ? null
        : Throughput.tokensPerSecond(batchSize, sequenceLength, all, all.length);
    Phase measurement = sum(ScenarioResult::measurement);
    ScenarioResult pooled = planned.withModel(first.model())
        .measured(sum(ScenarioResult::warmup), measurement, LatencySummary.of(all, all.length),
            Throughput.samplesPerSecond(batchSize, all, all.length), tokens, all)
        .withResources(memory(), utilization(), energy(), probes())
        .withForks(figures(adviceTarget));
    if (first.load() != null) {
      // SingleStream and MultiStream run in forks (the pooled loads do not): their queries, fork after fork.
      LoadFigures load = first.load();
      pooled = pooled.withLoad(new LoadFigures(load.scenario(), null, load.samplesPerQuery(), all.length, null, null,
          measurement.timeMs() > 0 ? all.length / (measurement.timeMs() / 1e3) : null, measurement.timeMs(), null, null,
          null, null, null), pooled.throughput());
    }
    return first.generation() == null ? pooled : withGeneration(pooled, first.generation(), measurement);
  }

  /** {@code pooled} with the token times of every fork, request after request, and their figures. */
  private ScenarioResult withGeneration(ScenarioResult pooled, GenerationFigures first, Phase measurement) {
    long[] times = concatenate(this.tokens);
    int requests = times.length / first.newTokens();
    if (requests == 0) {
      return pooled;
    }
    TokenTimings timings = TokenTimings.of(times, requests, first.newTokens(), first.batchSize(),
        first.promptTokens(), Math.round(measurement.timeMs() * 1e6));
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
    for (ScenarioResult result : measured) {
      Phase each = phase.apply(result);
      if (each == null) {
        continue;
      }
      iterations += each.iterations();
      timeMs += each.timeMs();
      target = each.precisionTarget();
      if (each.precisionReached() != null) {
        reached = (reached == null || reached) && each.precisionReached();
      }
      limit |= each.sampleLimitReached();
    }
    return new Phase(iterations, timeMs, target, reached, limit);
  }

  private MemoryFigures memory() {
    List<MemoryFigures> all = present(ScenarioResult::memory);
    if (all.isEmpty()) {
      return null;
    }
    return new MemoryFigures(max(all, MemoryFigures::rssPeakMb), mean(all, MemoryFigures::rssAvgMb),
        max(all, MemoryFigures::heapPeakMb), mean(all, MemoryFigures::heapAvgMb),
        max(all, MemoryFigures::modelFootprintMb), max(all, MemoryFigures::gpuMemPeakMb),
        max(all, MemoryFigures::gpuMemProcessMb), all.get(0).unavailableReason());
  }

  private UtilizationFigures utilization() {
    List<UtilizationFigures> all = present(ScenarioResult::utilization);
    if (all.isEmpty()) {
      return null;
    }
    Double gcCount = sumOf(all, figures -> figures.gcCount() == null ? Double.NaN : figures.gcCount());
    return new UtilizationFigures(mean(all, UtilizationFigures::cpuProcessPct), mean(all, UtilizationFigures::cpuSystemPct),
        gcCount == null ? null : gcCount.longValue(), sumOf(all, figures -> orNaN(figures.gcTimeMs())),
        mean(all, UtilizationFigures::gpuUtilPct), mean(all, UtilizationFigures::samplerCpuPct),
        all.get(0).unavailableReason());
  }

  private EnergyFigures energy() {
    List<EnergyFigures> all = present(ScenarioResult::energy);
    if (all.isEmpty()) {
      return null;
    }
    return new EnergyFigures(mean(all, EnergyFigures::joulesPerInference), all.get(0).source(),
        mean(all, EnergyFigures::gpuPowerAvgW), all.get(0).unavailableReason());
  }

  /**
   * The groups of the probes a user added, across forks: each number the mean of the forks that
   * measured it; a text as the first fork gave it; the reasons of every fork, each once, with the
   * forks it came from unless all gave it.
   */
  private Map<String, Map<String, Object>> probes() {
    Map<String, Map<String, Object>> pooled = new LinkedHashMap<>();
    for (ScenarioResult result : measured) {
      result.probes().forEach((name, group) -> group.forEach((figure, value) ->
          pooled.computeIfAbsent(name, n -> new LinkedHashMap<>()).putIfAbsent(figure, value)));
    }
    pooled.forEach((name, group) -> group.replaceAll((figure, value) -> {
      if (figure.equals(REASON)) {
        return reasons(name);
      }
      if (value instanceof String) {
        return value;
      }
      List<Double> numbers = new ArrayList<>();
      for (ScenarioResult result : measured) {
        Map<String, Object> each = result.probes().get(name);
        if (each != null && each.get(figure) instanceof Number number) {
          numbers.add(number.doubleValue());
        }
      }
      return numbers.isEmpty() ? null : numbers.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }));
    return pooled;
  }

  /** Every fork's reason in probe {@code name}'s group, each once, with its forks unless all gave it; or null. */
  private String reasons(String name) {
    Map<String, List<Integer>> forksOf = new LinkedHashMap<>();
    for (int i = 0; i < measured.size(); i++) {
      Map<String, Object> group = measured.get(i).probes().get(name);
      if (group != null && group.get(REASON) instanceof String reason) {
        forksOf.computeIfAbsent(reason, r -> new ArrayList<>()).add(measuredForks.get(i));
      }
    }
    List<String> parts = new ArrayList<>();
    forksOf.forEach((reason, forks) -> parts.add(forks.size() == measured.size() ? reason
        : reason + " (fork" + (forks.size() > 1 ? "s " : " ") + String.join(", ", forks.stream().map(String::valueOf)
            .toList()) + ")"));
    return parts.isEmpty() ? null : String.join("; ", parts);
  }

  private static final String REASON = "unavailable_reason";

  private <T> List<T> present(Function<ScenarioResult, T> group) {
    List<T> present = new ArrayList<>();
    for (ScenarioResult result : measured) {
      T value = group.apply(result);
      if (value != null) {
        present.add(value);
      }
    }
    return present;
  }

  private static <T> Double max(List<T> all, Function<T, Double> figure) {
    Double max = null;
    for (T each : all) {
      Double value = figure.apply(each);
      if (value != null && (max == null || value > max)) {
        max = value;
      }
    }
    return max;
  }

  private static <T> Double mean(List<T> all, Function<T, Double> figure) {
    Double sum = sumOf(all, each -> orNaN(figure.apply(each)));
    long known = all.stream().filter(each -> figure.apply(each) != null).count();
    return sum == null ? null : sum / known;
  }

  /** The sum over the groups that have the figure (NaN where one lacks it), or null when none has it. */
  private static <T> Double sumOf(List<T> all, ToDoubleFunction<T> figure) {
    double sum = 0;
    boolean any = false;
    for (T each : all) {
      double value = figure.applyAsDouble(each);
      if (!Double.isNaN(value)) {
        sum += value;
        any = true;
      }
    }
    return any ? sum : null;
  }

  private static double orNaN(Double value) {
    return value == null ? Double.NaN : value;
  }
}
