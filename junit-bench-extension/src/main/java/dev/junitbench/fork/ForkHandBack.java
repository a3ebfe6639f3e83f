package dev.junitbench.fork;

import dev.junitbench.results.Aggregation;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import java.util.Map;

/**
 * What a fork hands back to the JUnit JVM: how its scenario ended, and when it was measured, its
 * result and raw samples.
 *
 * @param status how the scenario ended in the fork
 * @param error why it failed or was aborted (the exception as the fork saw it), else null
 * @param stackTrace the fork's stack trace of that failure, else null
 * @param result the measured result, or null when nothing was measured
 * @param samplesNs its samples in measurement order, ns, or null
 * @param tokenNs the time of every generated token of a generating scenario, request after request,
 *     or null
 * @param aggregations how each number of the result's resource and probe groups joins across forks
 *     ({@link ScenarioResult#aggregations()}, which the result's JSON leaves out), or null
 */
public record ForkHandBack(
    Status status,
    String error,
    String stackTrace,
    ScenarioResult result,
    long[] samplesNs,
    long[] tokenNs,
    Map<String, Map<String, Aggregation>> aggregations) {

  /**
   * A hand-back of {@code result} (or of none), with how its figures join as the result holds them.
   */
  public ForkHandBack(
      Status status,
      String error,
      String stackTrace,
      ScenarioResult result,
      long[] samplesNs,
      long[] tokenNs) {
    this(
        status,
        error,
        stackTrace,
        result,
        samplesNs,
        tokenNs,
        result == null ? null : result.aggregations());
  }
}
