package dev.junitbench.self;

/**
 * The workload both harnesses time: a busy-wait of a known duration against {@link
 * System#nanoTime()}.
 */
final class Spin {

  static final long MICROS_100 = 100_000;
  static final long MILLIS_2 = 2_000_000;

  private Spin() {}

  /** Returns once {@code nanos} have passed on the clock since the call. */
  static void forNanos(long nanos) {
    long end = System.nanoTime() + nanos;
    while (System.nanoTime() - end < 0) {
      // busy-wait
    }
  }
}
