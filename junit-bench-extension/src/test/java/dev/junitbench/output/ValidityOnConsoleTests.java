package dev.junitbench.output;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.config.BenchConfig;
import dev.junitbench.testkit.ListenerRun;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("What the console says of a run's validity")
class ValidityOnConsoleTests {

  @TempDir Path tempDir;

  private ListenerRun.Outcome run(String... config) {
    ListenerRun run = ListenerRun.into(tempDir).config("junit.bench.measurement.iterations", "10");
    for (int i = 0; i < config.length; i += 2) {
      run.config(config[i], config[i + 1]);
    }
    return run.run(ValidityTestCases.class);
  }

  @Test
  @DisplayName(
      "of a 10-iteration latency benchmark: the p99 its samples cannot support, never INVALID")
  void shortLatencyBenchmark() {
    ListenerRun.Outcome outcome = run();

    assertThat(outcome.printed())
        .contains("junit-bench: ValidityOnConsoleTests$ValidityTestCases.measured [")
        .containsPattern(", n=10(, peak RSS [0-9]+ MiB)?; p99 needs 662 samples; 10 measured")
        .doesNotContain("INVALID");
    assertThat(outcome.out())
        .contains("* p99 from fewer than 662 samples")
        .contains("p99 supported in 0 of 1 measured scenarios")
        .doesNotContain("INVALID")
        .doesNotContain("valid:");
    JsonNode validity = outcome.results().get(0).get("validity");
    assertThat(validity.get("valid").asBoolean())
        .as("results.json keeps MLPerf's reading")
        .isFalse();
    assertThat(validity.get("target").asText()).isEqualTo("p90");
  }

  @Test
  @DisplayName("of a run under junit.bench.validity.min-queries: INVALID, and why")
  void underConfiguredMinimum() {
    ListenerRun.Outcome outcome = run(BenchConfig.VALIDITY_MIN_QUERIES, "100");

    assertThat(outcome.printed())
        .contains("; INVALID: ")
        .contains("fewer queries (10) than the minimum of 100");
    assertThat(outcome.out().replaceAll("\\s+", " "))
        .contains(
            "valid: 0 of 1 scenario judged on a latency bound or a configured minimum (INVALID: 1"
                + " under a configured minimum; a flag, never a failure)");
    assertThat(outcome.summary().getTotalFailureCount()).as("a flag, never a failure").isZero();
  }

  static class ValidityTestCases {
    @Benchmark
    void measured(Blackhole blackhole) {
      ListenerRun.work(100, blackhole);
    }
  }
}
