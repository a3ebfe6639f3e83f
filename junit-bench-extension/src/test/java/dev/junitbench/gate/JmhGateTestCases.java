package dev.junitbench.gate;

import dev.junitbench.Benchmark;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;

/**
 * A benchmark gated against JMH's result file: a top-level class, so its id ({@code
 * dev.junitbench.gate.JmhGateTestCases#spin}) is the one JMH's {@code
 * dev.junitbench.gate.JmhGateTestCases.spin} reads as.
 */
class JmhGateTestCases {

  @Benchmark
  @Warmup(iterations = 1)
  @Measurement(iterations = 20)
  void spin() {
    GateTests.GateTestCases.spin(2_000_000);
  }
}
