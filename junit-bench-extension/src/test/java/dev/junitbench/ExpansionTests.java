package dev.junitbench;

import static dev.junitbench.testkit.ScenarioResultAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.infra.Scenario;
import dev.junitbench.testkit.BenchmarkTestKit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.Event;

@DisplayName("A @Benchmark method")
class ExpansionTests {

  @Test
  @DisplayName(
      "is expanded into one invocation per scenario, named from its params, in declaration order")
  void expandsTheCartesianProduct() {
    BenchmarkTestKit.Outcome outcome =
        BenchmarkTestKit.with().quick().run(ExpansionTestCases.class, "product");
    List<String> names =
        outcome.events().testEvents().started().stream()
            .map(event -> event.getTestDescriptor().getDisplayName())
            .toList();
    assertThat(names)
        .containsExactly(
            "[device=cpu, batch_size=1, sequence_length=128, precision=fp32]",
            "[device=cpu, batch_size=1, sequence_length=128, precision=int8]",
            "[device=cpu, batch_size=8, sequence_length=128, precision=fp32]",
            "[device=cpu, batch_size=8, sequence_length=128, precision=int8]");
    outcome
        .events()
        .testEvents()
        .assertStatistics(stats -> stats.started(4).succeeded(4).failed(0));
  }

  @Test
  @DisplayName("runs on the CPU when it declares no devices")
  void defaultsToCpu() {
    BenchmarkTestKit.Outcome outcome =
        BenchmarkTestKit.with().quick().run(ExpansionTestCases.class, "plain");
    assertThat(
            outcome.events().testEvents().started().stream()
                .map(Event::getTestDescriptor)
                .map(d -> d.getDisplayName()))
        .containsExactly("[device=cpu]");
    assertThat(outcome.result("[device=cpu]")).hasParams(Map.entry("device", "cpu"));
  }

  @Test
  @DisplayName(
      "injects the Scenario into @BeforeEach, the method and @AfterEach, once per scenario")
  void injectsTheScenario() {
    ExpansionTestCases.seen.clear();
    BenchmarkTestKit.with().quick().run(ExpansionTestCases.class, "injected");
    assertThat(ExpansionTestCases.seen)
        .containsExactly("before 1", "after 1", "before 4", "after 4");
    assertThat(ExpansionTestCases.bodyCalls).isGreaterThanOrEqualTo(12);
  }

  static class ExpansionTestCases {
    static final List<String> seen = new ArrayList<>();
    static int bodyCalls;

    @BeforeEach
    void before(Scenario scenario) {
      seen.add("before " + scenario.batchSize());
    }

    @AfterEach
    void after(Scenario scenario) {
      seen.add("after " + scenario.batchSize());
    }

    @Benchmark
    @BatchSizes({1, 8})
    @SequenceLengths(128)
    @Param(
        name = "precision",
        values = {"fp32", "int8"})
    void product(Scenario scenario, Blackhole blackhole) {
      blackhole.consume(scenario.batchSize() * scenario.sequenceLength());
    }

    @Benchmark
    void plain(Blackhole blackhole) {
      blackhole.consume(1);
    }

    @Benchmark
    @BatchSizes({1, 4})
    void injected(Scenario scenario) {
      bodyCalls++;
    }
  }
}
