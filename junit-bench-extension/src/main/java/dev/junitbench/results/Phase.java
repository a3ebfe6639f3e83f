package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A warm-up or measurement phase as it actually ran.
 *
 * @param iterations iterations run
 * @param timeMs wall-clock time of the phase, in milliseconds
 * @param precisionTarget the target relative half-width of the median's 95% CI, or null
 * @param precisionReached whether the target was reached before the phase's time bound, or null
 * @param sampleLimitReached whether the phase stopped at the sample limit
 * @param steady for a warm-up run until steady, whether it settled before its bound; null for a
 *     fixed one and for a measurement
 * @param steadyReason why a warm-up run until steady is not steady, naming what to change; else
 *     null
 * @param curve the windows of a warm-up run until steady; else null
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Phase(
    long iterations,
    double timeMs,
    Double precisionTarget,
    Boolean precisionReached,
    boolean sampleLimitReached,
    Boolean steady,
    String steadyReason,
    WarmupCurve curve) {

  /** A phase with no steadiness check. */
  public Phase(
      long iterations,
      double timeMs,
      Double precisionTarget,
      Boolean precisionReached,
      boolean sampleLimitReached) {
    this(
        iterations,
        timeMs,
        precisionTarget,
        precisionReached,
        sampleLimitReached,
        null,
        null,
        null);
  }

  /** A phase that ran {@code iterations} in {@code timeNs}, with no precision target. */
  public static Phase of(long iterations, long timeNs) {
    return new Phase(iterations, timeNs / 1e6, null, null, false);
  }
}
