package dev.junitbench.reports.compare;

import dev.junitbench.stats.Comparison;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * How a comparison of rounds was made, in words: how many rounds a side pooled, which test, on
 * what.
 */
final class PooledMethod {

  private PooledMethod() {}

  static String describe(RunComparison comparison) {
    Rounds baseline = comparison.baselineRounds();
    Rounds current = comparison.currentRounds();
    List<String> parts = new ArrayList<>();
    parts.add(ComparisonMethod.verdictRule(comparison));
    parts.add(
        "rounds pooled: "
            + baseline.count()
            + " of the baseline and "
            + current.count()
            + " of the current"
            + " build, each round a JVM run of its own, each fork of a forked round and each unforked round one"
            + " observation");
    if (SequentialCompare.sequential(comparison)) {
      parts.add(
          "rounds decided sequentially: after each round pair a scenario settles regressed or improved once"
              + " its p-value passes that round's boundary (Lan-DeMets error spending, O'Brien-Fleming type,"
              + " of half of alpha each way over the most rounds), unchanged once its 95% interval's upper bound"
              + " lies below the threshold, not judged once its JVMs fall on two levels, and at the last round every"
              + " scenario gets its verdict; a settled verdict is final");
    }
    List<RunComparison.Row> welch =
        comparison.rows().stream()
            .filter(row -> row.latency() != null && Comparison.WELCH.equals(row.latency().test()))
            .toList();
    if (!welch.isEmpty()) {
      parts.add(
          scenarios(welch.size())
              + ": Welch's t-test on the log medians of the JVM runs ("
              + runs(welch)
              + "); change = ratio of the geometric means of those medians with a 95% Welch-Satterthwaite t interval,"
              + " which holds the variation between JVM runs and between rounds");
    }
    Map<String, Integer> others = new LinkedHashMap<>();
    comparison.rows().stream()
        .filter(row -> row.latency() != null && !Comparison.WELCH.equals(row.latency().test()))
        .forEach(row -> others.merge(fallback(row.latency().test()), 1, Integer::sum));
    others.forEach((test, count) -> parts.add(scenarios(count) + " " + test));
    String baselineMachine = Rounds.machine(baseline.latest());
    String currentMachine = Rounds.machine(current.latest());
    if (!baselineMachine.equals(currentMachine)) {
      parts.add(
          "the baseline ran on "
              + baselineMachine
              + ", the current build on "
              + currentMachine
              + ": a difference may be the machines'");
    }
    return String.join("; ", parts);
  }

  private static String scenarios(long count) {
    return count + (count == 1 ? " scenario" : " scenarios");
  }

  /** {@code 6 vs 6 JVM runs}, or {@code 2 to 6 vs 6 JVM runs} where scenarios differ. */
  private static String runs(List<RunComparison.Row> rows) {
    return range(rows.stream().mapToInt(row -> row.pool().baselineMs().length).toArray())
        + " vs "
        + range(rows.stream().mapToInt(row -> row.pool().currentMs().length).toArray())
        + " JVM runs";
  }

  private static String range(int[] counts) {
    int min = IntStream.of(counts).min().orElse(0);
    int max = IntStream.of(counts).max().orElse(0);
    return min == max ? String.valueOf(min) : min + " to " + max;
  }

  private static String fallback(String test) {
    String unknown = "with fewer than 2 JVM runs a side or no spread between them: ";
    return switch (test) {
      case Comparison.PREDICTION ->
          "with 2 JVM runs or fewer on one side: its mean against the other side's spread"
              + " (the prediction interval of one more JVM run)";
      case Comparison.LEVELS ->
          "whose JVM runs fell on two levels, the change beyond both: Student's t of the"
              + " nearer levels, the spread pooled within levels";
      case Comparison.NONE -> "not judged: their JVM runs fell on two levels";
      case Comparison.WALD ->
          unknown
              + "Wald test of the log ratio of medians (a round kept no samples.csv);"
              + " between-JVM variance unknown (run more rounds or fork)";
      default ->
          unknown
              + "two-sided Mann-Whitney U test on the rounds' pooled raw samples; between-JVM variance"
              + " unknown (run more rounds or fork)";
    };
  }
}
