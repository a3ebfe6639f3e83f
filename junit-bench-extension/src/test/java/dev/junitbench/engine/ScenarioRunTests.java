package dev.junitbench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junitbench.backends.Backends;
import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.config.StopRule;
import dev.junitbench.gate.Gate;
import dev.junitbench.infra.Device;
import dev.junitbench.infra.Generator;
import dev.junitbench.infra.LoadPoint;
import dev.junitbench.infra.LoadScenario;
import dev.junitbench.infra.Scenario;
import dev.junitbench.load.LoadPlan;
import dev.junitbench.measure.AfterTiming;
import dev.junitbench.measure.TimedCall;
import dev.junitbench.results.ScenarioResult;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The engine on its own, without JUnit's test kit or an annotation: a plan written as data, a body
 * as a method handle, and a run from measurement to verdict.
 */
@DisplayName("The engine, driven without JUnit")
class ScenarioRunTests {

  private static final AtomicInteger CALLS = new AtomicInteger();
  private static final String BENCHMARK = "com.example.Plain#spin";

  static void count() {
    CALLS.incrementAndGet();
  }

  static void failOnThird() {
    if (CALLS.incrementAndGet() == 3) {
      throw new IllegalStateException("third call");
    }
  }

  @BeforeEach
  void reset() {
    CALLS.set(0);
  }

  private static BenchConfig config(String... keyValues) {
    Map<String, String> values = new LinkedHashMap<>();
    values.put(BenchConfig.SAMPLING_ENABLED, "false");
    values.put(BenchConfig.PROGRESS, "false");
    for (int i = 0; i < keyValues.length; i += 2) {
      values.put(keyValues[i], keyValues[i + 1]);
    }
    return BenchConfig.of(key -> Optional.ofNullable(values.get(key)));
  }

  private static Dimensions cpuOnly(Map<String, List<String>> params) {
    List<Integer> none = Collections.singletonList(null);
    List<String> noNames = Collections.singletonList(null);
    return new Dimensions(List.of(Device.CPU), none, none, noNames, noNames, none, params);
  }

  private static BenchmarkPlan plan(
      BenchConfig config, Gate.BudgetLimits budget, LoadPoint load, LoadPlan loadPlan) {
    List<Scenario> scenarios =
        cpuOnly(Map.of()).scenarios(BENCHMARK, config, (device, provider) -> device);
    if (load != null) {
      scenarios = scenarios.stream().map(scenario -> scenario.withLoad(load)).toList();
    }
    return new BenchmarkPlan(
        BENCHMARK,
        new StopRule(2, null, 0),
        new StopRule(10, null, 0),
        scenarios,
        null,
        budget,
        new BenchmarkPlan.Forking(0, List.of(), false),
        null,
        loadPlan,
        null);
  }

  private static ScenarioRun run(BenchmarkPlan plan, BenchConfig config, Gate.BudgetLimits budget) {
    return new ScenarioRun(
        plan,
        0,
        BenchmarkPlan.Jvms.HERE,
        config,
        new Backends(List.of()),
        new Gate(null, config.regressionRule(), budget));
  }

  /** A body of a static method of this class; {@code others} counts the workers' own calls made. */
  private static ScenarioBody body(String method, List<Generator> others)
      throws ReflectiveOperationException {
    MethodHandle handle =
        MethodHandles.lookup()
            .findStatic(ScenarioRunTests.class, method, MethodType.methodType(void.class));
    return new ScenarioBody() {
      @Override
      public TimedCall call() {
        return new TimedCall(handle, AfterTiming.NONE);
      }

      @Override
      public TimedCall callFor(Generator generator) {
        others.add(generator);
        return new TimedCall(handle, AfterTiming.NONE);
      }
    };
  }

  @Test
  @DisplayName(
      "measures a plain body: warm-up and measurement as the rules say, every result recorded")
  void measuresAPlainBody() throws Throwable {
    BenchConfig config = config();
    ScenarioRun run = run(plan(config, null, null, null), config, null);
    List<ScenarioResult> recorded = new ArrayList<>();

    ScenarioResult measured = run.measure(body("count", new ArrayList<>()), recorded::add);

    assertThat(CALLS.get()).isEqualTo(12);
    assertThat(measured.benchmark()).isEqualTo(BENCHMARK);
    assertThat(measured.params()).containsEntry(Scenario.DEVICE, "cpu");
    assertThat(measured.warmup().iterations()).isEqualTo(2);
    assertThat(measured.measurement().iterations()).isEqualTo(10);
    assertThat(measured.latencyMs().count()).isEqualTo(10);
    assertThat(measured.samplesNs()).hasSize(10);
    assertThat(recorded).containsExactly(measured);
    assertThat(run.judge(measured).failure())
        .as("no baseline, no budget: nothing to decide")
        .isNull();
  }

  @Test
  @DisplayName(
      "run whole, a budget the scenario misses is a failing verdict; the result keeps its figures")
  void aMissedBudgetFails() throws Throwable {
    BenchConfig config = config();
    Gate.BudgetLimits budget = new Gate.BudgetLimits(null, null, 1e15);
    ScenarioRun run = run(plan(config, budget, null, null), config, budget);

    List<ScenarioResult> recorded = new ArrayList<>();

    // The whole run, as the adapter drives it: measured here (no forks), then judged.
    ScenarioVerdict.Judged judged =
        run.run(body("count", new ArrayList<>()), null, recorded::add, System.out, System.err);

    assertThat(recorded).as("the measured result is on record before it is judged").hasSize(1);
    assertThat(recorded.get(0).gate()).isNull();
    assertThat(judged.failure()).contains("budget exceeded").contains("throughput");
    assertThat(judged.result().latencyMs()).isNotNull();
    assertThat(judged.result().gate()).isNotNull();
  }

  @Test
  @DisplayName(
      "a body that throws: the phase as far as it ran is recorded, then the failure is thrown")
  void aFailingBodyIsRecordedAsFarAsItRan() throws Throwable {
    BenchConfig config = config();
    ScenarioRun run = run(plan(config, null, null, null), config, null);
    List<ScenarioResult> recorded = new ArrayList<>();

    assertThatThrownBy(() -> run.measure(body("failOnThird", new ArrayList<>()), recorded::add))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("third call");

    assertThat(recorded).hasSize(1);
    ScenarioResult partial = recorded.get(0);
    assertThat(partial.warmup().iterations()).isEqualTo(2);
    assertThat(partial.measurement().iterations())
        .as("the measurement's call that failed is not counted")
        .isZero();
    assertThat(partial.latencyMs()).isNull();
  }

  @Test
  @DisplayName(
      "under Offline, each further worker gets a call of its own, and every query is a sample")
  void offlineGivesEachWorkerItsOwnCall() throws Throwable {
    BenchConfig config = config();
    LoadPoint offline = new LoadPoint(LoadScenario.OFFLINE, null, null, null);
    LoadPlan loadPlan = new LoadPlan(null, 3, null, null, 1, 0);
    ScenarioRun run = run(plan(config, null, offline, loadPlan), config, null);
    List<Generator> workers = new ArrayList<>();

    ScenarioResult measured = run.measure(body("count", workers), result -> {});

    assertThat(workers)
        .as("workers 2 and 3 asked for their own calls, without a generator")
        .hasSize(2)
        .containsOnlyNulls();
    assertThat(measured.load()).isNotNull();
    assertThat(measured.load().scenario()).isEqualTo(LoadScenario.OFFLINE.id());
    assertThat(measured.load().queries()).isEqualTo(10);
    assertThat(CALLS.get()).as("2 warm-up calls and 10 queries").isEqualTo(12);
  }

  @Test
  @DisplayName(
      "a dry run says it skips; a device no backend serves is unavailable, with the reason")
  void dryRunAndUnavailableDevice() {
    BenchConfig dry = config(BenchConfig.DRY_RUN, "true");
    assertThat(run(plan(dry, null, null, null), dry, null).dryRun()).contains("dry run");

    BenchConfig config = config();
    assertThat(run(plan(config, null, null, null), config, null).dryRun()).isEmpty();
    List<Integer> none = Collections.singletonList(null);
    List<String> noNames = Collections.singletonList(null);
    List<Scenario> cuda =
        new Dimensions(List.of(Device.CUDA), none, none, noNames, noNames, none, Map.of())
            .scenarios(BENCHMARK, config, (device, provider) -> device);
    BenchmarkPlan plan =
        new BenchmarkPlan(
            BENCHMARK,
            StopRule.OFF,
            new StopRule(1, null, 0),
            cuda,
            null,
            null,
            new BenchmarkPlan.Forking(0, List.of(), false),
            null,
            null,
            null);
    Optional<ScenarioRun.Unavailable> unavailable = run(plan, config, null).unavailable();
    assertThat(unavailable).isPresent();
    assertThat(unavailable.get().reason()).startsWith(BENCHMARK + " [device=cuda]: ");
    assertThat(unavailable.get().failsTheRun())
        .as("without a baseline it aborts, never fails")
        .isFalse();
  }

  @Test
  @DisplayName(
      "dimensions expand into their product, custom params last, and a filter that keeps nothing says so")
  void dimensionsExpandAndFilter() {
    Map<String, List<String>> params = new LinkedHashMap<>();
    params.put("size", List.of("s", "m"));
    List<String> noNames = Collections.singletonList(null);
    List<Integer> none = Collections.singletonList(null);
    Dimensions dimensions =
        new Dimensions(List.of(Device.CPU), List.of(1, 8), none, noNames, noNames, none, params);

    List<Scenario> scenarios =
        dimensions.scenarios(BENCHMARK, config(), (device, provider) -> device);
    assertThat(scenarios)
        .extracting(Scenario::displayName)
        .containsExactly(
            "[device=cpu, batch_size=1, size=s]", "[device=cpu, batch_size=1, size=m]",
            "[device=cpu, batch_size=8, size=s]", "[device=cpu, batch_size=8, size=m]");

    assertThat(dimensions.scenarios(BENCHMARK, config(BenchConfig.BATCH_SIZES, "8"), (d, p) -> d))
        .hasSize(2);
    assertThatThrownBy(
            () ->
                dimensions.scenarios(BENCHMARK, config(BenchConfig.BATCH_SIZES, "4"), (d, p) -> d))
        .isInstanceOf(BenchmarkConfigurationException.class)
        .hasMessage(
            "-D"
                + BenchConfig.BATCH_SIZES
                + "=4 removes every scenario of "
                + BENCHMARK
                + " (its batch sizes: [1, 8]); change the filter or leave it out");
  }
}
