package dev.junitbench.reports.compare;

import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.Runs;
import dev.junitbench.results.AllocationFigures;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.Samples;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.DoubleStream;

/**
 * The scenarios of one side's rounds, pooled: per scenario (benchmark and params) its result in
 * each round, and the medians of its JVM runs, one observation per fork of a forked round and one
 * per unforked round. Those medians are what Welch's test on the log medians compares: each JVM run
 * lands at its own level, whichever round it belongs to.
 */
final class PooledScenarios {

  private final Rounds rounds;

  /**
   * Per scenario, its result in each round (null where a round lacks it), in order of first
   * appearance.
   */
  private final Map<ScenarioKey, ScenarioResult[]> byKey = new LinkedHashMap<>();

  /** Each round's samples.csv, read when a scenario needs its pooled samples. */
  private final Map<RunFolder, Samples> samples = new HashMap<>();

  /**
   * Whether a scenario stands for its side by the leading rounds that measured it: in a decision
   * over rounds a settled scenario is not measured again.
   */
  private final boolean leading;

  private PooledScenarios(Rounds rounds, boolean leading) {
    this.rounds = rounds;
    this.leading = leading;
    List<RunFolder> runs = rounds.runs();
    for (int i = 0; i < runs.size(); i++) {
      for (ScenarioResult result : runs.get(i).results()) {
        byKey.computeIfAbsent(result.key(), key -> new ScenarioResult[runs.size()])[i] = result;
      }
    }
  }

  static PooledScenarios of(Rounds rounds) {
    return new PooledScenarios(rounds, false);
  }

  /**
   * The scenarios of rounds decided sequentially: each stands for its side by the rounds that
   * measured it from the first on; a later round that lacks it (settled, not measured again) does
   * not count against it.
   */
  static PooledScenarios sequential(Rounds rounds) {
    return new PooledScenarios(rounds, true);
  }

  /**
   * The medians (ms) of the scenario's JVM runs round by round, for the leading rounds that
   * measured it (forks of a forked round, the median of an unforked one).
   *
   * @throws BadInputException when a round's median is not above 0
   */
  List<double[]> observationsByRound(ScenarioKey key) throws BadInputException {
    ScenarioResult[] results = byKey.get(key);
    List<double[]> perRound = new ArrayList<>();
    for (int i = 0; i < results.length && ComparisonRows.measured(results[i]); i++) {
      RunRow.requirePositive(rounds.runs().get(i), results[i]);
      double[] forks = results[i].forks() == null ? new double[0] : results[i].forks().medians();
      perRound.add(forks.length == 0 ? new double[] {results[i].latencyMs().median()} : forks);
    }
    return perRound;
  }

  /** How many rounds were pooled. */
  int roundCount() {
    return rounds.runs().size();
  }

  /**
   * Per scenario the result that stands for the side: the latest round's when every round measured
   * it, else the first round's that did not (a scenario that stopped in one round stopped for the
   * side), or, where a round lacks it altogether, a failure saying which round.
   */
  Map<ScenarioKey, ScenarioResult> representatives() {
    Map<ScenarioKey, ScenarioResult> chosen = new LinkedHashMap<>();
    byKey.forEach((key, results) -> chosen.put(key, representative(results)));
    return chosen;
  }

  private ScenarioResult representative(ScenarioResult[] results) {
    ScenarioResult any = null;
    for (ScenarioResult result : results) {
      if (result != null) {
        any = result;
        break;
      }
    }
    for (int i = 0; i < results.length; i++) {
      if (results[i] == null && leading && i > 0) {
        return results[i - 1];
      }
      if (results[i] == null) {
        RunFolder run = rounds.runs().get(i);
        return ScenarioResult.planned(any.benchmark(), any.displayName(), any.params())
            .ended(
                Status.FAILED,
                "not in round "
                    + (i + 1)
                    + " of "
                    + results.length
                    + " ("
                    + run.name()
                    + "): that run ended"
                    + " before this scenario did");
      }
      if (!ComparisonRows.measured(results[i])) {
        return results[i];
      }
    }
    return results[results.length - 1];
  }

  /**
   * The medians (ms) of the scenario's JVM runs: each fork's of a forked round, the round's own
   * median of an unforked one. Only for a scenario every round measured.
   *
   * @throws BadInputException when a round's median is not above 0
   */
  double[] observations(ScenarioKey key) throws BadInputException {
    ScenarioResult[] results = byKey.get(key);
    DoubleStream.Builder medians = DoubleStream.builder();
    for (int i = 0; i < results.length; i++) {
      ScenarioResult result = results[i];
      RunRow.requirePositive(rounds.runs().get(i), result);
      double[] forks = result.forks() == null ? new double[0] : result.forks().medians();
      if (forks.length == 0) {
        medians.add(result.latencyMs().median());
      }
      for (double median : forks) {
        medians.add(median);
      }
    }
    return medians.build().toArray();
  }

  /**
   * The scenario's samples (ns) of every round one after the other, or null where a round kept
   * none.
   */
  long[] pooledSamples(ScenarioKey key) throws BadInputException {
    ScenarioResult[] results = byKey.get(key);
    long[][] parts = new long[results.length][];
    int total = 0;
    for (int i = 0; i < results.length; i++) {
      RunFolder run = rounds.runs().get(i);
      if (!run.hasSamples()) {
        return null;
      }
      Samples all = samples.get(run);
      if (all == null) {
        all = Runs.samplesOrNull(run);
        samples.put(run, all);
      }
      long[] own = all.of(results[i].id());
      if (own == null || own.length == 0) {
        return null;
      }
      parts[i] = RunRow.requirePositive(run, results[i], own);
      total += own.length;
    }
    long[] pooled = new long[total];
    int at = 0;
    for (long[] part : parts) {
      System.arraycopy(part, 0, pooled, at, part.length);
      at += part.length;
    }
    return pooled;
  }

  /**
   * The scenario's {@code alloc} groups of every round as one ({@link AllocationFigures#pooled}):
   * bytes and operations summed over the rounds, so the figure per operation stands for all of
   * them, not for the latest alone; null where no round has the group.
   */
  AllocationFigures alloc(ScenarioKey key) {
    return AllocationFigures.pooled(
        Arrays.stream(byKey.get(key))
            .map(result -> result == null ? null : result.alloc())
            .toList());
  }

  /**
   * The heap bytes per operation of each round that counted them, in round order: the figures the
   * pooled one ({@link #alloc}) is made of, so that a change can be checked against every round.
   */
  double[] bytesPerOpByRound(ScenarioKey key) {
    return Arrays.stream(byKey.get(key))
        .filter(result -> result != null && result.alloc() != null)
        .map(result -> result.alloc().bytesPerOp())
        .filter(bytes -> bytes != null)
        .mapToDouble(Double::doubleValue)
        .toArray();
  }

  /** The geometric mean of the rounds' throughputs, or null where a round has none above 0. */
  Double throughput(ScenarioKey key) {
    double logs = 0;
    int counted = 0;
    ScenarioResult[] results = byKey.get(key);
    for (ScenarioResult result : results) {
      if (result == null && leading) {
        break;
      }
      counted++;
      if (result.throughput() == null
          || result.throughput().value() == null
          || !(result.throughput().value() > 0)) {
        return null;
      }
      logs += Math.log(result.throughput().value());
    }
    return Math.exp(logs / counted);
  }
}
