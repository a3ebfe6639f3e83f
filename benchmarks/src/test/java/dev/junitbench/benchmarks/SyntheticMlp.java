package dev.junitbench.benchmarks;

import java.util.SplittableRandom;

/**
 * A two-layer perceptron in plain Java (256 -> 512 -> 128, ReLU), with seeded random weights: a
 * model that needs no ML runtime, for trying junit-bench out.
 */
final class SyntheticMlp {

  static final int INPUTS = 256;
  static final int HIDDEN = 512;
  static final int OUTPUTS = 128;

  private final float[] first = weights(INPUTS * HIDDEN, 1);
  private final float[] second = weights(HIDDEN * OUTPUTS, 2);
  private final float[] hidden = new float[HIDDEN];

  private static float[] weights(int count, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    float[] weights = new float[count];
    for (int i = 0; i < count; i++) {
      weights[i] = (float) ((random.nextDouble() * 2 - 1) / Math.sqrt(count));
    }
    return weights;
  }

  /** A batch of {@code batchSize} seeded random inputs, row-major. */
  static float[] inputs(int batchSize) {
    return weights(batchSize * INPUTS, 3);
  }

  /** Forward pass of {@code batchSize} rows of {@code input} into {@code output} (row-major). */
  void forward(float[] input, int batchSize, float[] output) {
    for (int row = 0; row < batchSize; row++) {
      for (int h = 0; h < HIDDEN; h++) {
        float sum = 0;
        for (int i = 0; i < INPUTS; i++) {
          sum += input[row * INPUTS + i] * first[i * HIDDEN + h];
        }
        hidden[h] = Math.max(0, sum);
      }
      for (int o = 0; o < OUTPUTS; o++) {
        float sum = 0;
        for (int h = 0; h < HIDDEN; h++) {
          sum += hidden[h] * second[h * OUTPUTS + o];
        }
        output[row * OUTPUTS + o] = sum;
      }
    }
  }
}
