package it.modular;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import dev.junitbench.infra.Scenario;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A modular user's benchmark, and a check that the extension is the named module it should be. */
@Warmup(iterations = 2)
@Measurement(iterations = 20)
class ModularBenchmarks {

  @Benchmark
  @BatchSizes({1, 4})
  void sum(Scenario scenario, Blackhole blackhole) {
    long sum = 0;
    for (int i = 0; i < 1_000 * scenario.batchSize(); i++) {
      sum += i * 31L;
    }
    blackhole.consume(sum);
  }

  @Test
  @Tag("performance")
  void extensionIsANamedModule() throws Exception {
    Module extension = Benchmark.class.getModule();
    assertTrue(extension.isNamed(), "the extension is on the class path: " + extension);
    assertEquals("dev.junitbench", extension.getName());
    assertTrue(
        ModularBenchmarks.class.getModule().isNamed(), "the benchmarks are on the class path");
    assertTrue(extension.isExported("dev.junitbench.infra"));
    assertTrue(extension.isExported("dev.junitbench.spi"));
    assertFalse(extension.isExported("dev.junitbench.fork"), "the machinery is exported");
    assertFalse(extension.isExported("dev.junitbench.sampling"), "the machinery is exported");
  }
}
