package dev.junitbench.self;

import dev.junitbench.Benchmark;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import org.junit.jupiter.api.Tag;

/**
 * junit-bench measuring itself: the per-iteration cost of an empty body (target: median at most 50
 * ns) and spin loops of known duration (target: median within 0.5% of the clock). They report,
 * never assert; {@link JmhComparisonBenchmarks} runs the same workloads under JMH.
 */
@Tag("self")
@Warmup(time = "1s")
@Measurement(time = "2s")
class HarnessSelfBenchmarks {

  @Benchmark
  @Measurement(iterations = 1_000_000)
  void emptyBody() {}

  @Benchmark
  void spin100us() {
    Spin.forNanos(Spin.MICROS_100);
  }

  @Benchmark
  void spin2ms() {
    Spin.forNanos(Spin.MILLIS_2);
  }
}
