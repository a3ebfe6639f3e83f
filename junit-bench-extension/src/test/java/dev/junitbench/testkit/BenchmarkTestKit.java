package dev.junitbench.testkit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import dev.junitbench.Benchmark;
import dev.junitbench.exchange.ResultExchange;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.EventType;

/**
 * Runs fixture classes through the Jupiter engine with JUnit's test kit, configuration parameters
 * given explicitly (never the build's {@code -D} values) and progress lines off, and collects what
 * the extension measured: each scenario's result as it ended, its status and error taken from what
 * JUnit reported, as the results listener ends it for results.json. Assert on a result with {@link
 * ScenarioResultAssert#assertThat}.
 *
 * <pre>{@code
 * BenchmarkTestKit.Outcome outcome = BenchmarkTestKit.with().quick().run(MyTestCases.class, "embed");
 * assertThat(outcome.result("[device=cpu, batch_size=8]")).passed().hasSamples(5);
 * }</pre>
 *
 * <p>What the result listener writes (result files, the console table) the test kit never sees:
 * {@link ListenerRun} runs fixtures through a launcher for that.
 */
public final class BenchmarkTestKit {

  private final Map<String, String> config = new LinkedHashMap<>();

  private BenchmarkTestKit() {
    config.put("junit.bench.progress", "false");
  }

  /** A run with no configuration but progress lines off; the fixtures' own stop rules apply. */
  public static BenchmarkTestKit with() {
    return new BenchmarkTestKit();
  }

  /** Sets configuration parameter {@code key}. */
  public BenchmarkTestKit config(String key, String value) {
    config.put(key, value);
    return this;
  }

  /**
   * Quick stop rules for fixtures that do not set their own: 1 warm-up and 5 measured iterations.
   */
  public BenchmarkTestKit quick() {
    return config("junit.bench.warmup.iterations", "1")
        .config("junit.bench.measurement.iterations", "5");
  }

  /** Runs every benchmark of {@code fixture}. */
  public Outcome run(Class<?> fixture) {
    return run(selectClass(fixture));
  }

  /** Runs the benchmark {@code method} of {@code fixture}. */
  public Outcome run(Class<?> fixture, String method) {
    // The benchmark of that name: a fixture may also have a helper of the same name, and
    // getDeclaredMethods() returns methods in no fixed order.
    for (Method candidate : fixture.getDeclaredMethods()) {
      if (candidate.getName().equals(method) && candidate.isAnnotationPresent(Benchmark.class)) {
        return run(selectMethod(fixture, candidate));
      }
    }
    throw new IllegalArgumentException(fixture + " has no @Benchmark method " + method);
  }

  private Outcome run(DiscoverySelector selector) {
    try (ResultExchange.Subscription subscription = ResultExchange.subscribe()) {
      EngineExecutionResults events =
          EngineTestKit.engine("junit-jupiter")
              .enableImplicitConfigurationParameters(false)
              .configurationParameters(config)
              .selectors(selector)
              .execute();
      List<Ended> scenarios = new ArrayList<>();
      List<Event> finished = new ArrayList<>(events.testEvents().finished().list());
      finished.addAll(events.testEvents().skipped().list());
      for (Event event : finished) {
        ScenarioResult published =
            ResultExchange.take(event.getTestDescriptor().getUniqueId().toString());
        if (published != null) {
          String method = published.benchmark().substring(published.benchmark().indexOf('#') + 1);
          scenarios.add(
              new Ended(
                  method, event.getTestDescriptor().getDisplayName(), ended(published, event)));
        }
      }
      return new Outcome(events, List.copyOf(scenarios));
    }
  }

  /**
   * The published result as the results listener ends it (dev.junitbench.output.ResultsListener):
   * the status JUnit reported, the error, and the figures dropped unless it passed or the gate
   * failed it.
   */
  private static ScenarioResult ended(ScenarioResult published, Event event) {
    if (event.getType() == EventType.SKIPPED) {
      return published.ended(Status.SKIPPED, event.getPayload(String.class).orElse(null));
    }
    TestExecutionResult reported = event.getPayload(TestExecutionResult.class).orElseThrow();
    return switch (reported.getStatus()) {
      case SUCCESSFUL ->
          published.latencyMs() != null
              ? published.ended(Status.PASSED, null)
              : published.ended(
                  Status.FAILED,
                  "the benchmark was not measured: another extension intercepted its invocation");
      case ABORTED ->
          published.ended(
              Status.ABORTED, reported.getThrowable().map(Throwable::getMessage).orElse(null));
      case FAILED ->
          published.ended(
              Status.FAILED, reported.getThrowable().map(Throwable::toString).orElse(null));
    };
  }

  /** A scenario that ended (finished or skipped) with its result. */
  private record Ended(String method, String displayName, ScenarioResult result) {
    @Override
    public String toString() {
      return method + " " + displayName;
    }
  }

  /** The engine's events and the extension's results, in the order the scenarios ended. */
  public static final class Outcome {
    private final EngineExecutionResults events;
    private final List<Ended> ended;

    private Outcome(EngineExecutionResults events, List<Ended> ended) {
      this.events = events;
      this.ended = ended;
    }

    /**
     * The engine's events, for JUnit's own assertions ({@code assertStatistics}, {@code
     * assertThatEvents}).
     */
    public EngineExecutionResults events() {
      return events;
    }

    /** Every scenario's result, in the order the scenarios ended. */
    public List<ScenarioResult> results() {
      return ended.stream().map(Ended::result).toList();
    }

    /**
     * The result of the scenario JUnit shows as {@code displayName} ({@code [device=cpu]}); fails
     * unless exactly one scenario of the run has that name (a run of one benchmark method).
     */
    public ScenarioResult result(String displayName) {
      return only(e -> e.displayName().equals(displayName), "'" + displayName + "'");
    }

    /** The result of {@code method}'s scenario {@code displayName}; fails unless there is one. */
    public ScenarioResult result(String method, String displayName) {
      return only(
          e -> e.method().equals(method) && e.displayName().equals(displayName),
          "'" + method + " " + displayName + "'");
    }

    private ScenarioResult only(Predicate<Ended> wanted, String what) {
      List<Ended> matches = ended.stream().filter(wanted).toList();
      if (matches.size() != 1) {
        throw new AssertionError(matches.size() + " results for " + what + "; results: " + ended);
      }
      return matches.get(0).result();
    }

    /** The message JUnit reports for the one failed scenario shown as {@code displayName}. */
    public String failure(String displayName) {
      List<Event> failed =
          events.testEvents().failed().list().stream()
              .filter(e -> e.getTestDescriptor().getDisplayName().equals(displayName))
              .toList();
      if (failed.size() != 1) {
        throw new AssertionError(
            failed.size() + " failed scenarios " + displayName + "; results: " + ended);
      }
      return failed
          .get(0)
          .getPayload(TestExecutionResult.class)
          .orElseThrow()
          .getThrowable()
          .orElseThrow()
          .getMessage();
    }
  }
}
