package dev.junitbench.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Param;
import dev.junitbench.infra.Scenario;
import dev.junitbench.testkit.ListenerRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("results.csv")
class ResultsCsvTests {

  @TempDir static Path tempDir;

  private static ListenerRun.Outcome outcome;
  private static List<JsonNode> results;
  private static List<CSVRecord> rows;
  private static List<String> header;

  @BeforeAll
  static void runFixture() {
    outcome = ListenerRun.into(tempDir).run(ResultsCsvTestCases.class);
    results = outcome.results();
    rows = outcome.resultsCsv();
    header = ListenerRun.csvHeader(outcome.text(ResultsCsv.FILE));
  }

  @Test
  @DisplayName("has one row per result of results.json, with the same ids")
  void oneRowPerResult() {
    assertThat(results).hasSize(6);
    assertThat(rows)
        .extracting(row -> row.get("id"))
        .containsExactlyElementsOf(results.stream().map(r -> r.get("id").asText()).toList());
  }

  @Test
  @DisplayName("flattens the figures into columns such as latency_ms_median and throughput_value")
  void flattenedColumns() {
    assertThat(header)
        .contains(
            "id",
            "benchmark",
            "display_name",
            "status",
            "error",
            "warmup_iterations",
            "warmup_time_ms",
            "measurement_iterations",
            "measurement_time_ms",
            "latency_ms_count",
            "latency_ms_mean",
            "latency_ms_median",
            "latency_ms_std",
            "latency_ms_min",
            "latency_ms_max",
            "latency_ms_p25",
            "latency_ms_p75",
            "latency_ms_p90",
            "latency_ms_p95",
            "latency_ms_p99",
            "latency_ms_p999",
            "latency_ms_ci95_low",
            "latency_ms_ci95_high",
            "latency_ms_outliers",
            "throughput_value",
            "throughput_unit",
            "memory_rss_peak_mb",
            "memory_rss_avg_mb",
            "memory_heap_peak_mb",
            "memory_heap_avg_mb",
            "memory_model_footprint_mb",
            "memory_gpu_mem_peak_mb",
            "memory_gpu_mem_process_mb",
            "memory_unavailable_reason",
            "utilization_cpu_process_pct",
            "utilization_cpu_system_pct",
            "utilization_gc_count",
            "utilization_gc_time_ms",
            "utilization_gpu_util_pct",
            "utilization_sampler_cpu_pct",
            "utilization_unavailable_reason",
            "energy_joules_per_inference",
            "energy_source",
            "energy_gpu_power_avg_w",
            "energy_unavailable_reason",
            "alloc_bytes_per_op",
            "alloc_bytes_total",
            "alloc_operations",
            "alloc_threads",
            "alloc_gc_count",
            "alloc_gc_time_ms",
            "alloc_gc_count_per_op",
            "alloc_gc_time_ms_per_op",
            "alloc_jit_time_ms",
            "alloc_unavailable_reason");
    assertThat(header).doesNotHaveDuplicates().doesNotContain("samples_ns", "params");
  }

  @Test
  @DisplayName(
      "has one param_<name> column per param name seen in the run, empty where a scenario lacks it")
  void paramColumns() {
    Set<String> seen = new LinkedHashSet<>();
    results.forEach(r -> r.get("params").fieldNames().forEachRemaining(seen::add));
    assertThat(seen).containsExactlyInAnyOrder("device", "batch_size", "precision");
    assertThat(header.stream().filter(column -> column.startsWith("param_")))
        .containsExactlyInAnyOrderElementsOf(seen.stream().map(name -> "param_" + name).toList());

    for (int i = 0; i < results.size(); i++) {
      JsonNode params = results.get(i).get("params");
      CSVRecord row = rows.get(i);
      for (String name : seen) {
        String expected = params.has(name) ? params.get(name).asText() : "";
        assertThat(row.get("param_" + name))
            .as("param_%s of %s", name, results.get(i).get("display_name"))
            .isEqualTo(expected);
      }
    }
    CSVRecord plain = rows.get(indexOf("plain", "[device=cpu]"));
    assertThat(plain.get("param_batch_size")).isEmpty();
    assertThat(plain.get("param_precision")).isEmpty();
    CSVRecord int8 = rows.get(indexOf("withParams", "[device=cpu, batch_size=8, precision=int8]"));
    assertThat(int8.get("param_batch_size")).isEqualTo("8");
    assertThat(int8.get("param_precision")).isEqualTo("int8");
  }

  @Test
  @DisplayName(
      "holds the same values as results.json, cell for cell, and empty cells where results.json has null")
  void valuesEqualJson() {
    for (int i = 0; i < results.size(); i++) {
      Map<String, JsonNode> flat = new LinkedHashMap<>();
      flatten(results.get(i), "", flat);
      CSVRecord row = rows.get(i);
      for (Map.Entry<String, JsonNode> leaf : flat.entrySet()) {
        String column = leaf.getKey();
        JsonNode value = leaf.getValue();
        if (value.isNull() && !header.contains(column)) {
          // A null group (latency_ms of a failed result): every column under it is empty.
          List<String> under = header.stream().filter(c -> c.startsWith(column + "_")).toList();
          assertThat(under).as("columns under %s", column).isNotEmpty();
          for (String c : under) {
            assertThat(row.get(c)).as("%s of row %s", c, i).isEmpty();
          }
          continue;
        }
        assertThat(header).as("a column for %s", column).contains(column);
        String cell = row.get(column);
        if (value.isNull()) {
          assertThat(cell).as("%s of row %s", column, i).isEmpty();
        } else if (value.isNumber()) {
          assertThat(Double.parseDouble(cell))
              .as("%s of row %s", column, i)
              .isCloseTo(value.asDouble(), within(Math.abs(value.asDouble()) * 1e-12));
        } else {
          assertThat(cell).as("%s of row %s", column, i).isEqualTo(value.asText());
        }
      }
    }
  }

  @Test
  @DisplayName(
      "writes a failed scenario's row with its error and empty latency, throughput and allocation"
          + " cells")
  void failedRow() {
    int index = indexOf("failing", "[device=cpu]");
    CSVRecord row = rows.get(index);
    assertThat(row.get("status")).isEqualTo("failed");
    assertThat(row.get("error")).contains("no weights, no glory");
    assertThat(row.get("latency_ms_median")).isEmpty();
    assertThat(row.get("latency_ms_count")).isEmpty();
    assertThat(row.get("throughput_value")).isEmpty();
    CSVRecord passed = rows.get(indexOf("plain", "[device=cpu]"));
    assertThat(passed.get("status")).isEqualTo("passed");
    assertThat(Double.parseDouble(passed.get("latency_ms_median"))).isPositive();
    assertThat(passed.get("latency_ms_count")).isEqualTo("7");
    assertThat(passed.get("throughput_unit")).isEqualTo("samples/s");
    assertThat(Double.parseDouble(passed.get("alloc_bytes_per_op"))).isNotNegative();
    assertThat(passed.get("alloc_operations")).isEqualTo("7");
    assertThat(row.get("alloc_bytes_per_op")).isEmpty();
  }

  private static int indexOf(String method, String displayName) {
    JsonNode result = outcome.result(method, displayName);
    return results.indexOf(result);
  }

  /**
   * Leaves of {@code node} keyed like the CSV columns: path joined by '_', params as param_<name>.
   */
  private static void flatten(JsonNode node, String prefix, Map<String, JsonNode> flat) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    for (String name : names) {
      JsonNode child = node.get(name);
      if (prefix.isEmpty() && name.equals("params")) {
        child
            .fields()
            .forEachRemaining(param -> flat.put("param_" + param.getKey(), param.getValue()));
      } else if (child.isObject()) {
        flatten(child, prefix + name + "_", flat);
      } else {
        flat.put(prefix + name, child);
      }
    }
  }

  static class ResultsCsvTestCases {

    @Benchmark
    @BatchSizes({1, 8})
    @Param(
        name = "precision",
        values = {"fp32", "int8"})
    void withParams(Scenario scenario, Blackhole blackhole) {
      ListenerRun.work(100 * scenario.batchSize(), blackhole);
    }

    @Benchmark
    void plain(Blackhole blackhole) {
      ListenerRun.work(200, blackhole);
    }

    @Benchmark
    void failing() {
      throw new IllegalStateException("no weights, no glory");
    }
  }
}
