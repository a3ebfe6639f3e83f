package dev.junitbench.model;

import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The values junit-bench feeds a model when it makes the inputs itself, whatever the backend: token
 * ids in a range every common vocabulary has, attention masks of ones, token type ids of zeros, and
 * floats in [-1, 1), from a fixed seed so every run feeds the same data.
 */
public final class SyntheticData {

  /** The seed of every input's values. */
  public static final long SEED = 42;

  // Ids above the special tokens and below every common vocabulary size (BERT's is 30522).
  private static final int FIRST_ID = 1000;
  private static final int ID_RANGE = 1000;

  private SyntheticData() {}

  /** {@code size} integers for the input called {@code name}: a mask, token types, or token ids. */
  public static long[] integers(String name, int size, SplittableRandom random) {
    String lower = name.toLowerCase(Locale.ROOT);
    long[] values = new long[size];
    for (int i = 0; i < size; i++) {
      values[i] =
          lower.contains("mask")
              ? 1
              : lower.contains("type") ? 0 : FIRST_ID + random.nextInt(ID_RANGE);
    }
    return values;
  }

  /** {@code size} floats in [-1, 1). */
  public static float[] floats(int size, SplittableRandom random) {
    float[] values = new float[size];
    for (int i = 0; i < size; i++) {
      values[i] = (float) (random.nextDouble() * 2 - 1);
    }
    return values;
  }
}
