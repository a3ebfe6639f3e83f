package dev.junitbench.gate;

import static dev.junitbench.testkit.ScenarioResultAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.Benchmark;
import dev.junitbench.Budget;
import dev.junitbench.config.Durations;
import dev.junitbench.gate.GateTests.GateTestCases;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.testkit.BenchmarkTestKit;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;

@DisplayName("The budget gate inside JUnit")
class BudgetTests {

  @Test
  @DisplayName("a broken budget fails the scenario with each limit it broke; a kept one passes")
  void budget() {
    BenchmarkTestKit.Outcome outcome = BenchmarkTestKit.with().run(GateTestCases.class);
    ScenarioResult over = outcome.result("overBudget", "[device=cpu]");
    assertThat(over).failed().hasFigures();
    assertThat(over.gate().failed()).isTrue();
    assertThat(over.gate().budget().exceeded()).hasSize(2);
    assertThat(over.gate().headline()).startsWith("[device=cpu] budget exceeded: median ");
    assertThat(over.gate().detail())
        .startsWith(
            GateTestCases.class.getName() + "#overBudget [device=cpu]: budget exceeded: median ")
        .contains(" > 1.000 ms; throughput ")
        .contains(" < 1.000e+06 samples/s");
    ScenarioResult within = outcome.result("withinBudget", "[device=cpu]");
    assertThat(within.gate().failed()).isFalse();
    assertThat(within.gate().budget().exceeded()).isEmpty();
    assertThat(within.gate().message()).endsWith("within budget");
    assertThat(outcome.result("spin", "[device=cpu]").gate())
        .as("no baseline, no budget: no gate")
        .isNull();
    outcome.events().testEvents().assertStatistics(stats -> stats.succeeded(2).failed(1));
  }

  @Test
  @DisplayName(
      "a @Budget without a limit, with a bad duration or a throughput <= 0 is an invalid configuration")
  void invalidBudgets() {
    BenchmarkTestKit.Outcome outcome = BenchmarkTestKit.with().run(InvalidBudgetTestCases.class);
    List<String> messages =
        outcome.events().testEvents().failed().list().stream()
            .map(
                e ->
                    e.getPayload(TestExecutionResult.class)
                        .orElseThrow()
                        .getThrowable()
                        .orElseThrow()
                        .getMessage())
            .toList();
    assertThat(messages)
        .containsExactlyInAnyOrder(
            "@Budget on noLimit of "
                + InvalidBudgetTestCases.class.getName()
                + "#noLimit is not valid: it sets no limit;"
                + " set median, p99, minThroughput or maxAllocPerOp, e.g. @Budget(median = \"10ms\")",
            "@Budget(median) on badDuration of "
                + InvalidBudgetTestCases.class.getName()
                + "#badDuration = \"fast\" is not"
                + " a duration; use "
                + Durations.ACCEPTED,
            "@Budget(minThroughput = -5.0) on negativeThroughput of "
                + InvalidBudgetTestCases.class.getName()
                + "#negativeThroughput is not valid: the throughput limit must be a positive number of samples per second,"
                + " e.g. minThroughput = 100",
            "@Budget(minThroughput = -1.0) on minusOne of "
                + InvalidBudgetTestCases.class.getName()
                + "#minusOne is not valid: the throughput limit must be a positive number of samples per second,"
                + " e.g. minThroughput = 100");
  }

  static class InvalidBudgetTestCases {
    @Benchmark
    @Budget
    void noLimit() {}

    @Benchmark
    @Budget(median = "fast")
    void badDuration() {}

    @Benchmark
    @Budget(minThroughput = -5)
    void negativeThroughput() {}

    @Benchmark
    @Budget(minThroughput = -1)
    void minusOne() {}
  }
}
