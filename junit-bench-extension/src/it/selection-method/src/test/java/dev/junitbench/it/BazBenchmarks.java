package dev.junitbench.it;

import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import dev.junitbench.infra.Scenario;

/**
 * Two tiny benchmarks, so that selecting one by name is seen to leave the other out; {@code fill}
 * takes parameters, as every benchmark does, which the Console Launcher's method selector must
 * name.
 */
@Warmup(iterations = 1)
@Measurement(iterations = 5)
class BazBenchmarks {

  @Benchmark
  @BatchSizes({1, 2})
  void fill(Scenario scenario, Blackhole blackhole) {
    long[] values = new long[scenario.batchSize() * 1_000];
    for (int i = 0; i < values.length; i++) {
      values[i] = i;
    }
    blackhole.consume(values);
  }

  @Benchmark
  void sum(Blackhole blackhole) {
    long sum = 0;
    for (int i = 0; i < 1_000; i++) {
      sum += i;
    }
    blackhole.consume(sum);
  }
}
