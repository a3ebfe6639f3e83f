package dev.junitbench.reports.compare;

import dev.junitbench.internal.ScenarioComparison;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.ForkStatistics;
import dev.junitbench.stats.JvmRuns;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.Verdict;

/**
 * The row of a scenario both sides of rounds measured, its rounds pooled as the forks of one run:
 * judged by the test between JVM runs ({@link JvmRuns}), else on the rounds' pooled samples, and
 * its allocation over every round.
 */
final class PooledRow {

  private PooledRow() {}

  /** The row of {@code key}, {@code then} and {@code now} its results in the latest rounds. */
  static RunComparison.Row row(
      ScenarioKey key,
      PooledScenarios before,
      ScenarioResult then,
      PooledScenarios after,
      ScenarioResult now,
      RegressionRule rule)
      throws BadInputException {
    double[] a = before.observations(key);
    double[] b = after.observations(key);
    Comparison latency =
        JvmRuns.compare(a, b, rule).orElseGet(() -> Comparison.ofForks(a, b, rule));
    if (latency.verdict() != Verdict.NOT_JUDGED
        && latency.pValue() == null
        && latency.ratio() != null
        && latency.ratio() != 1) {
      // No test between JVM runs was possible; a change between the sides must still be judged, so
      // the samples are.
      String why =
          Math.max(a.length, b.length) < ForkStatistics.MIN_FORKS
              ? "one JVM run (round x fork) a side"
              : latency.note() + "; between-JVM variance unknown";
      long[] x = before.pooledSamples(key);
      long[] y = x == null ? null : after.pooledSamples(key);
      if (x != null && y != null) {
        latency =
            ScenarioComparison.unforked(
                Comparison.ofSamples(x, x.length, y, y.length, rule)
                    .withNote(why + ": compared on the rounds' pooled samples"));
      } else if (before.roundCount() == 1 && after.roundCount() == 1) {
        latency =
            ScenarioComparison.unforked(
                Comparison.ofSummaries(then.latencyMs(), now.latencyMs(), rule)
                    .withNote(why + ": compared on the medians and their intervals"));
      }
    }
    latency = latency.untestedNotJudged();
    Double thenThroughput = before.throughput(key);
    Double nowThroughput = after.throughput(key);
    Double ratio =
        thenThroughput == null || nowThroughput == null ? null : nowThroughput / thenThroughput;
    // The heap allocated per operation of every round, judged as one: not the latest round's alone.
    return new RunComparison.Row(
        key,
        RunComparison.Kind.COMPARED,
        then.withAlloc(before.alloc(key)),
        now.withAlloc(after.alloc(key)),
        latency,
        ratio,
        new RunComparison.Pool(
            before.roundCount(),
            after.roundCount(),
            a,
            b,
            null,
            before.bytesPerOpByRound(key),
            after.bytesPerOpByRound(key)));
  }
}
