package dev.junitbench;

import static dev.junitbench.testkit.ScenarioResultAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.infra.Device;
import dev.junitbench.infra.Scenario;
import dev.junitbench.testkit.BenchmarkTestKit;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.assertj.core.api.Condition;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.platform.testkit.engine.TestExecutionResultConditions;

@DisplayName("A benchmark that cannot run as written")
class FailureTests {

  @Test
  @DisplayName(
      "fails only the scenario whose body throws, with the cause, and runs every other scenario")
  void throwingScenarioFailsAlone() {
    BenchmarkTestKit.Outcome outcome =
        BenchmarkTestKit.with().quick().run(FailureTestCases.class, "throwsAtEight");
    outcome
        .events()
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                displayName("[device=cpu, batch_size=8]"),
                finishedWithFailure(
                    instanceOf(IllegalStateException.class), message("batch of eight"))));
    outcome
        .events()
        .testEvents()
        .assertStatistics(stats -> stats.started(3).succeeded(2).failed(1));
    assertThat(outcome.result("[device=cpu, batch_size=8]"))
        .failed()
        .hasErrorContaining("batch of eight")
        .hasNoFigures();
    assertThat(outcome.result("[device=cpu, batch_size=16]")).passed().hasFigures();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "zeroIterations      | @Measurement(iterations = 0) on zeroIterations of dev.junitbench.FailureTests$FailureTestCases#zeroIterations is not valid: iterations must be at least 1",
        "negativeWarmup      | @Warmup(iterations = -2) on negativeWarmup",
        "parsecs             | @Measurement(time) on parsecs of dev.junitbench.FailureTests$FailureTestCases#parsecs = \"5 parsecs\" is not a duration; use a positive number with a unit",
        "precisionTooLarge   | @Measurement(precision = 1.5) on precisionTooLarge",
        "precisionZero       | precision must be in (0, 1)",
        "emptyBatchSizes     | @BatchSizes on dev.junitbench.FailureTests$FailureTestCases#emptyBatchSizes is not valid: the list is empty",
        "zeroBatchSize       | each batch size must be at least 1",
        "emptyDevices        | @Devices on dev.junitbench.FailureTests$FailureTestCases#emptyDevices is not valid: the list is empty",
        "twiceCpu            | it lists cpu twice",
        "emptySequenceLengths| @SequenceLengths on",
        "duplicateParams     | @Param(name = \"precision\") of dev.junitbench.FailureTests$FailureTestCases#duplicateParams is not valid: the name is declared twice",
        "emptyParamValues    | @Param(name = \"precision\", values = ...) of dev.junitbench.FailureTests$FailureTestCases#emptyParamValues is not valid: the list is empty",
        "reservedParam       | 'batch_size' is reserved for a built-in dimension",
      })
  @DisplayName(
      "with a bad annotation value yields one failing invocation that names the annotation, the value and the fix")
  void badAnnotationValue(String method, String expected) {
    BenchmarkTestKit.Outcome outcome =
        BenchmarkTestKit.with().quick().run(FailureTestCases.class, method);
    outcome.events().testEvents().assertStatistics(stats -> stats.started(1).failed(1));
    assertFailsOnceAsInvalid(
        outcome,
        instanceOf(BenchmarkConfigurationException.class),
        message(m -> m.contains(expected)));
    assertThat(outcome.result("[invalid configuration]")).failed().hasParams();
  }

  @Test
  @DisplayName(
      "with a bad annotation value in a class whose constructor takes the scenario and a Blackhole still names"
          + " the annotation")
  void badAnnotationValueWithConstructorInjection() {
    BenchmarkTestKit.Outcome outcome =
        BenchmarkTestKit.with().quick().run(ConstructorInjectionTestCases.class);
    outcome.events().testEvents().assertStatistics(stats -> stats.started(1).failed(1));
    assertFailsOnceAsInvalid(
        outcome,
        instanceOf(BenchmarkConfigurationException.class),
        message(m -> m.startsWith("@BatchSizes on ") && m.contains("the list is empty")));
    assertThat(outcome.result("[invalid configuration]")).failed();
  }

  /**
   * The one invocation of an invalid benchmark failed, with a throwable meeting {@code conditions}.
   */
  @SafeVarargs
  private static void assertFailsOnceAsInvalid(
      BenchmarkTestKit.Outcome outcome, Condition<Throwable>... conditions) {
    outcome
        .events()
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                displayName(InvalidScenarioExtension.DISPLAY_NAME),
                finishedWithFailure(conditions)));
  }

  @Test
  @DisplayName("with a dimension filter that removes every scenario fails once, naming the filter")
  void filterRemovingEverything() {
    BenchmarkTestKit.Outcome outcome =
        BenchmarkTestKit.with()
            .quick()
            .config("junit.bench.batch-sizes", "2")
            .run(FailureTestCases.class, "throwsAtEight");
    assertFailsOnceAsInvalid(
        outcome,
        message(
            "-Djunit.bench.batch-sizes=2 removes every scenario of "
                + "dev.junitbench.FailureTests$FailureTestCases#throwsAtEight (its batch sizes: [1, 8, 16]);"
                + " change the filter or leave it out"));
  }

  @Test
  @DisplayName("with a bad configuration parameter fails once, naming the parameter")
  void badConfigurationParameter() {
    BenchmarkTestKit.Outcome outcome =
        BenchmarkTestKit.with()
            .config("junit.bench.measurement.iterations", "many")
            .run(FailureTestCases.class, "throwsAtEight");
    assertFailsOnceAsInvalid(
        outcome,
        message("-Djunit.bench.measurement.iterations=many is not valid; use a whole number >= 1"));
  }

  @Test
  @DisplayName("with a bad progress setting fails before it measures anything")
  void badProgressParameter() {
    BenchmarkTestKit.Outcome outcome =
        BenchmarkTestKit.with()
            .quick()
            .config("junit.bench.progress", "sometimes")
            .run(FailureTestCases.class, "throwsAtEight");
    outcome.events().testEvents().assertStatistics(stats -> stats.started(1).failed(1));
    assertFailsOnceAsInvalid(
        outcome, message("-Djunit.bench.progress=sometimes is not valid; use true or false"));
  }

  @Test
  @DisplayName(
      "with a parameter nothing can inject fails naming it and what can be injected, JUnit's"
          + " message kept as the cause")
  void unresolvableParameter() {
    BenchmarkTestKit.Outcome outcome =
        BenchmarkTestKit.with().quick().run(FailureTestCases.class, "wantsRandom");
    outcome
        .events()
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                finishedWithFailure(
                    instanceOf(ParameterResolutionException.class),
                    message(
                        m ->
                            m.startsWith(
                                FailureTestCases.class.getName()
                                    + "#wantsRandom: nothing injects parameter 1"
                                    + " (java.util.Random) of the benchmark method")),
                    TestExecutionResultConditions.cause(
                        message(
                            m ->
                                m.startsWith(
                                    "No ParameterResolver registered for parameter"
                                        + " [java.util.Random"))))));
    assertThat(outcome.result("[device=cpu]")).failed().hasParam("device", "cpu");
  }

  @Test
  @DisplayName("on a device no backend offers is aborted with the reason, before any set-up runs")
  void unavailableDeviceIsAborted() {
    FailureTestCases.setUps.set(0);
    BenchmarkTestKit.Outcome outcome =
        BenchmarkTestKit.with().quick().run(FailureTestCases.class, "onCuda");
    outcome
        .events()
        .testEvents()
        .assertThatEvents()
        .haveExactly(1, event(displayName("[device=cpu]"), finishedSuccessfully()))
        .haveExactly(
            1,
            event(
                displayName("[device=cuda]"),
                abortedWithReason(
                    message(
                        m ->
                            m.contains("no backend offers CUDA here (devices available: [cpu]")))));
    assertThat(outcome.result("[device=cuda]"))
        .aborted()
        .hasErrorContaining("no backend offers CUDA here")
        .hasNoFigures();
    assertThat(FailureTestCases.setUps).hasValue(1);
  }

  static class ConstructorInjectionTestCases {

    private final Blackhole blackhole;

    ConstructorInjectionTestCases(Scenario scenario, Blackhole blackhole) {
      this.blackhole = blackhole;
    }

    @Benchmark
    @BatchSizes({})
    void empty() {
      blackhole.consume(1);
    }
  }

  static class FailureTestCases {
    static final AtomicInteger setUps = new AtomicInteger();

    @BeforeEach
    void setUp() {
      setUps.incrementAndGet();
    }

    @Benchmark
    @BatchSizes({1, 8, 16})
    void throwsAtEight(Scenario scenario) {
      if (scenario.batchSize() == 8) {
        throw new IllegalStateException("batch of eight");
      }
    }

    @Benchmark
    @Devices({Device.CPU, Device.CUDA})
    void onCuda() {}

    @Benchmark
    void wantsRandom(Random random) {}

    @Benchmark
    @Measurement(iterations = 0)
    void zeroIterations() {}

    @Benchmark
    @Warmup(iterations = -2)
    void negativeWarmup() {}

    @Benchmark
    @Measurement(time = "5 parsecs")
    void parsecs() {}

    @Benchmark
    @Measurement(precision = 1.5)
    void precisionTooLarge() {}

    @Benchmark
    @Measurement(precision = 0)
    void precisionZero() {}

    @Benchmark
    @BatchSizes({})
    void emptyBatchSizes() {}

    @Benchmark
    @BatchSizes({1, 0})
    void zeroBatchSize() {}

    @Benchmark
    @Devices({})
    void emptyDevices() {}

    @Benchmark
    @Devices({Device.CPU, Device.CPU})
    void twiceCpu() {}

    @Benchmark
    @SequenceLengths({})
    void emptySequenceLengths() {}

    @Benchmark
    @Param(
        name = "precision",
        values = {"fp32"})
    @Param(
        name = "precision",
        values = {"int8"})
    void duplicateParams() {}

    @Benchmark
    @Param(
        name = "precision",
        values = {})
    void emptyParamValues() {}

    @Benchmark
    @Param(
        name = "batch_size",
        values = {"1"})
    void reservedParam() {}
  }
}
