package dev.junitbench.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Devices;
import dev.junitbench.Param;
import dev.junitbench.infra.Device;
import dev.junitbench.infra.Scenario;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.testkit.ListenerRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The console table")
class ConsoleTableTests {

  @TempDir static Path tempDir;

  private static ListenerRun.Outcome outcome;

  @BeforeAll
  static void runFixture() {
    outcome = ListenerRun.into(tempDir).run(ConsoleTableTestCases.class);
  }

  @Test
  @DisplayName("is printed on out below a title naming the run folder")
  void title() {
    assertThat(outcome.out()).contains("junit-bench results (" + outcome.runDir() + "):");
    assertThat(outcome.err()).isEmpty();
  }

  @Test
  @DisplayName("fits a 120-column terminal, every line of it")
  void fits() {
    String table = outcome.out().substring(outcome.out().indexOf("junit-bench results"));
    table
        .lines()
        .skip(1)
        .forEach(line -> assertThat(line.length()).as("'%s'", line).isLessThanOrEqualTo(120));
  }

  @Test
  @DisplayName(
      "titles each benchmark with the params its scenarios share, and makes columns of those that vary")
  void sharedAndVaryingParams() {
    assertThat(outcome.out())
        .contains("ConsoleTableTests$ConsoleTableTestCases.measured  [device=cpu]");
    List<Map<String, String>> rows = table("ConsoleTableTests$ConsoleTableTestCases.measured");
    assertThat(rows.get(0).keySet())
        .startsWith(
            "batch_size",
            "pooling",
            "median",
            "95% CI",
            "p99",
            "samples/s",
            "peak RSS",
            "alloc/op");
    assertThat(rows).hasSize(4);
  }

  @Test
  @DisplayName(
      "shows each passed scenario's median, interval, p99, throughput, peak memory and heap"
          + " allocated per call")
  void figures() {
    List<Map<String, String>> rows = table("ConsoleTableTests$ConsoleTableTestCases.measured");
    for (JsonNode result : outcome.results()) {
      if (!result.get("benchmark").asText().endsWith("#measured")
          || !result.get("status").asText().equals("passed")) {
        continue;
      }
      JsonNode params = result.get("params");
      Map<String, String> row =
          rows.stream()
              .filter(
                  r ->
                      r.get("batch_size").equals(params.get("batch_size").asText())
                          && r.get("pooling").equals(params.get("pooling").asText()))
              .findFirst()
              .orElseThrow();
      JsonNode latency = result.get("latency_ms");
      double median = latency.get("median").asDouble();
      assertThat(row.get("median")).isEqualTo(UnitFormat.duration(median));
      assertThat(milliseconds(row.get("median"))).isCloseTo(median, within(median * 1e-3));
      assertThat(row.get("95% CI"))
          .isEqualTo(
              "["
                  + UnitFormat.inUnitOf(latency.get("ci95_low").asDouble(), median)
                  + ", "
                  + UnitFormat.inUnitOf(latency.get("ci95_high").asDouble(), median)
                  + "]");
      // 7 samples: far fewer than the 662 early stopping needs for p99, so marked.
      assertThat(result.get("validity").get("p99").get("supported").asBoolean()).isFalse();
      assertThat(row.get("p99"))
          .isEqualTo(UnitFormat.duration(latency.get("p99").asDouble()) + "*");
      assertThat(row.get("samples/s"))
          .isEqualTo(UnitFormat.number(result.get("throughput").get("value").asDouble()));
      assertThat(row.get("peak RSS"))
          .isEqualTo(
              String.format(
                  Locale.ROOT, "%.0f MiB", result.get("memory").get("rss_peak_mb").asDouble()));
      double allocated = result.get("alloc").get("bytes_per_op").asDouble();
      assertThat(allocated).isGreaterThanOrEqualTo(512.0 * params.get("batch_size").asInt());
      assertThat(row.get("alloc/op")).isEqualTo(UnitFormat.bytes(allocated));
    }
  }

  @Test
  @DisplayName("shows a failed scenario's row with dashes for figures and its status")
  void failedScenario() {
    List<String> lines = block("ConsoleTableTests$ConsoleTableTestCases.broken");
    assertThat(lines.get(0).trim().split("\\s{2,}"))
        .containsExactly("median", "95% CI", "p99", "samples/s", "peak RSS", "alloc/op", "status");
    assertThat(lines.get(1).trim().split("\\s+"))
        .containsExactly("-", "-", "-", "-", "-", "-", "failed");
  }

  @Test
  @DisplayName("counts the scenarios that did not run, one line per reason, instead of a row each")
  void notRunByReason() {
    String out = outcome.out();
    assertThat(out).contains("Not measured: 9 scenarios");
    assertThat(out).contains("\n  4 aborted: no backend offers CUDA here");
    assertThat(out)
        .contains(
            "  3 aborted: no GPU in this test (ConsoleTableTests$ConsoleTableTestCases.assumed)");
    assertThat(out).contains("  1 failed: java.lang.UnsupportedOperationException: not measurable");
    assertThat(out)
        .contains("  1 skipped: kept for later (ConsoleTableTests$ConsoleTableTestCases.disabled)");
    assertThat(out).doesNotContain("device=cuda");
    assertThat(out).doesNotContain("ConsoleTableTests$ConsoleTableTestCases.assumed  [");
  }

  @Test
  @DisplayName(
      "explains a p99 marked * right below the table, and calls no short latency benchmark INVALID")
  void percentileSupport() {
    List<String> lines = outcome.out().lines().toList();
    List<String> table = block("ConsoleTableTests$ConsoleTableTestCases.measured");
    assertThat(table.subList(1, table.size()))
        .allSatisfy(row -> assertThat(row).containsPattern("[0-9] (ns|us|ms|s)\\*  "));
    int last = lines.indexOf(table.get(table.size() - 1));
    assertThat(lines.get(last + 1)).as("the * explained right below the table").isEqualTo(NOTE);
    assertThat(outcome.out()).doesNotContain("INVALID").doesNotContain("valid:");
    assertThat(outcome.out().replaceAll("\\s+", " "))
        .contains(
            "percentiles (MLPerf LoadGen's early stopping, 99% confidence): p99 supported in 0 of 4"
                + " measured scenarios (needs 662 samples), p99.9 in 0 (needs 6,636); a p99 marked"
                + " * is from fewer samples");
  }

  private static final String NOTE =
      "  * p99 from fewer than 662 samples, too few for MLPerf LoadGen's early stopping to support"
          + " it at 99% confidence";

  /**
   * The lines of the table below {@code title}: header first, until the blank line or the note that
   * explains a marked p99.
   */
  private static List<String> block(String title) {
    List<String> lines = outcome.out().lines().toList();
    int start = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(title + "  [") || lines.get(i).equals(title)) {
        start = i + 1;
      }
    }
    assertThat(start).as("title %s in\n%s", title, outcome.out()).isPositive();
    List<String> block = new ArrayList<>();
    for (String line : lines.subList(start, lines.size())) {
      if (line.isBlank() || line.equals(NOTE)) {
        break;
      }
      block.add(line);
    }
    return block;
  }

  /** The rows below {@code title}, cells split where columns are two or more spaces apart. */
  private static List<Map<String, String>> table(String title) {
    List<String> lines = block(title);
    String[] header = lines.get(0).strip().split("\\s{2,}");
    List<Map<String, String>> rows = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.strip().split("\\s{2,}");
      if (cells.length == header.length - 1 && header[header.length - 1].equals("status")) {
        cells = Arrays.copyOf(cells, header.length);
        cells[cells.length - 1] = ""; // a passed scenario has nothing more to say
      }
      assertThat(cells).as("cells of '%s'", line).hasSize(header.length);
      Map<String, String> row = new LinkedHashMap<>();
      for (int i = 0; i < cells.length; i++) {
        row.put(header[i], cells[i]);
      }
      rows.add(row);
    }
    return rows;
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
    @Devices({Device.CPU, Device.CUDA})
    @BatchSizes({1, 8})
    @Param(
        name = "pooling",
        values = {"eager", "lazy"})
    void measured(Scenario scenario, Blackhole blackhole) {
      ListenerRun.work(100 * scenario.batchSize(), blackhole);
      // Some heap per call, so the alloc/op column shows more than 0 B.
      blackhole.consume(new long[64 * scenario.batchSize()]);
    }

    @Benchmark
    void broken() {
      throw new UnsupportedOperationException("not measurable");
    }

    @Benchmark
    @BatchSizes({1, 2, 3})
    void assumed() {
      Assumptions.abort("no GPU in this test");
    }

    @Benchmark
    @Disabled("kept for later")
    void disabled() {}
  }
}
