package dev.junitbench.it;

import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;

/** One tiny benchmark: tagged "performance", so only `-Dgroups=performance` runs it. */
@Warmup(iterations = 1)
@Measurement(iterations = 5)
class FooBenchmarks {

  @Benchmark
  void sum(Blackhole blackhole) {
    long sum = 0;
    for (int i = 0; i < 1_000; i++) {
      sum += i;
    }
    blackhole.consume(sum);
  }
}
