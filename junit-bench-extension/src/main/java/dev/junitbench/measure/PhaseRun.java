package dev.junitbench.measure;

/**
 * One phase as it ran: {@code iterations} calls in {@code elapsedNs}. {@code samples} holds {@code
 * count} latencies in nanoseconds (for warm-up only the most recent: its array wraps). {@code
 * allocatedBytes} is what the measuring thread allocated on the Java heap during a measurement
 * phase, without the loop's own arrays; negative for warm-up and where the JVM does not count it.
 */
public record PhaseRun(
    long[] samples,
    int count,
    long iterations,
    long elapsedNs,
    boolean precisionReached,
    boolean sampleLimitReached,
    long allocatedBytes) {

  /** A phase that ran nothing: warm-up turned off. */
  public static PhaseRun none() {
    return new PhaseRun(new long[0], 0, 0, 0, false, false, -1);
  }
}
