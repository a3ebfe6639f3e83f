package dev.junitbench.samples;

// tag::sample[]
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import org.junit.jupiter.api.Tag;

/**
 * Measure until the answer is precise enough, not for a fixed count: {@code precision = 0.02} stops
 * the measured phase once the 95% interval of the median is within ±2% of the median (checked as
 * samples arrive, at a cost outside the timed calls), with {@code time} as the limit if it never
 * gets there. The result records the iterations it took and whether the precision was reached.
 */
@Tag("samples")
@Warmup(iterations = 10)
@Measurement(precision = 0.02, time = "5s")
class Sample06Precision {

  @Benchmark
  void hashStrings(Blackhole blackhole) {
    int hash = 0;
    for (int i = 0; i < 2000; i++) {
      hash = 31 * hash + Integer.toString(i).hashCode();
    }
    blackhole.consume(hash);
  }
}
// end::sample[]
