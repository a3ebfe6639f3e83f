package dev.junitbench.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.stats.RegressionRule;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The HTML report")
class HtmlReportTests {

  @TempDir
  static Path tempDir;

  private static String html;
  private static Document page;

  @BeforeAll
  static void render() throws Exception {
    Path run = ReportRuns.current(tempDir, "run-now", 1.0);
    html = HtmlReport.of(List.of(run), null, RegressionRule.DEFAULT).render();
    page = Jsoup.parse(html);
  }

  @Test
  @DisplayName("is self-contained: no link, script or style is fetched, and a content security policy says so")
  void selfContained() {
    assertThat(page.select("[src]")).isEmpty();
    assertThat(page.select("link")).isEmpty();
    assertThat(page.select("a[href]")).allSatisfy(a -> assertThat(a.attr("href")).startsWith("#"));
    assertThat(html).doesNotContain("sourceMappingURL").doesNotContain("@import");
    String csp = page.selectFirst("meta[http-equiv=Content-Security-Policy]").attr("content");
    assertThat(csp).startsWith("default-src 'none'; script-src 'nonce-");
    assertThat(page.select("script")).hasSize(3).allSatisfy(script -> assertThat(csp).contains(script.attr("nonce")));
    assertThat(page.select("script").get(1).data()).contains("Chart.js v4.5.1");
  }

  @Test
  @DisplayName("escapes every string from the results: a hostile param, error or host name stays text")
  void escaped() throws Exception {
    assertThat(page.select("img")).isEmpty();
    assertThat(page.select("b")).isEmpty();
    assertThat(page.select("script")).hasSize(3);
    assertThat(page.select("td").eachText()).anySatisfy(text -> assertThat(text).contains(ReportRuns.HOSTILE))
        .anySatisfy(text -> assertThat(text).contains(ReportRuns.SCRIPT))
        .anySatisfy(text -> assertThat(text).isEqualTo(ReportRuns.HOST));
    String data = page.getElementById("report-data").data();
    assertThat(data).doesNotContain("<").doesNotContain(">").doesNotContain("&");
    JsonNode json = new ObjectMapper().readTree(data);
    assertThat(json.toString()).contains(ReportRuns.SCRIPT);
  }

  @Test
  @DisplayName("lists every scenario in a sortable, filterable table, with its figures")
  void summary() {
    Element table = page.getElementById("scenarios");
    assertThat(table.hasClass("sortable")).isTrue();
    assertThat(table.select("tbody tr")).hasSize(17);
    assertThat(table.select("thead th").eachText()).contains("Benchmark", "Params", "Status", "Median", "95% CI of median",
        "p99", "Throughput", "Peak RSS", "Model");
    assertThat(page.getElementById("filter")).isNotNull();
    assertThat(page.getElementById("status-filter").select("option").eachText()).contains("passed", "aborted");
    Element row = table.select("tbody tr[data-status=passed]").first();
    assertThat(row.select("td.num").first().attr("data-sort")).matches("[0-9.Ee-]+");
  }

  @Test
  @DisplayName("draws latency, throughput and memory against batch size per benchmark, and a distribution per scenario")
  void charts() throws Exception {
    JsonNode data = new ObjectMapper().readTree(page.getElementById("report-data").data());
    assertThat(data.get("batchCharts")).hasSize(3);
    JsonNode ort = data.get("batchCharts").get(0);
    assertThat(ort.get("title").asText()).isEqualTo("TextBenchmarks.miniLm [device=cpu, backend=onnxruntime, provider=cpu]");
    assertThat(ort.get("batchSizes").toString()).isEqualTo("[1.0,8.0,32.0]");
    assertThat(ort.get("series")).hasSize(2);
    assertThat(ort.get("series").get(0).get("label").asText()).isEqualTo("mode=eager");
    for (String kind : List.of("latency", "throughput", "memory")) {
      assertThat(page.getElementById(ort.get("id").asText() + "-" + kind)).as(kind).isNotNull();
    }
    assertThat(data.get("distributions")).hasSize(14);
    JsonNode distribution = data.get("distributions").get(0);
    assertThat(distribution.get("cdf")).hasSize(202);
    assertThat(distribution.get("p50").asDouble()).isLessThan(distribution.get("p99").asDouble());
    assertThat(page.getElementById("distribution-chart")).isNotNull();
  }

  @Test
  @DisplayName("compares the backends that ran the same model and scenario, as ratios to the first")
  void backends() throws Exception {
    Element table = page.select("table.backends").first();
    assertThat(page.select("#backends h3").text()).isEqualTo("model all-minilm-l6-v2-q: median latency relative to onnxruntime");
    assertThat(table.select("thead th").eachText()).containsExactly("Scenario", "onnxruntime median",
        "djl (OnnxRuntime) median", "onnxruntime ratio", "djl (OnnxRuntime) ratio");
    assertThat(table.select("tbody tr")).hasSize(6);
    List<String> cells = table.select("tbody tr").first().select("td").eachText();
    assertThat(cells.get(3)).isEqualTo("1.000");
    assertThat(Double.parseDouble(cells.get(4))).isBetween(1.0, 1.2);
  }

  @Test
  @DisplayName("groups the scenarios that did not run by reason, with their count")
  void notRun() {
    List<Element> rows = page.select("#not-run tbody tr");
    assertThat(rows).hasSize(2);
    assertThat(rows.get(0).select("td").get(0).text()).isEqualTo("aborted");
    assertThat(rows.get(0).select("td").get(1).text()).isEqualTo("2");
    assertThat(rows.get(0).select("td.why").first().ownText())
        .isEqualTo("CUDA requested; onnxruntime offers [CPU] here " + ReportRuns.HOSTILE);
    assertThat(rows.get(0).select("li")).hasSize(2);
    assertThat(rows.get(1).select("td").get(0).text()).isEqualTo("failed");
  }

  @Test
  @DisplayName("describes each run: host, CPU, software, git, configuration, warnings")
  void runs() {
    Element runs = page.getElementById("runs");
    assertThat(runs.select("caption").eachText()).containsExactly("Host", "GPUs", "Software", "Git");
    assertThat(runs.text()).contains("host name " + ReportRuns.HOST).contains("CPU Test CPU").contains("Java")
        .contains("Started 2026-11-23T08:00:00Z");
  }

  @Test
  @DisplayName("with a baseline: each scenario's change, coloured by verdict; with several runs, a run column")
  void baselineAndSeveralRuns() throws Exception {
    Path base = ReportRuns.current(tempDir, "run-base", 1.0);
    Path slower = ReportRuns.current(tempDir, "run-slower", 1.3);
    Document compared = Jsoup.parse(HtmlReport.of(List.of(slower), base, RegressionRule.DEFAULT).render());
    assertThat(compared.select("#scenarios thead th").eachText()).contains("vs baseline");
    assertThat(compared.select("td.verdict-regressed")).hasSize(1).first()
        .satisfies(td -> assertThat(td.text()).matches("\\+\\d+\\.\\d% regressed"));
    assertThat(compared.select("td.verdict-unchanged").size()).isGreaterThan(5);

    Document two = Jsoup.parse(HtmlReport.of(List.of(base, slower), null, RegressionRule.DEFAULT).render());
    assertThat(two.select("#scenarios thead th").first().text()).isEqualTo("Run");
    assertThat(two.select("#scenarios tbody tr")).hasSize(34);
    assertThat(two.select("#runs h3").eachText()).containsExactly("Run 1: run-base", "Run 2: run-slower");
  }
}
