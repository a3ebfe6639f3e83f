package dev.junitbench.measure;

/**
 * One phase as it ran: {@code iterations} calls in {@code elapsedNs}. {@code samples} holds {@code
 * count} latencies in nanoseconds (for warm-up only the most recent: its array wraps).
 */
public record PhaseRun(
    long[] samples,
    int count,
    long iterations,
    long elapsedNs,
    boolean precisionReached,
    boolean sampleLimitReached) {

  /** A phase that ran nothing: warm-up turned off. */
  public static PhaseRun none() {
    return new PhaseRun(new long[0], 0, 0, 0, false, false);
  }
}
