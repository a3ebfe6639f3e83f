package com.example;

import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import dev.junitbench.infra.Scenario;
import java.util.Arrays;
import java.util.Random;

/** A plain-Java benchmark: sorting a thousand numbers per item of the batch. */
@Warmup(iterations = 5)
@Measurement(iterations = 50)
class SortBenchmarks {

  @Benchmark
  @BatchSizes({1, 2})
  void sort(Scenario scenario) {
    for (int i = 0; i < scenario.batchSize(); i++) {
      int[] numbers = new Random(42 + i).ints(1000).toArray();
      Arrays.sort(numbers);
    }
  }
}
