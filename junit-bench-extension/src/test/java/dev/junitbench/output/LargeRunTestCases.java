package dev.junitbench.output;

import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Param;
import dev.junitbench.testkit.ListenerRun;
import java.nio.file.Path;

/**
 * A run of 1,000 scenarios (10 x 10 x 10 params), run by {@link #main} in a JVM of its own so its
 * heap can be bounded.
 */
public final class LargeRunTestCases {

  private LargeRunTestCases() {}

  /**
   * Runs {@link Thousand} with {@code args[1]} measured iterations into the folder {@code args[0]}.
   */
  public static void main(String[] args) {
    ListenerRun.Outcome outcome =
        ListenerRun.into(Path.of(args[0]))
            .config("junit.bench.warmup.iterations", "1")
            .config("junit.bench.measurement.iterations", args[1])
            .run(Thousand.class);
    System.out.println(
        "scenarios "
            + outcome.summary().getTestsSucceededCount()
            + " passed, "
            + outcome.summary().getTotalFailureCount()
            + " failed");
    System.out.print(outcome.err());
  }

  /** 1,000 scenarios of a short body. */
  static class Thousand {
    @Benchmark
    @Param(
        name = "a",
        values = {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"})
    @Param(
        name = "b",
        values = {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"})
    @Param(
        name = "c",
        values = {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"})
    void work(Blackhole blackhole) {
      ListenerRun.work(10, blackhole);
    }
  }
}
