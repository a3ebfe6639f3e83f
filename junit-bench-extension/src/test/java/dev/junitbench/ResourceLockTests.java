package dev.junitbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.Arrays;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

@DisplayName("Benchmarks under JUnit's parallel execution")
class ResourceLockTests {

  private static EngineExecutionResults runInParallel(Class<?>... fixtures) {
    return EngineTestKit.engine("junit-jupiter")
        .enableImplicitConfigurationParameters(false)
        .configurationParameter("junit.jupiter.execution.parallel.enabled", "true")
        .configurationParameter("junit.jupiter.execution.parallel.mode.default", "concurrent")
        .configurationParameter(
            "junit.jupiter.execution.parallel.mode.classes.default", "concurrent")
        .configurationParameter("junit.jupiter.execution.parallel.config.strategy", "fixed")
        .configurationParameter("junit.jupiter.execution.parallel.config.fixed.parallelism", "4")
        .configurationParameter("junit.bench.progress", "false")
        .selectors(
            Arrays.stream(fixtures).map(c -> selectClass(c)).toArray(DiscoverySelector[]::new))
        .execute();
  }

  @Test
  @DisplayName("do run plain tests side by side (so the next check means something)")
  void parallelismIsOn() {
    runInParallel(PlainTestCases.class)
        .testEvents()
        .assertStatistics(stats -> stats.started(2).succeeded(2));
  }

  @Test
  @DisplayName("never run two benchmarks at the same time")
  void benchmarksNeverOverlap() {
    BenchmarkTestCases.running.set(0);
    BenchmarkTestCases.maxRunning.set(0);
    runInParallel(BenchmarkTestCases.class, OtherBenchmarkTestCases.class)
        .testEvents()
        .assertStatistics(stats -> stats.started(6).succeeded(6));
    assertThat(BenchmarkTestCases.maxRunning).hasValue(1);
  }

  static class PlainTestCases {
    static final CyclicBarrier barrier = new CyclicBarrier(2);

    @Test
    void first() throws Exception {
      barrier.await(20, TimeUnit.SECONDS);
    }

    @Test
    void second() throws Exception {
      barrier.await(20, TimeUnit.SECONDS);
    }
  }

  @Warmup(iterations = 0)
  @Measurement(iterations = 20)
  static class BenchmarkTestCases {
    static final AtomicInteger running = new AtomicInteger();
    static final AtomicInteger maxRunning = new AtomicInteger();

    static void work() throws InterruptedException {
      maxRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
      Thread.sleep(2);
      running.decrementAndGet();
    }

    @Benchmark
    @BatchSizes({1, 2})
    void first() throws InterruptedException {
      work();
    }

    @Benchmark
    void second() throws InterruptedException {
      work();
    }
  }

  @Warmup(iterations = 0)
  @Measurement(iterations = 20)
  static class OtherBenchmarkTestCases {
    @Benchmark
    @BatchSizes({1, 2, 3})
    void third() throws InterruptedException {
      BenchmarkTestCases.work();
    }
  }
}
