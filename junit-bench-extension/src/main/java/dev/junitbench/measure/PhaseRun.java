package dev.junitbench.measure;

import dev.junitbench.results.Phase;

/**
 * One phase as it ran: {@code iterations} calls in {@code elapsedNs}. {@code samples} holds {@code
 * count} latencies in nanoseconds (for warm-up only the most recent: its array wraps). {@code
 * allocatedBytes} is what the measuring thread allocated on the Java heap during a measurement
 * phase, without the loop's own arrays; negative for warm-up and where the JVM does not count it.
 * {@code windows} are the windows of a warm-up run until steady, else null.
 */
public record PhaseRun(
    long[] samples,
    int count,
    long iterations,
    long elapsedNs,
    boolean precisionReached,
    boolean sampleLimitReached,
    long allocatedBytes,
    WarmupWindows windows) {

  /** A phase with no steadiness check. */
  public PhaseRun(
      long[] samples,
      int count,
      long iterations,
      long elapsedNs,
      boolean precisionReached,
      boolean sampleLimitReached,
      long allocatedBytes) {
    this(
        samples,
        count,
        iterations,
        elapsedNs,
        precisionReached,
        sampleLimitReached,
        allocatedBytes,
        null);
  }

  /** A phase that ran nothing: warm-up turned off. */
  public static PhaseRun none() {
    return new PhaseRun(new long[0], 0, 0, 0, false, false, -1);
  }

  /**
   * This warm-up as results.json records it: its count and time, and when run until steady, whether
   * it settled, why not, and its curve.
   */
  public Phase warmupPhase() {
    if (windows == null) {
      return Phase.of(iterations, elapsedNs);
    }
    return new Phase(
        iterations,
        elapsedNs / 1e6,
        null,
        null,
        false,
        windows.steady(),
        windows.reason(iterations, elapsedNs),
        windows.curve());
  }
}
