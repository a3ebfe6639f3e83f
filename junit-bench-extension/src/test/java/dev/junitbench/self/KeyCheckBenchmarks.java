package dev.junitbench.self;

import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Fork;
import dev.junitbench.Measurement;
import dev.junitbench.Param;
import dev.junitbench.Warmup;
import dev.junitbench.config.BenchConfig;
import dev.junitbench.infra.Scenario;
import dev.junitbench.keys.KeyCheck;
import dev.junitbench.keys.KeySources;
import dev.junitbench.keys.KnownKeys;
import dev.junitbench.spi.ResultFormat;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;

/**
 * What the check of a run's configuration keys adds to the run's start (target: at most 10 ms),
 * done as the listener does it on this module's test class path: the result formats and probes
 * found asked for their keys, this JVM's system properties and a run's explicit keys checked, each
 * key's source worked out, what results.json records made. The result formats are loaded before, as
 * a run has them when it checks. They report, never assert.
 */
@Tag("self")
class KeyCheckBenchmarks {

  /**
   * What a build passes explicitly, the baseline's key as {@code baselineKey}: misspelled, a
   * suggestion and the error are made too.
   */
  private static Map<String, String> explicit(String baselineKey) {
    return Map.of(
        "junit.bench.output.dir",
        "target/benchmark-results",
        "junit.bench.progress",
        "false",
        "junit.bench.warmup.iterations",
        "1",
        "junit.bench.measurement.iterations",
        "5",
        "junit.bench.forks",
        "0",
        "junit.bench.regression.threshold",
        "5%",
        "junit.bench.user.variant",
        "int8",
        baselineKey,
        "target/baseline");
  }

  /**
   * The first check in a JVM, as a run's start has it: class loading and the first class path scans
   * included.
   */
  @Benchmark
  @Fork(7)
  @Warmup(iterations = 0)
  @Measurement(iterations = 1)
  @Param(
      name = "baseline_key",
      values = {"junit.bench.baseline", "junit.bench.basline"})
  void firstInJvm(Scenario scenario, Blackhole blackhole) {
    String key = scenario.param("baseline_key");
    blackhole.consume(check(explicit(key), key.equals(BenchConfig.BASELINE) ? 0 : 1));
  }

  /** The check once its classes are loaded and compiled. */
  @Benchmark
  @Warmup(time = "1s")
  @Measurement(time = "2s")
  void warm(Blackhole blackhole) {
    blackhole.consume(check(explicit(BenchConfig.BASELINE), 0));
  }

  /** The result formats, as the listener has them loaded before it checks the keys. */
  private final Map<String, ResultFormat> formats = new LinkedHashMap<>();

  @BeforeEach
  void loadFormats() {
    for (ResultFormat format :
        ServiceLoader.load(ResultFormat.class, Thread.currentThread().getContextClassLoader())) {
      formats.put(format.name(), format);
    }
  }

  private String check(Map<String, String> explicit, int unknown) {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    KnownKeys known = KnownKeys.builtIn();
    for (Map.Entry<String, ResultFormat> format : formats.entrySet()) {
      known.format(format.getKey(), format.getValue());
    }
    known.probes(loader);
    Set<String> keys = new HashSet<>(System.getProperties().stringPropertyNames());
    keys.addAll(explicit.keySet());
    KeyCheck check =
        KeyCheck.of(
            keys,
            key -> Optional.ofNullable(explicit.getOrDefault(key, System.getProperty(key))),
            known,
            new KeySources(loader));
    if (check.unknown().size() != unknown) {
      throw new IllegalStateException(
          "expected " + unknown + " unknown keys, found " + check.unknown());
    }
    // What the listener records, prints and hands on.
    check.values();
    check.sources();
    return check.error(false).orElse("");
  }
}
