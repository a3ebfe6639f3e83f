package dev.junitbench.reports.compare;

import dev.junitbench.reports.BadInputException;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.SequentialRounds;
import dev.junitbench.stats.SequentialVerdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Compare of rounds decided sequentially ({@link SequentialRounds}): each scenario's row from the
 * rounds that measured it, its state (settled at a round and why, or undecided), the summary's
 * count of rounds and JVM runs, and the benchmarks that still need a round.
 */
public final class SequentialCompare {

  private SequentialCompare() {}

  /** Both sides are folders of rounds: a sequential decision has nothing else to decide over. */
  static void requireRoundsFolders(Path baseline, Path current) throws BadInputException {
    for (Path side : List.of(baseline, current)) {
      if (!Rounds.isRoundsFolder(side)) {
        throw new BadInputException(
            side
                + " is not a folder of rounds; a sequential decision (--max-rounds) compares"
                + " two folders of rounds (run-*), such as ci/pr-gate.sh writes");
      }
    }
  }

  /** Both sides hold the same number of rounds (pairs), at most the design's most. */
  static void requirePairs(Rounds baseline, Rounds current, SequentialRounds design)
      throws BadInputException {
    int before = baseline.runs().size();
    int now = current.runs().size();
    if (before != now) {
      throw new BadInputException(
          baseline.name()
              + " holds "
              + baseline.count()
              + " and "
              + current.name()
              + " "
              + current.count()
              + "; sequential rounds come in pairs (base, head): measure the side that is behind, or"
              + " remove its extra round");
    }
    if (before > design.maxRounds()) {
      throw new BadInputException(
          baseline.name()
              + " holds "
              + baseline.count()
              + ", more than --max-rounds "
              + design.maxRounds()
              + "; give the maximum the rounds were measured for");
    }
  }

  /** The row of a scenario both sides measured, decided over its rounds. */
  static RunComparison.Row row(
      ScenarioKey key,
      PooledScenarios before,
      ScenarioResult then,
      PooledScenarios after,
      ScenarioResult now,
      RegressionRule rule,
      SequentialRounds design)
      throws BadInputException {
    List<double[]> a = before.observationsByRound(key);
    List<double[]> b = after.observationsByRound(key);
    SequentialVerdict decided = design.decide(a, b, rule);
    int used = Math.min(Math.min(a.size(), b.size()), design.maxRounds());
    if (!decided.settled() && used < Math.max(before.roundCount(), after.roundCount())) {
      // Undecided, yet a round lacks it: that run ended before this scenario did. As with fixed
      // rounds, the side that lacks it failed it; a current side that did fails the comparison.
      String why =
          "not in round "
              + (used + 1)
              + " of "
              + Math.max(before.roundCount(), after.roundCount())
              + " while still undecided: that run ended before this scenario did";
      return new RunComparison.Row(
          key,
          RunComparison.Kind.NOT_PASSED,
          a.size() == used ? failed(then, why) : then,
          b.size() == used ? failed(now, why) : now,
          null,
          null);
    }
    Double thenThroughput = before.throughput(key);
    Double nowThroughput = after.throughput(key);
    return new RunComparison.Row(
        key,
        RunComparison.Kind.COMPARED,
        then.withAlloc(before.alloc(key)),
        now.withAlloc(after.alloc(key)),
        decided.comparison(),
        thenThroughput == null || nowThroughput == null ? null : nowThroughput / thenThroughput,
        new RunComparison.Pool(
            before.roundCount(),
            after.roundCount(),
            flatten(a.subList(0, Math.min(a.size(), design.maxRounds()))),
            flatten(b.subList(0, Math.min(b.size(), design.maxRounds()))),
            decided,
            before.bytesPerOpByRound(key),
            after.bytesPerOpByRound(key)));
  }

  private static ScenarioResult failed(ScenarioResult result, String why) {
    return ScenarioResult.planned(result.benchmark(), result.displayName(), result.params())
        .ended(Status.FAILED, why);
  }

  private static double[] flatten(List<double[]> rounds) {
    return rounds.stream().flatMapToDouble(Arrays::stream).toArray();
  }

  /** The state of a row decided sequentially, or null. */
  static SequentialVerdict of(RunComparison.Row row) {
    return row.pool() == null ? null : row.pool().sequential();
  }

  /** Whether the comparison was decided sequentially. */
  static boolean sequential(RunComparison comparison) {
    return comparison.rows().stream().anyMatch(row -> of(row) != null);
  }

  /**
   * {@code ; sequential: round 2 of at most 4 a side, 1 undecided; 18 vs 18 JVM runs} for a
   * comparison decided sequentially, else empty.
   */
  static String summary(RunComparison comparison) {
    if (!sequential(comparison)) {
      return "";
    }
    long undecided =
        comparison.rows().stream().filter(row -> of(row) != null && !of(row).settled()).count();
    int base = 0;
    int head = 0;
    int max = 0;
    for (RunComparison.Row row : comparison.rows()) {
      if (row.pool() != null) {
        base += row.pool().baselineMs().length;
        head += row.pool().currentMs().length;
      }
      if (of(row) != null) {
        max = Math.max(max, of(row).round());
      }
    }
    int rounds = comparison.baselineRounds().runs().size();
    return "; sequential rounds: "
        + rounds
        + (rounds == 1 ? " round" : " rounds")
        + " a side, "
        + (undecided == 0 ? "every scenario settled" : undecided + " undecided")
        + ", "
        + base
        + " vs "
        + head
        + " JVM runs used";
  }

  /** {@code settled at round 2 of 4: regressed +12.0%, p = ...}, or {@code undecided ...}. */
  public static String describe(RunComparison.Row row) {
    SequentialVerdict state = of(row);
    if (state == null) {
      return null;
    }
    return state.settled() ? "settled at round " + state.round() + ": " + state.why() : state.why();
  }

  /**
   * The benchmarks ({@code class#method}) with a scenario still undecided, in order: what the next
   * round must measure.
   */
  public static List<String> undecidedBenchmarks(RunComparison comparison) {
    Set<String> benchmarks = new LinkedHashSet<>();
    for (RunComparison.Row row : comparison.rows()) {
      if (of(row) != null && !of(row).settled()) {
        benchmarks.add(row.key().benchmark());
      }
    }
    return new ArrayList<>(benchmarks);
  }

  /** One line per scenario decided sequentially: its name and {@link #describe}. */
  static List<String> lines(RunComparison comparison) {
    List<String> lines = new ArrayList<>();
    for (RunComparison.Row row : comparison.rows()) {
      String said = describe(row);
      if (said != null) {
        lines.add(
            UnitFormat.shortName(row.key().benchmark())
                + " "
                + row.named().displayName()
                + ": "
                + said);
      }
    }
    return lines;
  }
}
