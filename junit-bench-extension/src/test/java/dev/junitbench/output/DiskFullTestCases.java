package dev.junitbench.output;

import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Param;
import dev.junitbench.testkit.ListenerRun;

/** Benchmarks whose samples fill a small disk after a few scenarios. */
final class DiskFullTestCases {

  private DiskFullTestCases() {}

  static class Many {
    @Benchmark
    @Param(
        name = "n",
        values = {"1", "2", "3", "4", "5", "6", "7", "8"})
    void work(Blackhole blackhole) {
      ListenerRun.work(10, blackhole);
    }
  }
}
