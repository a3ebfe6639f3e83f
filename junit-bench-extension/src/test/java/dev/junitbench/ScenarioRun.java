package dev.junitbench;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import dev.junitbench.exchange.ResultExchange;
import dev.junitbench.results.ScenarioResult;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * One benchmark method of a fixture class run through the test kit, configuration given
 * explicitly (never the build's {@code -D} values): the engine's events and what the extension
 * measured, by scenario display name.
 *
 * @param events the engine's events
 * @param results each finished scenario's result, by display name ({@code [device=cpu]})
 */
public record ScenarioRun(EngineExecutionResults events, Map<String, ScenarioResult> results) {

  /** Runs {@code method} of {@code fixture}, progress lines off. */
  public static ScenarioRun of(Class<?> fixture, String method) {
    Method target = Arrays.stream(fixture.getDeclaredMethods()).filter(m -> m.getName().equals(method) && m.isAnnotationPresent(Benchmark.class))
        .findFirst().orElseThrow(() -> new IllegalArgumentException(fixture + " has no method " + method));
    try (ResultExchange.Subscription subscription = ResultExchange.subscribe()) {
      EngineExecutionResults events = EngineTestKit.engine("junit-jupiter")
          .enableImplicitConfigurationParameters(false)
          .configurationParameter("junit.bench.progress", "false")
          .selectors(selectMethod(fixture, target)).execute();
      Map<String, ScenarioResult> results = new LinkedHashMap<>();
      for (Event event : events.testEvents().finished().list()) {
        results.put(event.getTestDescriptor().getDisplayName(),
            ResultExchange.take(event.getTestDescriptor().getUniqueId().toString()));
      }
      return new ScenarioRun(events, results);
    }
  }

  /** The message the scenario named {@code scenario} failed with. */
  public String failure(String scenario) {
    return events.testEvents().failed().list().stream()
        .filter(e -> e.getTestDescriptor().getDisplayName().equals(scenario))
        .map(e -> e.getPayload(TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow().getMessage())
        .findFirst().orElseThrow(() -> new AssertionError("no failed scenario " + scenario + ": " + results));
  }
}
