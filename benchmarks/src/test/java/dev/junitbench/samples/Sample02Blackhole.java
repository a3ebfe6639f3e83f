package dev.junitbench.samples;

// tag::sample[]
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import java.util.Random;
import org.junit.jupiter.api.Tag;

/**
 * A result nobody reads may be computed by nobody: the JIT removes work whose value is unused, and
 * the benchmark then measures an empty loop. A benchmark method returns void (JUnit runs no test
 * that returns a value), so it hands its results to an injected {@link Blackhole}, as in JMH. A
 * result that must be closed (an ONNX Runtime output, a DJL NDList) goes to {@code
 * blackhole.closeAfterTiming(...)}: closed after the call's clock stops, so freeing native memory
 * is not timed.
 */
@Tag("samples")
@Warmup(iterations = 5)
@Measurement(iterations = 100)
class Sample02Blackhole {

  private final double[] values = new Random(42).doubles(10_000).toArray();

  /** The sum is consumed: the loop must run. */
  @Benchmark
  void sumConsumed(Blackhole blackhole) {
    double sum = 0;
    for (double value : values) {
      sum += Math.sqrt(value);
    }
    blackhole.consume(sum);
  }
}
// end::sample[]
