package dev.junitbench.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.stats.RegressionRule;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The HTML report")
class HtmlReportTests {

  @TempDir static Path tempDir;

  private static String html;
  private static Document page;
  private static String forkedHtml;
  private static Document forked;

  @BeforeAll
  static void render() throws Exception {
    Path run = ReportRuns.current(tempDir, "run-now", 1.0);
    html = HtmlReport.of(List.of(run), null, RegressionRule.DEFAULT).render();
    page = Jsoup.parse(html);
    forkedHtml =
        HtmlReport.of(
                List.of(ReportRuns.forked(tempDir, "run-forked")), null, RegressionRule.DEFAULT)
            .render();
    forked = Jsoup.parse(forkedHtml);
    loadedHtml =
        HtmlReport.of(
                List.of(ReportRuns.loaded(tempDir, "run-loaded")), null, RegressionRule.DEFAULT)
            .render();
    loaded = Jsoup.parse(loadedHtml);
  }

  private static String loadedHtml;
  private static Document loaded;

  @Test
  @DisplayName(
      "shows each generating scenario's TTFT, TPOT, ITL and tokens/s, its prompt source escaped")
  void generation() {
    assertThat(loaded.select("nav a[href=#generation]")).hasSize(1);
    Element table = loaded.getElementById("generation-table");
    assertThat(table.select("thead th").eachText())
        .containsExactly(
            "Scenario",
            "Tokens",
            "TTFT p50",
            "TTFT p99",
            "TPOT p50",
            "ITL p50",
            "ITL p99",
            "e2e p50",
            "tokens/s",
            "prefill tokens/s",
            "Prompt");
    List<String> cells = table.select("tbody tr").get(0).select("td").eachText();
    // 4 requests: first token at 50 ms, then every 10 ms; 12 tokens over the 400 ms measured.
    assertThat(cells.subList(1, 10))
        .containsExactly(
            "3 after 128",
            "50.00 ms",
            "50.00 ms",
            "10.00 ms",
            "10.00 ms",
            "10.00 ms",
            "70.00 ms",
            "30.00",
            "2560");
    assertThat(cells.get(10)).isEqualTo(ReportRuns.HOSTILE);
    assertThat(loadedHtml).doesNotContain(ReportRuns.HOSTILE);
    assertThat(html).doesNotContain("id=\"generation\"").doesNotContain("id=\"load\"");
  }

  @Test
  @DisplayName(
      "shows each probe of the user's in a table of its own, its figures by name, text escaped")
  void probes() {
    assertThat(loaded.select("nav a[href=#probes]")).hasSize(1);
    Element table = loaded.getElementById("probe-0");
    assertThat(table.previousElementSibling().text()).isEqualTo("open_files");
    assertThat(table.select("thead th").eachText())
        .containsExactly("Scenario", "opened", "read_mb", "source", "closed", "Why missing");
    assertThat(table.select("tbody tr")).hasSize(1);
    List<String> cells = table.select("tbody tr").get(0).select("td").eachText();
    assertThat(cells.subList(1, 6))
        .containsExactly("3", "1.250", ReportRuns.HOSTILE, "-", "closed: " + ReportRuns.SCRIPT);
    assertThat(loaded.select("#probes img")).isEmpty();
    assertThat(html).doesNotContain("id=\"probes\"");
  }

  @Test
  @DisplayName(
      "shows how each loaded scenario was issued, its rates, the scheduler's lateness and whether its bound held")
  void load() {
    Element table = loaded.getElementById("load-table");
    assertThat(table.select("thead th").eachText())
        .containsExactly(
            "Scenario",
            "Load",
            "Queries",
            "Workers",
            "Target qps",
            "Scheduled",
            "Achieved",
            "Lateness p50",
            "Lateness p99",
            "Service p50",
            "Bound",
            "Held",
            "Observed",
            "Peak",
            "Goodput");
    Element row = table.select("tbody tr").get(0);
    List<String> cells = row.select("td").eachText();
    assertThat(cells.subList(1, 8))
        .containsExactly("server", "100", "2", "40.00", "38.50", "38.40", "200.0 us");
    assertThat(cells.get(11)).isEqualTo("not held");
    assertThat(row.select("td").get(11).hasClass("not-held")).isTrue();
    assertThat(cells.get(13)).isEqualTo("none held in 2 runs");
    assertThat(cells.get(14)).isEqualTo("-");
  }

  @Test
  @DisplayName(
      "is self-contained: no link, script or style is fetched, and a content security policy says so")
  void selfContained() {
    assertThat(page.select("[src]")).isEmpty();
    assertThat(page.select("link")).isEmpty();
    assertThat(page.select("a[href]")).allSatisfy(a -> assertThat(a.attr("href")).startsWith("#"));
    assertThat(html).doesNotContain("sourceMappingURL").doesNotContain("@import");
    String csp = page.selectFirst("meta[http-equiv=Content-Security-Policy]").attr("content");
    assertThat(csp).startsWith("default-src 'none'; script-src 'nonce-");
    assertThat(page.select("script"))
        .hasSize(4)
        .allSatisfy(script -> assertThat(csp).contains(script.attr("nonce")));
    assertThat(page.select("script").get(1).data()).contains("Chart.js v4.5.1");
  }

  @Test
  @DisplayName(
      "escapes every string from the results: a hostile param, error or host name stays text")
  void escaped() throws Exception {
    assertThat(page.select("img")).isEmpty();
    assertThat(page.select("b")).isEmpty();
    assertThat(page.select("script")).hasSize(4);
    assertThat(page.select("td").eachText())
        .anySatisfy(text -> assertThat(text).contains(ReportRuns.HOSTILE))
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
    assertThat(table.select("thead th").eachText())
        .contains(
            "Benchmark",
            "Params",
            "Status",
            "Median",
            "95% CI of median",
            "p99",
            "Throughput",
            "Peak RSS",
            "Model");
    assertThat(page.getElementById("filter")).isNotNull();
    assertThat(page.getElementById("status-filter").select("option").eachText())
        .contains("passed", "aborted");
    Element row = table.select("tbody tr[data-status=passed]").first();
    assertThat(row.select("td.num").first().attr("data-sort")).matches("[0-9.Ee-]+");
  }

  @Test
  @DisplayName(
      "flags each measured scenario valid or INVALID by MLPerf's early stopping, and marks a p99 too few queries support")
  void validity() {
    Element table = page.getElementById("scenarios");
    List<String> heads = table.select("thead th").eachText();
    assertThat(heads).containsSubsequence("Status", "Valid", "Median");
    int valid = heads.indexOf("Valid");
    int p99 = heads.indexOf("p99");
    assertThat(table.select("tbody tr[data-status=passed]")).isNotEmpty();
    for (Element row : table.select("tbody tr")) {
      Element cell = row.select("td").get(valid);
      if (row.attr("data-status").equals("passed")) {
        // The fixtures measure far fewer than the 64 queries p90 needs, and the 662 p99 needs.
        assertThat(cell.text()).isEqualTo("INVALID");
        assertThat(cell.hasClass("validity-INVALID")).isTrue();
        assertThat(cell.attr("title"))
            .startsWith("INVALID: p90 needs 64 queries (early stopping at 99% confidence)");
        assertThat(row.select("td").get(p99).text()).endsWith(" *");
        assertThat(row.select("td").get(p99).attr("title"))
            .startsWith(
                "not supported by early stopping (99% confidence):" + " needs 662 queries, had ");
      } else {
        assertThat(cell.text()).isEmpty();
      }
    }
  }

  @Test
  @DisplayName(
      "draws latency, throughput and memory against batch size per benchmark, and a distribution per scenario")
  void charts() throws Exception {
    JsonNode data = new ObjectMapper().readTree(page.getElementById("report-data").data());
    assertThat(data.get("batchCharts")).hasSize(3);
    JsonNode ort = data.get("batchCharts").get(0);
    assertThat(ort.get("title").asText())
        .isEqualTo("TextBenchmarks.miniLm [device=cpu, backend=onnxruntime, provider=cpu]");
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
    assertThat(page.select("#backends h3").text())
        .isEqualTo("model all-minilm-l6-v2-q: median latency relative to onnxruntime");
    assertThat(table.select("thead th").eachText())
        .containsExactly(
            "Scenario",
            "onnxruntime median",
            "djl (OnnxRuntime) median",
            "onnxruntime ratio",
            "djl (OnnxRuntime) ratio");
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
    assertThat(runs.select("caption").eachText())
        .containsExactly("Host", "GPUs", "Software", "Git");
    assertThat(runs.text())
        .contains("host name " + ReportRuns.HOST)
        .contains("CPU Test CPU")
        .contains("Java")
        .contains("Started 2026-11-23T08:00:00Z");
  }

  @Test
  @DisplayName(
      "with a baseline: each scenario's change, coloured by verdict; with several runs, a run column")
  void baselineAndSeveralRuns() throws Exception {
    Path base = ReportRuns.current(tempDir, "run-base", 1.0);
    Path slower = ReportRuns.current(tempDir, "run-slower", 1.3);
    Document compared =
        Jsoup.parse(HtmlReport.of(List.of(slower), base, RegressionRule.DEFAULT).render());
    assertThat(compared.select("#scenarios thead th").eachText()).contains("vs baseline");
    assertThat(compared.select("td.verdict-regressed"))
        .hasSize(1)
        .first()
        .satisfies(td -> assertThat(td.text()).matches("\\+\\d+\\.\\d% regressed \\(unforked\\)"));
    assertThat(compared.select("td.verdict-unchanged").size()).isGreaterThan(5);

    Document two =
        Jsoup.parse(HtmlReport.of(List.of(base, slower), null, RegressionRule.DEFAULT).render());
    assertThat(two.select("#scenarios thead th").first().text()).isEqualTo("Run");
    assertThat(two.select("#scenarios tbody tr")).hasSize(34);
    assertThat(two.select("#runs h3").eachText())
        .containsExactly("Run 1: run-base", "Run 2: run-slower");
  }

  @Test
  @DisplayName(
      "without a forked scenario: no fork column, chart or cost, and its data has no fork chart")
  void unforked() throws Exception {
    assertThat(page.select("#scenarios thead th").eachText())
        .doesNotContain("Forks", "Between-fork CV", "95% CI (forks)");
    assertThat(page.select("td.forks")).isEmpty();
    assertThat(page.getElementById("forks")).isNull();
    assertThat(page.select("nav a").eachText()).doesNotContain("Forks");
    assertThat(page.select(".fork-cost")).isEmpty();
    assertThat(page.getElementById("runs").text()).doesNotContain("Forking cost");
    JsonNode data = new ObjectMapper().readTree(page.getElementById("report-data").data());
    assertThat(data.get("forkCharts")).isEmpty();
  }

  @Test
  @DisplayName(
      "with a forked scenario: fork columns with completed forks, between-fork CV and the interval across forks")
  void forkColumns() {
    Element table = forked.getElementById("scenarios");
    List<String> heads = table.select("thead th").eachText();
    assertThat(heads)
        .containsSubsequence(
            "Median", "95% CI of median", "Forks", "Between-fork CV", "95% CI (forks)", "p99");
    int forks = heads.indexOf("Forks");
    List<Element> rows = table.select("tbody tr");
    assertThat(rows)
        .hasSize(3)
        .allSatisfy(row -> assertThat(row.select("td")).hasSize(heads.size()));
    assertThat(cells(rows.get(0), forks)).containsExactly("5", "4.5%", "[0.970, 1.080] ms");
    assertThat(rows.get(0).select("td").get(forks).attr("data-sort")).isEqualTo("5.0");
    assertThat(rows.get(0).select("td.fork-ci").attr("title"))
        .isEqualTo("student-t on log fork medians, 4 df");
    assertThat(cells(rows.get(1), forks)).containsExactly("4 of 5", "3.0%", "[1.400, 1.600] ms");
    assertThat(cells(rows.get(2), forks)).containsExactly("", "", "");
    assertThat(rows.get(2).select("td").get(forks).attr("data-sort")).isEqualTo("-1.0");
    assertThat(forked.getElementById("scenarios").parent().text())
        .contains(
            "Forked scenarios: Median and its 95% CI describe the samples of all forks pooled");
    assertThat(page.text()).doesNotContain("Forked scenarios:");
  }

  private static List<String> cells(Element row, int from) {
    return row.select("td").subList(from, from + 3).stream().map(Element::text).toList();
  }

  @Test
  @DisplayName(
      "charts each forked benchmark's fork medians against the interval across forks, the advice beneath")
  void forkChart() throws Exception {
    JsonNode data = new ObjectMapper().readTree(forked.getElementById("report-data").data());
    assertThat(data.get("forkCharts")).hasSize(1);
    JsonNode chart = data.get("forkCharts").get(0);
    assertThat(chart.get("title").asText()).isEqualTo("ForkedBenchmarks.embed");
    assertThat(forked.getElementById(chart.get("id").asText()).tagName()).isEqualTo("canvas");
    JsonNode all = chart.get("scenarios").get(0);
    JsonNode lost = chart.get("scenarios").get(1);
    assertThat(chart.get("scenarios")).hasSize(2);
    assertThat(all.get("label").asText()).isEqualTo("mode=eager, payload=" + ReportRuns.HOSTILE);
    assertThat(all.get("centre").asDouble()).isEqualTo(1.02);
    assertThat(all.get("low").asDouble()).isEqualTo(0.97);
    assertThat(all.get("high").asDouble()).isEqualTo(1.08);
    assertThat(all.get("forks")).hasSize(5);
    for (int i = 0; i < 5; i++) {
      assertThat(all.get("forks").get(i).get("fork").asInt()).isEqualTo(i + 1);
      assertThat(all.get("forks").get(i).get("median").asDouble())
          .isCloseTo(ReportRuns.FORK_MEDIANS_NS[i] / 1e6, Assertions.within(0.03));
    }
    assertThat(lost.get("forks").findValues("fork"))
        .extracting(JsonNode::asInt)
        .containsExactly(1, 2, 4, 5);
    assertThat(forked.select("nav a").eachText()).contains("Forks");

    List<Element> notes = forked.select("#forks ul.fork-notes li");
    assertThat(notes).hasSize(2);
    assertThat(notes.get(0).text())
        .isEqualTo(
            "mode=eager, payload="
                + ReportRuns.HOSTILE
                + ": 5 forks; 95% CI"
                + " [0.970, 1.080] ms around 1.020 ms (student-t on log fork medians, 4 df); between-fork CV 4.5%, within-fork"
                + " 0.8%. Advice: 8 forks x 400 iterations for +-2.5% (expected +-2.2%): "
                + ReportRuns.ADVICE
                + ".");
    assertThat(notes.get(1).text())
        .contains("4 of 5 forks")
        .contains("Advice: " + ReportRuns.NO_ADVICE + ". Fork 3")
        .endsWith("Fork 3 failed: java.lang.IllegalStateException: " + ReportRuns.SCRIPT);
  }

  @Test
  @DisplayName(
      "keeps what forked scenarios bring inert: a hostile label, advice or fork error stays text")
  void forksEscaped() throws Exception {
    assertThat(forked.select("img")).isEmpty();
    assertThat(forked.select("script")).hasSize(4);
    String data = forked.getElementById("report-data").data();
    assertThat(data).doesNotContain("<").doesNotContain(">").doesNotContain("&");
    assertThat(new ObjectMapper().readTree(data).get("forkCharts").toString())
        .contains(ReportRuns.HOSTILE);
    assertThat(forkedHtml).doesNotContain(ReportRuns.HOSTILE).doesNotContain(ReportRuns.SCRIPT);
  }

  @Test
  @DisplayName(
      "states what forking cost: the forks' wall time and the part outside warm-up and measurement")
  void forkCost() {
    assertThat(forked.select("#runs .fork-cost").text())
        .isEqualTo(
            "Forking cost: 2 scenarios measured in 10 forks took"
                + " 22.50 s of wall time, 7.500 s of it outside warm-up and measurement (JVM start-up, set-up, model loading).");
  }
}
