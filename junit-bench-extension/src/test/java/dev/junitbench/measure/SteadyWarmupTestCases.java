package dev.junitbench.measure;

import dev.junitbench.Benchmark;
import dev.junitbench.Budget;
import dev.junitbench.Fork;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import dev.junitbench.Warmup.Until;
import org.junit.jupiter.api.BeforeAll;

/** Benchmarks whose cost per call follows a known warm-up curve. */
final class SteadyWarmupTestCases {

  /** The settled cost of a call. */
  static final long BASE_NS = 200_000;

  /** How long the falling benchmark takes to fall from 3x to 1x. */
  static final long FALL_NS = 1_500_000_000L;

  private SteadyWarmupTestCases() {}

  /** Keeps the thread busy (not asleep) for {@code nanos}: what a call of a model costs. */
  static void spin(long nanos) {
    long end = System.nanoTime() + nanos;
    while (System.nanoTime() < end) {
      Thread.onSpinWait();
    }
  }

  /** A curve's clock: nanoseconds since the class's first call. */
  static final class Clock {
    private long start;

    void reset() {
      start = 0;
    }

    long elapsed() {
      long now = System.nanoTime();
      if (start == 0) {
        start = now;
      }
      return now - start;
    }
  }

  /**
   * 3x the settled cost at first, falling linearly to it over 1.5 s, then flat: run with 100 ms
   * windows, the rule judges it from 0.8 s on, while it still falls.
   */
  static class Falling {
    static final Clock CLOCK = new Clock();

    @BeforeAll
    static void reset() {
      CLOCK.reset();
    }

    @Benchmark
    @Warmup(iterations = 1, until = Until.STEADY, maxTime = "20s")
    @Measurement(iterations = 20)
    void fall() {
      double left = Math.max(0, 1 - CLOCK.elapsed() / (double) FALL_NS);
      spin((long) (BASE_NS * (1 + 2 * left)));
    }
  }

  /** The settled cost from the first call. */
  static class Flat {
    @Benchmark
    @Warmup(iterations = 1, until = Until.STEADY, maxTime = "20s")
    @Measurement(iterations = 20)
    void flat() {
      spin(BASE_NS);
    }
  }

  /** Slower by 40% of the first call's cost every second, for ever (run with 100 ms windows). */
  static class Growing {
    static final Clock CLOCK = new Clock();

    @BeforeAll
    static void reset() {
      CLOCK.reset();
    }

    @Benchmark
    @Warmup(iterations = 1, until = Until.STEADY, maxTime = "2s")
    @Measurement(iterations = 20)
    void grow() {
      spinGrowing(CLOCK);
    }
  }

  /** The settled cost, plus 40% of it for every second of {@code clock}. */
  static void spinGrowing(Clock clock) {
    spin((long) (BASE_NS * (1 + 0.4 * clock.elapsed() / 1e9)));
  }

  /** Growing, in two forks: each fork decides on its own. */
  @Fork(2)
  static class GrowingForked extends Growing {}

  /** Growing, gated by a budget alone: its verdict says the warm-up was not steady. */
  @Budget(median = "10s")
  static class GrowingWithinBudget extends Growing {}

  /** A warm-up turned off, asked to run until steady. */
  static class OffButSteady {
    @Benchmark
    @Warmup(iterations = 0, until = Until.STEADY)
    void off() {
      spin(BASE_NS);
    }
  }

  /** A call so slow that the windows compared do not fit in the bound (of 100 ms windows). */
  static class Slow {
    @Benchmark
    @Warmup(iterations = 1, until = Until.STEADY, maxTime = "2s")
    @Measurement(iterations = 2)
    void slow() throws InterruptedException {
      Thread.sleep(300);
    }
  }

  /** No steadiness asked for: the fixed warm-up. */
  static class Fixed {
    @Benchmark
    @Warmup(iterations = 2)
    @Measurement(iterations = 5)
    void fixed() {
      spin(BASE_NS);
    }
  }

  /** A bound on a warm-up that is steady only when the run asks for steady warm-ups. */
  static class BoundWithoutSteady {
    @Benchmark
    @Warmup(iterations = 2, maxTime = "10s")
    void bounded() {
      spin(BASE_NS);
    }
  }

  /** A bound on a warm-up that asks to stay fixed. */
  static class BoundOnFixed {
    @Benchmark
    @Warmup(iterations = 2, until = Until.FIXED, maxTime = "10s")
    void bounded() {
      spin(BASE_NS);
    }
  }

  /** A bound below the warm-up's own minimum. */
  static class BoundBelowMinimum {
    @Benchmark
    @Warmup(time = "5s", until = Until.STEADY, maxTime = "2s")
    void bounded() {
      spin(BASE_NS);
    }
  }

  /** A bound shorter than the windows it must hold. */
  static class BoundBelowWindows {
    @Benchmark
    @Warmup(iterations = 1, until = Until.STEADY, maxTime = "1s")
    void bounded() {
      spin(BASE_NS);
    }
  }
}
