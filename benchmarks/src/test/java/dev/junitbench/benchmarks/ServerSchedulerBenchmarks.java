package dev.junitbench.benchmarks;

import dev.junitbench.Benchmark;
import dev.junitbench.Load;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import dev.junitbench.infra.LoadScenario;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Tag;

/**
 * The Server scenario's scheduler on an idle machine: queries that wait 2 ms without using a
 * processor, at 100 and 300 queries per second on 4 workers, 2000 queries each. Its figures are the
 * scheduler's own: how late it issues queries ({@code issue_lateness} p50/p99), and the rate the
 * drawn arrivals have against the rate the queries completed at. Tagged {@code self}.
 */
@Tag("self")
@Warmup(iterations = 20)
@Measurement(iterations = 2000)
class ServerSchedulerBenchmarks {

  @Benchmark
  @Load(
      value = LoadScenario.SERVER,
      targetQps = {100, 300},
      latencyBound = "p99 <= 10ms",
      workers = 4)
  void idleQuery() {
    LockSupport.parkNanos(2_000_000);
  }
}
