package dev.junitbench.samples;

// tag::sample[]
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Measurement;
import dev.junitbench.Param;
import dev.junitbench.Warmup;
import dev.junitbench.infra.Scenario;
import java.util.Arrays;
import org.junit.jupiter.api.Tag;

/**
 * One method, many scenarios: each dimension annotation ({@code @BatchSizes}, {@code @Devices},
 * {@code @SequenceLengths}, {@code @Modes}, {@code @Threads}, and {@code @Param} for your own) adds
 * an axis, and junit-bench runs one JUnit invocation per combination, named like {@code
 * [device=cpu, batch_size=8, layout=rows]}. The injected {@link Scenario} tells the method which
 * combination it is in; results are matched across runs by benchmark and params. {@code
 * -Djunit.bench.batch-sizes=1,8} runs a subset without editing the code.
 */
@Tag("samples")
@Warmup(iterations = 3)
@Measurement(iterations = 100)
@BatchSizes({1, 8, 32})
@Param(
    name = "layout",
    values = {"rows", "columns"})
class Sample03Dimensions {

  private static final int FEATURES = 256;

  @Benchmark
  void matrixVector(Scenario scenario, Blackhole blackhole) {
    int batch = scenario.batchSize();
    boolean rows = scenario.param("layout").equals("rows");
    double[] matrix = new double[batch * FEATURES];
    Arrays.fill(matrix, 0.5);
    double sum = 0;
    for (int i = 0; i < batch; i++) {
      for (int j = 0; j < FEATURES; j++) {
        sum += rows ? matrix[i * FEATURES + j] : matrix[(j * batch + i) % matrix.length];
      }
    }
    blackhole.consume(sum);
  }
}
// end::sample[]
