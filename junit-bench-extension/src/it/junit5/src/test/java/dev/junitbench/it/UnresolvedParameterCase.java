package dev.junitbench.it;

import dev.junitbench.Benchmark;
import java.util.Map;

/**
 * A benchmark with a parameter nothing injects, run by name only (no include pattern matches it):
 * the JUnit 6 project's second build checks that it fails with the extension's explanation, not
 * JUnit's bare "No ParameterResolver registered".
 */
class UnresolvedParameterCase {

  @Benchmark
  void embed(Map<String, float[]> inputs) {}
}
