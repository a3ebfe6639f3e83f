package dev.junitbench.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.stats.RegressionRule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The HTML report of a real run of the shipped suite")
class ShippedRunReportTests {

  private static Document page;

  @BeforeAll
  static void render() throws Exception {
    Path report = Path.of("target", "shipped-run-report.html");
    Files.createDirectories(report.getParent());
    HtmlReport.of(List.of(ShippedRun.folder()), null, RegressionRule.DEFAULT).write(report);
    page = Jsoup.parse(Files.readString(report));
  }

  @Test
  @DisplayName(
      "lists only its 63 measured scenarios, a table per benchmark; the 57 that did not run only under Not measured")
  void measuredOnly() {
    assertThat(page.select("table.scenarios tbody tr")).hasSize(63);
    assertThat(page.select("details.group")).hasSize(8);
    assertThat(page.select("table.scenarios tbody tr[data-status=aborted]")).isEmpty();
    assertThat(page.select("#not-run tbody td.num").eachText().stream().mapToInt(Integer::parseInt))
        .as("scenarios under Not measured")
        .containsOnly(40, 12, 4, 1);
  }

  @Test
  @DisplayName("opens on the summary line, then a chart for each of its 8 measured benchmarks")
  void answerFirst() {
    assertThat(page.getElementById("answer").text())
        .startsWith("9 benchmarks, 63 scenarios measured, 57 not run (40 aborted: CUDA requested;")
        .endsWith("on host vm (2 cores), 6 min 35 s");
    assertThat(page.select("#benchmarks canvas")).hasSize(8);
    assertThat(page.select("main > section").first().id()).isEqualTo("benchmarks");
    assertThat(page.getElementById("verdicts")).as("no baseline").isNull();
  }

  @Test
  @DisplayName(
      "shortens params to those that vary within each benchmark, the shared ones said once beside it")
  void paramsShortened() {
    Element text =
        page.select("details.group").stream()
            .filter(g -> g.selectFirst(".bench-name").text().endsWith("miniLmInt8Djl"))
            .findFirst()
            .orElseThrow();
    assertThat(text.selectFirst("summary .shared").text())
        .isEqualTo("device=cpu, sequence_length=128, backend=djl, engine=OnnxRuntime");
    assertThat(text.select("td.params").eachText())
        .hasSize(12)
        .allSatisfy(
            params -> assertThat(params).matches("batch_size=\\d+, mode=\\w+, threads=\\d"));
  }

  @Test
  @DisplayName(
      "calls none of its latency benchmarks INVALID; only a Server scenario judged on its bound may be, as a warning")
  void validityInItsPlace() {
    // The Server runs at 25, 50 and 100 qps did not hold their p99 bound; the peak search's did.
    List<Element> warnings = page.select("table.scenarios .warning");
    assertThat(warnings)
        .hasSize(3)
        .allSatisfy(
            w -> {
              assertThat(w.parents().select("tr").first().attr("data-benchmark"))
                  .isEqualTo("LoadBenchmarks.miniLmInt8");
              assertThat(w.attr("title")).startsWith("INVALID: ").contains("p99 <= 50ms");
            });
    assertThat(page.select("td.validity-INVALID")).isEmpty();
    assertThat(page.getElementById("p99-legend")).isNotNull();
    // The load table's bound, 459 queries each: at 100 qps 230 over 50 ms, missed whatever the
    // count, in red; at 25 and 50 qps 1 and 8 over, too few to tell either way: undecided, muted.
    Element load = page.getElementById("load-table");
    int held = load.select("thead th").eachText().indexOf("Held");
    assertThat(load.select("tbody tr"))
        .extracting(row -> row.select("td").get(held).text())
        .containsExactly("undecided", "undecided", "missed", "held", "-", "-", "-");
    assertThat(load.select("td.not-held")).hasSize(1);
    assertThat(load.select("td.undecided")).hasSize(2);
    assertThat(load.select("td.undecided").first().attr("title"))
        .startsWith("too few queries to tell either way (99% confidence): 1 of 459 queries over");
  }

  @Test
  @DisplayName(
      "compares MiniLM-int8 on ONNX Runtime and DJL's OnnxRuntime engine with each ratio's interval, within one JVM only")
  void backends() {
    Element table = page.selectFirst("table.backends");
    assertThat(table).isNotNull();
    assertThat(table.select("tbody tr")).hasSize(12);
    assertThat(table.select("tbody td .ci").eachText())
        .hasSize(12)
        .allSatisfy(ci -> assertThat(ci).matches("\\[\\d+\\.\\d{3}, \\d+\\.\\d{3}\\]"));
    assertThat(table.parent().previousElementSibling().text()).startsWith("Within one JVM only");
  }
}
