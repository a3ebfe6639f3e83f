package dev.junitbench.reports.compare;

import dev.junitbench.internal.ScenarioComparison;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.Samples;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.RegressionRule;

/**
 * The row of a scenario two single runs measured, judged on its samples (or its forks, or its
 * summaries, as {@link ScenarioComparison} decides), and the checks every comparison makes of a
 * latency before it takes a ratio of it.
 */
final class RunRow {

  private RunRow() {}

  /**
   * The row of {@code key}, {@code then} of {@code baseline} and {@code now} of {@code current}.
   */
  static RunComparison.Row row(
      ScenarioKey key,
      RunFolder baseline,
      ScenarioResult then,
      Samples thenSamples,
      RunFolder current,
      ScenarioResult now,
      Samples nowSamples,
      RegressionRule rule)
      throws BadInputException {
    requirePositive(baseline, then);
    requirePositive(current, now);
    long[] a = thenSamples == null ? null : thenSamples.of(then.id());
    long[] b = nowSamples == null ? null : nowSamples.of(now.id());
    Comparison latency =
        ScenarioComparison.of(
            then,
            a == null || b == null ? null : requirePositive(baseline, then, a),
            now,
            a == null || b == null ? null : requirePositive(current, now, b),
            rule);
    Double ratio = null;
    if (then.throughput() != null
        && now.throughput() != null
        && then.throughput().value() != null
        && now.throughput().value() != null
        && then.throughput().value() > 0) {
      ratio = now.throughput().value() / then.throughput().value();
    }
    return new RunComparison.Row(key, RunComparison.Kind.COMPARED, then, now, latency, ratio);
  }

  /**
   * Refuses a result whose median latency is not above 0: no ratio can be taken of it.
   *
   * @throws BadInputException naming the file, the result and the fix
   */
  static void requirePositive(RunFolder run, ScenarioResult result) throws BadInputException {
    if (!(result.latencyMs().median() > 0)) {
      throw new BadInputException(
          run.resultsFile()
              + ": result "
              + result.id()
              + " ("
              + result.benchmark()
              + " "
              + result.displayName()
              + ") has a median latency of "
              + result.latencyMs().median()
              + " ms; a ratio needs"
              + " latencies above 0 (a body faster than the clock's resolution cannot be compared: give it more work)");
    }
  }

  /**
   * {@code samples}, the result's, once none is 0 or below.
   *
   * @throws BadInputException naming the file, the result and the fix
   */
  static long[] requirePositive(RunFolder run, ScenarioResult result, long[] samples)
      throws BadInputException {
    for (long sample : samples) {
      if (sample <= 0) {
        throw new BadInputException(
            run.samplesFile()
                + ": result "
                + result.id()
                + " ("
                + result.benchmark()
                + " "
                + result.displayName()
                + ") has a latency of "
                + sample
                + " ns; a ratio needs latencies above 0 (a body"
                + " faster than the clock's resolution cannot be compared: give it more work)");
      }
    }
    return samples;
  }
}
