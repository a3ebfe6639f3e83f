package com.example;

// tag::benchmark[]
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import dev.junitbench.infra.Scenario;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;

@Warmup(iterations = 5)
@Measurement(iterations = 100)
class ScoringBenchmarks {

  private double[] weights;
  private double[][] rows;

  @BeforeEach // once per scenario, never timed
  void prepare(Scenario scenario) {
    Random random = new Random(42);
    weights = random.doubles(384).toArray();
    rows = new double[scenario.batchSize()][];
    for (int r = 0; r < rows.length; r++) {
      rows[r] = random.doubles(weights.length).toArray();
    }
  }

  @Benchmark
  @BatchSizes({1, 8, 32})
  void score(Blackhole blackhole) {
    for (double[] row : rows) {
      double sum = 0;
      for (int i = 0; i < row.length; i++) {
        sum += row[i] * weights[i];
      }
      blackhole.consume(sum); // the JIT cannot drop work whose result is consumed
    }
  }
}
// end::benchmark[]
