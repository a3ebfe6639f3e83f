package dev.junitbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.Benchmark;
import dev.junitbench.Budget;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import dev.junitbench.testkit.ListenerRun;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A scenario the gate failed, in the result files")
class GatedResultsTests {

  private static final String SLOW = GatedTestCases.class.getName() + "#slow";
  private static final String FAST = GatedTestCases.class.getName() + "#fast";

  @TempDir static Path tempDir;

  private static ListenerRun.Outcome outcome;
  private static Path baseline;

  @BeforeAll
  static void run() {
    baseline =
        RunFolders.write(
            tempDir.resolve("baselines"),
            "run-base",
            List.of(
                RunFolders.passed(SLOW, Map.of("device", "cpu"), RunFolders.around(50_000, 30)),
                RunFolders.passed(
                    FAST, Map.of("device", "cpu"), RunFolders.around(1_000_000_000L, 30))));
    outcome =
        ListenerRun.into(tempDir.resolve("out"))
            .config("junit.bench.baseline", baseline.toString())
            .config("junit.bench.measurement.iterations", "20")
            .config("junit.bench.forks", "0")
            .run(GatedTestCases.class);
  }

  @Test
  @DisplayName(
      "is failed, keeps its statistics, and has a gate group with the baseline, change, interval, p-value, rule and verdict")
  void failedWithFigures() {
    JsonNode slow = outcome.result("slow", "[device=cpu]");
    assertThat(slow.get("status").asText()).isEqualTo("failed");
    assertThat(slow.get("error").asText())
        .startsWith("org.opentest4j.AssertionFailedError: [device=cpu] regressed +")
        .contains(
            "\n"
                + SLOW
                + " [device=cpu]: regressed (unforked: between-JVM variance unknown): median +");
    assertThat(slow.get("latency_ms").get("count").asInt()).isEqualTo(20);
    assertThat(slow.get("throughput").get("value").asDouble()).isPositive();
    assertThat(slow.get("memory").isObject()).isTrue();
    JsonNode gate = slow.get("gate");
    assertThat(gate.get("failed").asBoolean()).isTrue();
    JsonNode check = gate.get("baseline");
    assertThat(check.get("file").asText())
        .isEqualTo(baseline.resolve("results.json").toAbsolutePath().toString());
    assertThat(check.get("run_id").asText()).isEqualTo("run-base");
    assertThat(check.get("change").asDouble()).isGreaterThan(1);
    JsonNode comparison = check.get("comparison");
    assertThat(comparison.get("verdict").asText()).isEqualTo("regressed");
    assertThat(comparison.get("ci95_low").asDouble()).isGreaterThan(1);
    assertThat(comparison.get("p_value").asDouble()).isLessThan(0.01);
    assertThat(comparison.get("test").asText()).isEqualTo("mann-whitney-u");
    assertThat(check.get("rule").get("threshold").asDouble()).isEqualTo(0.05);
    assertThat(check.get("rule").get("alpha").asDouble()).isEqualTo(0.01);
    assertThat(gate.get("budget").get("median_ms").asDouble()).isEqualTo(10_000.0);
    assertThat(gate.get("budget").get("exceeded").isEmpty()).isTrue();
    // Its samples are kept too: a gated failure is evidence.
    assertThat(
            outcome.samplesCsv().stream()
                .filter(r -> r.get("result_id").equals(slow.get("id").asText())))
        .hasSize(20);
  }

  @Test
  @DisplayName("a scenario that got faster passes with its verdict in the gate group")
  void improvedPasses() {
    JsonNode fast = outcome.result("fast", "[device=cpu]");
    assertThat(fast.get("status").asText()).isEqualTo("passed");
    assertThat(fast.get("gate").get("failed").asBoolean()).isFalse();
    assertThat(fast.get("gate").get("baseline").get("comparison").get("verdict").asText())
        .isEqualTo("improved");
  }

  @Test
  @DisplayName(
      "results.csv flattens the gate group; the console table and the test's own output show the verdict")
  void csvAndConsole() {
    List<CSVRecord> rows = outcome.resultsCsv();
    CSVRecord slow =
        rows.stream().filter(r -> r.get("benchmark").equals(SLOW)).findFirst().orElseThrow();
    assertThat(slow.get("gate_failed")).isEqualTo("true");
    assertThat(slow.get("gate_baseline_comparison_verdict")).isEqualTo("regressed");
    assertThat(slow.get("gate_budget_exceeded")).isEmpty();
    assertThat(slow.get("latency_ms_median")).isNotEmpty();

    assertThat(outcome.out()).containsPattern("FAILED \\+\\d+\\.\\d% regressed, unforked");
    assertThat(outcome.out()).containsPattern("-\\d+\\.\\d% improved, unforked");
    assertThat(outcome.printed())
        .contains("junit-bench: GatedResultsTests$GatedTestCases.slow [device=cpu]: median ")
        .contains("; FAILED: regressed (unforked: between-JVM variance unknown): median +")
        .contains("junit-bench: GatedResultsTests$GatedTestCases.fast [device=cpu]: median ")
        .contains("; gate: improved (unforked: between-JVM variance unknown): median -");
    assertThat(outcome.out())
        .contains(
            "junit-bench gate: 2 of 2 scenarios judged against "
                + baseline.resolve("results.json").toAbsolutePath()
                + " (1 regressed, 1 improved)");
  }

  static class GatedTestCases {
    @Benchmark
    @Warmup(iterations = 1)
    @Measurement(iterations = 20)
    @Budget(median = "10s")
    void slow() {
      long end = System.nanoTime() + 1_000_000;
      while (System.nanoTime() < end) {
        Thread.onSpinWait();
      }
    }

    @Benchmark
    @Warmup(iterations = 1)
    @Measurement(iterations = 20)
    void fast() {
      long end = System.nanoTime() + 100_000;
      while (System.nanoTime() < end) {
        Thread.onSpinWait();
      }
    }
  }
}
