package dev.junitbench.fork;

import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Fork;
import dev.junitbench.config.BenchConfig;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Fixtures forked until the answer is known, and bad settings of such forks. */
final class AdaptiveForkTestCases {

  /** A body's time per fork: long enough that its median hardly moves from JVM to JVM. */
  static final long SPIN_NS = 300_000;

  private AdaptiveForkTestCases() {}

  /** Spins for {@code nanos}: a body of a set length whatever the JIT does. */
  static void spin(long nanos, Blackhole blackhole) {
    long end = System.nanoTime() + nanos;
    long spins = 0;
    while (System.nanoTime() < end) {
      spins++;
    }
    blackhole.consume(spins);
  }

  /** Reads which fork this JVM is (1 in the JUnit JVM) before the class's benchmarks run. */
  static final class ForkNumber implements BeforeAllCallback {
    static volatile int fork = 1;

    @Override
    public void beforeAll(ExtensionContext context) {
      context
          .getConfigurationParameter(BenchConfig.FORK_CHILD)
          .ifPresent(child -> fork = Integer.parseInt(child.substring(0, child.indexOf('/'))));
    }
  }

  /** No @Fork: forked only by the run's settings. */
  static class Steady {
    @Benchmark
    void work(Blackhole blackhole) {
      spin(SPIN_NS, blackhole);
    }
  }

  /** Each fork twice, three, four times as slow as the first: no precision is ever reached. */
  @ExtendWith(ForkNumber.class)
  static class Spreading {
    @Benchmark
    @Fork(min = 3, max = 4, precision = 0.01)
    void work(Blackhole blackhole) {
      spin(SPIN_NS * ForkNumber.fork, blackhole);
    }
  }

  static class Adaptive {
    @Benchmark
    @Fork
    void work(Blackhole blackhole) {
      spin(SPIN_NS, blackhole);
    }
  }

  static class MinAboveMax {
    @Benchmark
    @Fork(min = 5, max = 4)
    void work(Blackhole blackhole) {
      spin(SPIN_NS, blackhole);
    }
  }

  static class TooFew {
    @Benchmark
    @Fork(min = 2)
    void work(Blackhole blackhole) {
      spin(SPIN_NS, blackhole);
    }
  }

  static class PrecisionOutside {
    @Benchmark
    @Fork(precision = 1.5)
    void work(Blackhole blackhole) {
      spin(SPIN_NS, blackhole);
    }
  }

  static class CountAndMin {
    @Benchmark
    @Fork(value = 5, min = 3)
    void work(Blackhole blackhole) {
      spin(SPIN_NS, blackhole);
    }
  }
}
