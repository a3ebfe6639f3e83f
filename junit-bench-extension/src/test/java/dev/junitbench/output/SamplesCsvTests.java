package dev.junitbench.output;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.infra.Scenario;
import dev.junitbench.testkit.ListenerRun;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("samples.csv")
class SamplesCsvTests {

  @TempDir static Path tempDir;

  private static ListenerRun.Outcome outcome;

  @BeforeAll
  static void runFixture() {
    outcome = ListenerRun.into(tempDir).run(SamplesCsvTestCases.class);
  }

  @Test
  @DisplayName("starts with the header result_id,iteration,latency_ns,fork")
  void header() {
    String text = outcome.text(SamplesCsv.FILE);
    assertThat(text.lines().findFirst()).contains("result_id,iteration,latency_ns,fork");
    assertThat(ListenerRun.csvHeader(text))
        .containsExactly("result_id", "iteration", "latency_ns", "fork");
    assertThat(text).endsWith("\n");
  }

  @Test
  @DisplayName(
      "holds 7 rows per passed result, iterations 1 to 7, positive latencies in nanoseconds")
  void sevenRowsPerPassedResult() {
    List<CSVRecord> rows = outcome.samplesCsv();
    Map<String, List<CSVRecord>> byResult =
        rows.stream().collect(Collectors.groupingBy(row -> row.get("result_id")));
    List<JsonNode> passed =
        outcome.results().stream().filter(r -> r.get("status").asText().equals("passed")).toList();
    assertThat(passed).hasSize(3);
    assertThat(rows).hasSize(7 * passed.size());
    for (JsonNode result : passed) {
      List<CSVRecord> own = byResult.get(result.get("id").asText());
      assertThat(own).as("samples of %s", result.get("display_name")).hasSize(7);
      assertThat(own)
          .extracting(row -> Integer.parseInt(row.get("iteration")))
          .containsExactly(1, 2, 3, 4, 5, 6, 7);
      assertThat(own)
          .allSatisfy(row -> assertThat(Long.parseLong(row.get("latency_ns"))).isPositive());
      assertThat(own)
          .as("measured in the JUnit JVM: fork 0")
          .allSatisfy(row -> assertThat(row.get("fork")).isEqualTo("0"));
    }
  }

  @Test
  @DisplayName("refers only to ids of results.json, and to none of a result that did not pass")
  void idsMatchResults() {
    Map<String, String> statusById =
        outcome.results().stream()
            .collect(Collectors.toMap(r -> r.get("id").asText(), r -> r.get("status").asText()));
    assertThat(outcome.samplesCsv())
        .allSatisfy(
            row ->
                assertThat(statusById.get(row.get("result_id")))
                    .as("status of result %s", row.get("result_id"))
                    .isEqualTo("passed"));
    String failedId = outcome.result("measured", "[device=cpu, batch_size=3]").get("id").asText();
    assertThat(statusById).containsEntry(failedId, "failed");
  }

  @Test
  @DisplayName("holds the samples results.json's minimum, maximum and count were computed from")
  void samplesAgreeWithSummary() {
    for (JsonNode result : outcome.results()) {
      if (!result.get("status").asText().equals("passed")) {
        continue;
      }
      String id = result.get("id").asText();
      long[] samples =
          outcome.samplesCsv().stream()
              .filter(row -> row.get("result_id").equals(id))
              .mapToLong(row -> Long.parseLong(row.get("latency_ns")))
              .sorted()
              .toArray();
      JsonNode latency = result.get("latency_ms");
      assertThat(latency.get("count").asLong()).isEqualTo(samples.length);
      assertThat(latency.get("min").asDouble()).isEqualTo(samples[0] / 1e6);
      assertThat(latency.get("max").asDouble()).isEqualTo(samples[samples.length - 1] / 1e6);
    }
  }

  static class SamplesCsvTestCases {

    @Benchmark
    @BatchSizes({1, 2, 3})
    void measured(Scenario scenario, Blackhole blackhole) {
      if (scenario.batchSize() == 3) {
        throw new IllegalArgumentException("three is a crowd");
      }
      ListenerRun.work(100 * scenario.batchSize(), blackhole);
    }

    @Benchmark
    void single(Blackhole blackhole) {
      ListenerRun.work(100, blackhole);
    }
  }
}
