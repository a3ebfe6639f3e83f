package dev.junitbench.self;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * The workloads of {@link HarnessSelfBenchmarks} as JMH benchmarks, sampled so JMH reports
 * percentiles.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class JmhWorkloads {

  @Benchmark
  public void emptyBody() {}

  @Benchmark
  public void spin100us() {
    Spin.forNanos(Spin.MICROS_100);
  }

  @Benchmark
  public void spin2ms() {
    Spin.forNanos(Spin.MILLIS_2);
  }
}
