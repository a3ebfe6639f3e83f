package dev.junitbench.it;

import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Budget;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import dev.junitbench.infra.Scenario;

/**
 * Work of a known duration, made slower on demand: {@code -Dspin.factor=10} makes it ten times as
 * long, a slowdown the gate must catch.
 */
@Warmup(iterations = 3)
@Measurement(iterations = 30)
class SpinBenchmarks {

  private static final double FACTOR = Double.parseDouble(System.getProperty("spin.factor", "1"));

  static void spin(long nanos) {
    long end = System.nanoTime() + nanos;
    while (System.nanoTime() < end) {
      Thread.onSpinWait();
    }
  }

  @Benchmark
  @BatchSizes({1, 2})
  void spin(Scenario scenario) {
    spin((long) (1_000_000 * scenario.batchSize() * FACTOR));
  }

  @Benchmark
  @Budget(median = "50ms", minThroughput = 1)
  void withinBudget() {
    spin(200_000);
  }
}
