package dev.junitbench.it;

import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Measurement;
import dev.junitbench.Param;
import dev.junitbench.Warmup;
import dev.junitbench.infra.Scenario;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;

/** A user's benchmarks: a toy embedding model, pooled two ways, at two batch sizes. */
@Warmup(iterations = 2)
@Measurement(iterations = 20)
class EmbeddingBenchmarks {

  private static final int VOCABULARY = 2_000;
  private static final int DIMENSIONS = 64;
  private static final int TOKENS = 32;

  private final float[][] table = new float[VOCABULARY][DIMENSIONS];
  private int[][] batch;

  @BeforeEach
  void buildInputs(Scenario scenario) {
    Random random = new Random(42);
    for (float[] row : table) {
      for (int i = 0; i < row.length; i++) {
        row[i] = random.nextFloat();
      }
    }
    batch = new int[scenario.batchSize()][TOKENS];
    for (int[] tokens : batch) {
      for (int i = 0; i < tokens.length; i++) {
        tokens[i] = random.nextInt(VOCABULARY);
      }
    }
  }

  @Benchmark
  @BatchSizes({1, 4})
  @Param(
      name = "pooling",
      values = {"mean", "max"})
  void embed(Scenario scenario, Blackhole blackhole) {
    boolean max = scenario.param("pooling").equals("max");
    for (int[] tokens : batch) {
      float[] pooled = new float[DIMENSIONS];
      for (int token : tokens) {
        float[] row = table[token];
        for (int i = 0; i < DIMENSIONS; i++) {
          pooled[i] = max ? Math.max(pooled[i], row[i]) : pooled[i] + row[i] / TOKENS;
        }
      }
      blackhole.consume(pooled);
    }
  }

  @Benchmark
  void normalize(Blackhole blackhole) {
    float[] vector = table[7].clone();
    double norm = 0;
    for (float value : vector) {
      norm += value * value;
    }
    float scale = (float) (1 / Math.sqrt(norm));
    for (int i = 0; i < vector.length; i++) {
      vector[i] *= scale;
    }
    blackhole.consume(vector);
  }
}
