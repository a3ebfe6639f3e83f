package dev.junitbench.measure;

/**
 * What the threads that ran a benchmark body allocated on the Java heap during its measurement,
 * without the harness's own arrays.
 *
 * @param bytes bytes allocated, summed over {@code threads}; negative when not counted
 * @param operations the calls of the body measured
 * @param threads the threads counted: 1, or a load's workers
 * @param unavailableReason why {@code bytes} is not counted, or null
 */
public record AllocationCount(long bytes, long operations, int threads, String unavailableReason) {

  /** The count of a measurement phase on one thread, {@code operations} calls. */
  public static AllocationCount of(PhaseRun phase, long operations, ThreadAllocation source) {
    long bytes = phase.allocatedBytes();
    return new AllocationCount(bytes, operations, 1, bytes >= 0 ? null : reasonOf(source));
  }

  /** Why {@code source} does not count now; a generic reason when it says nothing. */
  public static String reasonOf(ThreadAllocation source) {
    String reason = source.unavailableReason();
    return reason != null ? reason : ThreadAllocation.TURNED_OFF;
  }

  /** Whether {@code bytes} was counted. */
  public boolean counted() {
    return bytes >= 0;
  }
}
