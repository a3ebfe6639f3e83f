package dev.junitbench;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import dev.junitbench.exchange.ResultExchange;
import dev.junitbench.results.ScenarioResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * Runs fixture classes through the Jupiter engine with the test kit, configuration parameters
 * given explicitly (never the build's {@code -D} values), and collects what the extension measured.
 */
final class BenchmarkRun {

  private final Map<String, String> config = new LinkedHashMap<>();

  static BenchmarkRun with() {
    return new BenchmarkRun()
        .config("junit.bench.progress", "false");
  }

  BenchmarkRun config(String key, String value) {
    config.put(key, value);
    return this;
  }

  /** Quick stop rules for fixtures that do not set their own. */
  BenchmarkRun quick() {
    return config("junit.bench.warmup.iterations", "1").config("junit.bench.measurement.iterations", "5");
  }

  Outcome run(Class<?> fixture) {
    return run(selectClass(fixture));
  }

  Outcome run(Class<?> fixture, String method) {
    // The benchmark of that name: a fixture may also have a helper of the same name, and
    // getDeclaredMethods() returns methods in no fixed order.
    for (java.lang.reflect.Method candidate : fixture.getDeclaredMethods()) {
      if (candidate.getName().equals(method) && candidate.isAnnotationPresent(Benchmark.class)) {
        return run(selectMethod(fixture, candidate));
      }
    }
    throw new IllegalArgumentException(fixture + " has no method " + method);
  }

  Outcome run(DiscoverySelector selector) {
    try (ResultExchange.Subscription subscription = ResultExchange.subscribe()) {
      EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
          .enableImplicitConfigurationParameters(false)
          .configurationParameters(config)
          .selectors(selector)
          .execute();
      Map<String, ScenarioResult> byName = new LinkedHashMap<>();
      List<Event> ended = new ArrayList<>(results.testEvents().finished().list());
      ended.addAll(results.testEvents().skipped().list());
      for (Event event : ended) {
        ScenarioResult result = ResultExchange.take(event.getTestDescriptor().getUniqueId().toString());
        if (result != null) {
          String method = result.benchmark().substring(result.benchmark().indexOf('#') + 1);
          byName.put(method + " " + event.getTestDescriptor().getDisplayName(), result);
        }
      }
      return new Outcome(results, byName);
    }
  }

  /** The engine's events and the extension's results, keyed by {@code "method [display name]"}. */
  record Outcome(EngineExecutionResults events, Map<String, ScenarioResult> results) {
    ScenarioResult result(String key) {
      ScenarioResult result = results.get(key);
      if (result == null) {
        throw new AssertionError("no result for '" + key + "'; results: " + results.keySet());
      }
      return result;
    }
  }
}
