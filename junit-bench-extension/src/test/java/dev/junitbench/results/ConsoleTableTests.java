package dev.junitbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Param;
import dev.junitbench.Scenario;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The console table")
class ConsoleTableTests {

  private static final List<String> COLUMNS =
      List.of("Benchmark", "Params", "Status", "Median", "95% CI", "p99", "Throughput", "Peak RSS");

  @TempDir
  static Path tempDir;

  private static ListenerRun.Outcome outcome;
  private static List<Map<String, String>> rows;

  @BeforeAll
  static void runFixture() {
    outcome = ListenerRun.into(tempDir).run(ConsoleTableTestCases.class);
    rows = table(outcome.out());
  }

  @Test
  @DisplayName("is printed on out below a title naming the run folder")
  void title() {
    assertThat(outcome.out()).contains("junit-bench results (" + outcome.runDir() + "):");
    assertThat(outcome.err()).isEmpty();
  }

  @Test
  @DisplayName("lists every scenario once, with its benchmark, params and status")
  void everyScenario() {
    List<JsonNode> results = outcome.results();
    assertThat(results).hasSize(5);
    assertThat(rows).hasSize(results.size());
    for (JsonNode result : results) {
      String benchmark = result.get("benchmark").asText();
      String method = benchmark.substring(benchmark.indexOf('#') + 1);
      String params = result.get("display_name").asText().replaceAll("^\\[|\\]$", "");
      assertThat(rows).as("rows for %s %s", method, params).filteredOn(row ->
              row.get("Benchmark").endsWith("." + method) && row.get("Params").equals(params))
          .singleElement()
          .satisfies(row -> assertThat(row.get("Status")).isEqualTo(result.get("status").asText()));
    }
  }

  @Test
  @DisplayName("shows each passed scenario's median, to four significant digits in a readable unit")
  void medians() {
    for (JsonNode result : outcome.results()) {
      if (!result.get("status").asText().equals("passed")) {
        continue;
      }
      double median = result.get("latency_ms").get("median").asDouble();
      Map<String, String> row = rowOf(result);
      assertThat(row.get("Median")).isEqualTo(Figures.duration(median));
      assertThat(milliseconds(row.get("Median"))).as("median of %s", result.get("display_name"))
          .isCloseTo(median, within(median * 1e-3));
    }
  }

  @Test
  @DisplayName("shows a dash instead of figures for a scenario that failed")
  void failedScenario() {
    Map<String, String> row = rowOf(outcome.result("broken", "[device=cpu]"));
    assertThat(row.get("Status")).isEqualTo("failed");
    assertThat(row.get("Median")).isEqualTo("-");
    assertThat(row.get("p99")).isEqualTo("-");
    assertThat(row.get("Throughput")).isEqualTo("-");
    assertThat(row.get("Peak RSS")).isEqualTo("-");
  }

  @Test
  @DisplayName("shows each passed scenario's peak resident memory in MiB")
  void peakMemory() {
    for (JsonNode result : outcome.results()) {
      if (result.get("status").asText().equals("passed")) {
        assertThat(rowOf(result).get("Peak RSS")).isEqualTo(String.format(java.util.Locale.ROOT, "%.0f MiB",
            result.get("memory").get("rss_peak_mb").asDouble()));
      }
    }
  }

  private static Map<String, String> rowOf(JsonNode result) {
    String params = result.get("display_name").asText().replaceAll("^\\[|\\]$", "");
    String benchmark = result.get("benchmark").asText();
    String method = benchmark.substring(benchmark.indexOf('#') + 1);
    return rows.stream()
        .filter(row -> row.get("Benchmark").endsWith("." + method) && row.get("Params").equals(params))
        .findFirst().orElseThrow(() -> new AssertionError("no row for " + result + " in\n" + outcome.out()));
  }

  /** The rows below the header line, cells split where columns are two or more spaces apart. */
  private static List<Map<String, String>> table(String out) {
    List<String> lines = out.lines().toList();
    int header = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (List.of(lines.get(i).strip().split("\\s{2,}")).equals(COLUMNS)) {
        header = i;
      }
    }
    assertThat(header).as("header line in\n%s", out).isNotNegative();
    List<Map<String, String>> table = new ArrayList<>();
    for (String line : lines.subList(header + 1, lines.size())) {
      if (line.isBlank()) {
        break;
      }
      String[] cells = line.strip().split("\\s{2,}");
      assertThat(cells).as("cells of '%s'", line).hasSize(COLUMNS.size());
      Map<String, String> row = new LinkedHashMap<>();
      for (int i = 0; i < cells.length; i++) {
        row.put(COLUMNS.get(i), cells[i]);
      }
      table.add(row);
    }
    return table;
  }

  private static double milliseconds(String duration) {
    String[] parts = duration.split(" ");
    double value = Double.parseDouble(parts[0]);
    return switch (parts[1]) {
      case "ns" -> value / 1e6;
      case "us" -> value / 1e3;
      case "ms" -> value;
      case "s" -> value * 1e3;
      default -> throw new AssertionError("unit of " + duration);
    };
  }

  static class ConsoleTableTestCases {
    @Benchmark
    @BatchSizes({1, 8})
    @Param(name = "pooling", values = {"eager", "lazy"})
    void measured(Scenario scenario, Blackhole blackhole) {
      ListenerRun.work(100 * scenario.batchSize(), blackhole);
    }

    @Benchmark
    void broken() {
      throw new UnsupportedOperationException("not implemented");
    }
  }
}
