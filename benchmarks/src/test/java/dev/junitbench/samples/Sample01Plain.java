package dev.junitbench.samples;

// tag::sample[]
import dev.junitbench.Benchmark;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Tag;

/**
 * The smallest benchmark: a test method annotated {@code @Benchmark} instead of {@code @Test}.
 * JUnit discovers it like any test; junit-bench calls it in a warm-up phase (the JIT compiles it,
 * caches fill), then in a measured phase that keeps one latency per call, and writes the statistics
 * (median, percentiles, the median's interval) to results.json, results.csv and the console.
 *
 * <p>Without {@code @Warmup} and {@code @Measurement} the defaults apply (at least 3 warm-up calls
 * and 1 s, at least 10 measured calls and 3 s); {@code -Djunit.bench.measurement.iterations=...}
 * overrides every benchmark's rule at once. 100 measured calls leave the p90 valid by MLPerf's
 * early-stopping rule, which needs 64.
 */
@Tag("samples")
class Sample01Plain {

  @Benchmark
  @Warmup(iterations = 5)
  @Measurement(iterations = 100)
  void sortThousandNumbers() {
    int[] numbers = new Random(42).ints(1000).toArray();
    Arrays.sort(numbers);
  }
}
// end::sample[]
