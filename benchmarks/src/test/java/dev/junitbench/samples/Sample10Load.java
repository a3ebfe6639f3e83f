package dev.junitbench.samples;

// tag::sample[]
import static dev.junitbench.infra.LoadScenario.SERVER;

import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Load;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import org.junit.jupiter.api.Tag;

/**
 * Under load, as MLPerf LoadGen runs it: {@code SERVER} issues queries at Poisson-distributed times
 * at each target rate, to a pool of workers, and measures latency from each query's scheduled time
 * (so a queue counts); the result says whether the latency bound held, with LoadGen's
 * early-stopping rule. A p99 bound needs at least 459 queries to be held at 99% confidence, hence
 * 500. {@code OFFLINE}, {@code MULTI_STREAM}, a peak search and a closed loop of clients are the
 * other loads.
 */
@Tag("samples")
@Warmup(iterations = 10)
@Measurement(iterations = 500)
class Sample10Load {

  @Benchmark
  @Load(
      value = SERVER,
      targetQps = {100, 400},
      latencyBound = "p99 <= 20ms",
      workers = 2)
  void serve(Blackhole blackhole) {
    double sum = 0;
    for (int i = 0; i < 20_000; i++) {
      sum += Math.sin(i);
    }
    blackhole.consume(sum);
  }
}
// end::sample[]
