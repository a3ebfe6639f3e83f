package dev.junitbench.samples;

// tag::sample[]
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Budget;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import org.junit.jupiter.api.Tag;

/**
 * A limit that fails the test: {@code @Budget} fails the scenario's JUnit test, with its figures
 * kept, when its median or p99 is slower than the limit or its throughput lower ({@code budget
 * exceeded: median 12.10 ms > 10.00 ms}). Against a previous run instead of a fixed limit: {@code
 * -Djunit.bench.baseline=target/benchmark-results/run-...}, where a rank test and the ratio's
 * interval decide each scenario, so noise alone does not fail it.
 */
@Tag("samples")
@Warmup(iterations = 5)
@Measurement(iterations = 100)
class Sample07Budget {

  /**
   * Generous on purpose: this sample passes; lower the median to "1us" to see the failure it gives.
   */
  @Benchmark
  @Budget(median = "50ms", p99 = "200ms")
  void withinBudget(Blackhole blackhole) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 1000; i++) {
      text.append(i);
    }
    blackhole.consume(text.length());
  }
}
// end::sample[]
