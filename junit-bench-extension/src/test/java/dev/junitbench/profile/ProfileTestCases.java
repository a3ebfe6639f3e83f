package dev.junitbench.profile;

import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Fork;
import dev.junitbench.Profile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;

/** Fixtures profiled while they are measured. */
final class ProfileTestCases {

  /** System property: the folder of the markers a fork leaves for the next. */
  static final String MARKERS = "junit.bench.user.test.profile-markers";

  /** Warm-up iterations the tests configure; {@link WarmupOnly} counts its calls against them. */
  static final int WARMUP_ITERATIONS = 3;

  private ProfileTestCases() {}

  /** Arithmetic that keeps a CPU busy and calls nothing: it is the top frame while it runs. */
  static double spinProfiledWork(int rounds) {
    double x = 1;
    for (int i = 0; i < rounds; i++) {
      x = Math.sqrt(x + i) * 1.000001;
    }
    return x;
  }

  /** Allocates: the allocating method of an alloc profile. */
  static int allocateProfiledBuffers(int buffers) {
    int total = 0;
    for (int i = 0; i < buffers; i++) {
      byte[] buffer = new byte[64 * 1024 + i];
      buffer[i] = 1;
      total += buffer.length;
    }
    return total;
  }

  /** Only ever called during warm-up: absent from a profile of the measurement. */
  static double warmupOnlyProfiledWork(int rounds) {
    double x = 2;
    for (int i = 0; i < rounds; i++) {
      x = Math.cbrt(x + i) * 1.000001;
    }
    return x;
  }

  static class Spinning {
    @Benchmark
    void spin(Blackhole blackhole) {
      blackhole.consume(spinProfiledWork(2_000_000));
    }
  }

  /**
   * Allocates more than {@link #allocateProfiledBuffers}, in a method of its own: what a variant
   * adds.
   */
  static int allocateExtraProfiledBuffers(int buffers) {
    int total = 0;
    for (int i = 0; i < buffers; i++) {
      byte[] buffer = new byte[128 * 1024 + i];
      buffer[i] = 1;
      total += buffer.length;
    }
    return total;
  }

  /** Allocates; with {@link #extra} set, also in a method the baseline never called. */
  static class Variant {
    static volatile boolean extra;

    @Benchmark
    void allocate(Blackhole blackhole) {
      blackhole.consume(allocateProfiledBuffers(20));
      if (extra) {
        blackhole.consume(allocateExtraProfiledBuffers(20));
      }
    }
  }

  static class Allocating {
    @Benchmark
    void allocate(Blackhole blackhole) {
      blackhole.consume(allocateProfiledBuffers(200));
    }
  }

  /** Spins in warm-up in one method and in the measurement in another. */
  static class WarmupOnly {
    static final AtomicInteger CALLS = new AtomicInteger();

    @Benchmark
    void phases(Blackhole blackhole) {
      if (CALLS.incrementAndGet() <= WARMUP_ITERATIONS) {
        blackhole.consume(warmupOnlyProfiledWork(20_000_000));
      } else {
        blackhole.consume(spinProfiledWork(2_000_000));
      }
    }
  }

  @Profile(Profile.Kind.ALLOC)
  static class AnnotatedAlloc {
    @Benchmark
    void allocate(Blackhole blackhole) {
      blackhole.consume(allocateProfiledBuffers(200));
    }

    @Benchmark
    @Profile
    void spin(Blackhole blackhole) {
      blackhole.consume(spinProfiledWork(2_000_000));
    }
  }

  /**
   * Dies mid-measurement, profiler running, in its second fork, as a JVM whose profiler crashed
   * would; the folder of system property {@link #MARKERS} tells the second fork from the first.
   */
  @Fork(2)
  static class DiesInSecondFork {
    static final AtomicInteger CALLS = new AtomicInteger();

    @AfterEach
    void firstForkDone() throws IOException {
      Files.writeString(Path.of(System.getProperty(MARKERS), "first-fork-done"), "");
    }

    @Benchmark
    void dies(Blackhole blackhole) {
      boolean measuring = CALLS.incrementAndGet() > WARMUP_ITERATIONS;
      if (measuring && Files.exists(Path.of(System.getProperty(MARKERS), "first-fork-done"))) {
        Runtime.getRuntime().halt(134);
      }
      blackhole.consume(spinProfiledWork(2_000_000));
    }
  }

  @Fork(2)
  static class Forked {
    @Benchmark
    void spin(Blackhole blackhole) {
      blackhole.consume(spinProfiledWork(2_000_000));
    }
  }
}
