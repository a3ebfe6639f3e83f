package dev.junitbench.it;

import dev.junitbench.Benchmark;

/**
 * Work of a known duration. The gate's test commits this class as the base, then a head in which
 * {@link #WORK_NANOS} is four times as large: {@code work} regresses, {@code steady} does not.
 */
class WorkBenchmarks {

  /** The duration of one call of {@code work}, ns. */
  static final long WORK_NANOS = 100_000;

  static void spin(long nanos) {
    long end = System.nanoTime() + nanos;
    while (System.nanoTime() < end) {
      Thread.onSpinWait();
    }
  }

  @Benchmark
  void work() {
    spin(WORK_NANOS);
  }

  @Benchmark
  void steady() {
    spin(50_000);
  }
}
