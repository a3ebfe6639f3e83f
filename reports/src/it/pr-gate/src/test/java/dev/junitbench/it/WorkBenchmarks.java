package dev.junitbench.it;

import dev.junitbench.Benchmark;
import dev.junitbench.Load;
import dev.junitbench.infra.LoadScenario;

/**
 * Work of a known duration. The gate's test commits this class as the base, then a head in which
 * {@link #WORK_NANOS} is four times as large: {@code work} regresses, {@code steady} and {@code
 * offline} do not. {@code offline} runs under Offline, whose workers share the JUnit JVM: it is
 * measured there whatever the fork count, each round one JVM run.
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

  @Benchmark
  @Load(value = LoadScenario.OFFLINE, workers = 2)
  void offline() {
    spin(50_000);
  }
}
