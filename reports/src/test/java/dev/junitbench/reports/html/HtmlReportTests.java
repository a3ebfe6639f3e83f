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
    assertThat(table.parent().previousElementSibling().text()).isEqualTo("open_files");
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
    // 100 queries around 20 ms against a 10 ms bound: nearly all over it, missed whatever the
    // count.
    assertThat(cells.get(11)).isEqualTo("missed");
    assertThat(row.select("td").get(11).hasClass("not-held")).isTrue();
    assertThat(LoadViews.held(null, 0)).isEqualTo("-");
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
  @DisplayName(
      "lists the measured scenarios in a sortable, filterable table per benchmark, params shortened to those that vary")
  void summary() {
    List<Element> groups = page.select("#summary details.group");
    assertThat(groups)
        .extracting(g -> g.selectFirst("summary .bench-name").text())
        .containsExactly("TextBenchmarks.miniLm", "TextBenchmarks.miniLmDjl", "Hostile.run");
    assertThat(groups).allSatisfy(g -> assertThat(g.hasAttr("open")).isTrue());
    assertThat(groups.get(0).selectFirst("summary").text())
        .isEqualTo(
            "TextBenchmarks.miniLm 6 measured · device=cpu, backend=onnxruntime, provider=cpu");
    // 17 results: the 2 aborted CUDA scenarios and the failure that measured nothing are in "Not
    // measured" only.
    assertThat(page.select("table.scenarios tbody tr")).hasSize(14);
    assertThat(page.select("table.scenarios tbody tr[data-status=aborted]")).isEmpty();
    Element table = groups.get(0).selectFirst("table");
    assertThat(table.hasClass("sortable")).isTrue();
    assertThat(table.select("thead th").eachText())
        .containsExactly(
            "Params",
            "Status",
            "Median",
            "95% CI of median",
            "p99",
            "Throughput",
            "Tokens/s",
            "Peak RSS",
            "Alloc/op",
            "Model",
            "Reason");
    assertThat(table.select("thead th.extra").eachText())
        .containsExactly("Tokens/s", "Peak RSS", "Model", "Reason");
    assertThat(table.select("tbody tr").get(0).selectFirst("td.params").text())
        .isEqualTo("batch_size=1, mode=eager");
    assertThat(page.getElementById("filter")).isNotNull();
    assertThat(page.getElementById("more-columns").attr("type")).isEqualTo("checkbox");
    assertThat(page.getElementById("status-filter").select("option").eachText())
        .as("the statuses of the table's rows")
        .containsExactly("all", "passed");
    Element row = table.select("tbody tr[data-status=passed]").first();
    assertThat(row.select("td.num").first().attr("data-sort")).matches("[0-9.Ee-]+");
    assertThat(row.attr("data-benchmark")).isEqualTo("TextBenchmarks.miniLm");
  }

  @Test
  @DisplayName(
      "never calls a latency benchmark INVALID for its sample count: it marks a p99 the count does not support and explains the mark")
  void validity() {
    assertThat(page.select("#summary thead th").eachText()).doesNotContain("Valid");
    assertThat(html).doesNotContain("INVALID");
    assertThat(page.select(".warning")).isEmpty();
    List<Element> rows = page.select("table.scenarios tbody tr[data-status=passed]");
    assertThat(rows).isNotEmpty();
    for (Element row : rows) {
      List<String> heads = row.parents().select("table").first().select("thead th").eachText();
      Element p99 = row.select("td").get(heads.indexOf("p99"));
      // The fixtures measure far fewer than the 662 queries p99 needs.
      assertThat(p99.text()).endsWith(" *");
      assertThat(p99.attr("title")).matches("p99 needs 662 samples; \\d+ measured");
    }
    assertThat(page.getElementById("p99-legend").text())
        .startsWith("* p99 from fewer samples than it needs")
        .contains("never a failure");
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
    for (String kind : List.of("latency", "throughput")) {
      assertThat(page.getElementById(ort.get("id").asText() + "-" + kind)).as(kind).isNotNull();
    }
    assertThat(page.getElementById(ort.get("id").asText() + "-memory"))
        .as("no memory chart where no scenario measured memory")
        .isNull();
    assertThat(data.get("distributions")).hasSize(14);
    JsonNode distribution = data.get("distributions").get(0).get("runs").get(0);
    assertThat(distribution.get("cdf")).hasSize(202);
    assertThat(distribution.get("p50").asDouble()).isLessThan(distribution.get("p99").asDouble());
    assertThat(page.getElementById("distribution-chart")).isNotNull();
  }

  @Test
  @DisplayName(
      "compares the backends that ran the same model and scenario, as ratios to the first with their 95% interval, within one JVM only")
  void backends() throws Exception {
    Element table = page.select("table.backends").first();
    assertThat(page.select("#backends h3").text())
        .isEqualTo("model all-minilm-l6-v2-q: median latency relative to onnxruntime");
    assertThat(table.select("thead th").eachText())
        .containsExactly(
            "Scenario",
            "onnxruntime median",
            "djl (OnnxRuntime) median",
            "djl (OnnxRuntime) ratio [95% CI]");
    assertThat(table.select("tbody tr")).hasSize(6);
    List<Element> cells = table.select("tbody tr").first().select("td");
    Element djl = cells.get(3);
    assertThat(djl.text()).matches("1\\.\\d{3} \\[\\d\\.\\d{3}, \\d\\.\\d{3}\\]");
    double ratio = Double.parseDouble(djl.ownText());
    assertThat(ratio).isBetween(1.0, 1.2);
    assertThat(djl.attr("title")).startsWith("95% interval within one JVM each");
    assertThat(table.parent().previousElementSibling().text()).startsWith("Within one JVM only");
    JsonNode chart =
        new ObjectMapper().readTree(page.getElementById("report-data").data()).get("backendCharts");
    assertThat(chart.get(0).get("lows").get(1).get(0).asDouble()).isLessThan(ratio);
    assertThat(chart.get(0).get("highs").get(1).get(0).asDouble()).isGreaterThan(ratio);
    assertThat(chart.get(0).get("lows").get(0).get(0).isNull()).as("the reference").isTrue();
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
    assertThat(compared.select("#summary thead th").eachText()).contains("vs baseline");
    assertThat(compared.select("td.verdict-regressed"))
        .hasSize(1)
        .first()
        .satisfies(td -> assertThat(td.text()).matches("\\+\\d+\\.\\d% regressed \\(unforked\\)"));
    assertThat(compared.select("td.verdict-unchanged").size()).isGreaterThan(5);

    JsonNode sides =
        new ObjectMapper()
            .readTree(compared.getElementById("report-data").data())
            .get("benchmarkCharts")
            .get(0);
    assertThat(sides.get("datasets").findValuesAsText("label"))
        .containsExactly("baseline", "current");
    assertThat(compared.getElementById("verdicts").selectFirst(".verdict-line").text())
        .startsWith("1 regressed, 0 improved");
    assertThat(compared.select("#verdicts p.change.regressed").text())
        .contains("TextBenchmarks.miniLm [batch_size=8, mode=eager")
        .containsPattern("\\+\\d+\\.\\d% 95% CI \\[\\+");

    Document two =
        Jsoup.parse(HtmlReport.of(List.of(base, slower), null, RegressionRule.DEFAULT).render());
    assertThat(two.select("#summary thead th").first().text()).isEqualTo("Run");
    assertThat(two.select("#summary tbody tr")).hasSize(28);
    assertThat(two.select("#runs h3").eachText())
        .containsExactly("Run 1: run-base", "Run 2: run-slower");
  }

  @Test
  @DisplayName(
      "without a forked scenario: no fork column, chart or cost, and its data has no fork chart")
  void unforked() throws Exception {
    assertThat(page.select("#summary thead th").eachText())
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
    Element table = forked.selectFirst("table.scenarios");
    List<String> heads = table.select("thead th").eachText();
    assertThat(heads)
        .containsSubsequence(
            "Median",
            "Pooled median",
            "95% CI pooled",
            "Forks",
            "Between-fork CV",
            "95% CI (forks)",
            "p99");
    int forks = heads.indexOf("Forks");
    List<Element> rows = table.select("tbody tr");
    assertThat(rows)
        .hasSize(2)
        .allSatisfy(row -> assertThat(row.select("td")).hasSize(heads.size()));
    // The unforked benchmark's own table: no fork columns, its interval in view.
    Element plain = forked.select("table.scenarios").get(1);
    assertThat(plain.select("thead th").eachText()).doesNotContain("Forks", "95% CI (forks)");
    assertThat(plain.select("thead th.extra").eachText()).doesNotContain("95% CI of median");
    assertThat(cells(rows.get(0), forks)).containsExactly("5", "4.5%", "[0.970, 1.080] ms");
    // Median: the centre of the interval across forks, as the chart draws it; the pooled median
    // beside it, under More columns.
    int median = heads.indexOf("Median");
    assertThat(rows.get(0).select("td").get(median).text()).isEqualTo("1.020 ms");
    assertThat(rows.get(0).select("td").get(median).attr("data-sort")).isEqualTo("1.02");
    assertThat(rows.get(0).select("td").get(median + 1).hasClass("extra")).isTrue();
    assertThat(rows.get(0).select("td").get(median + 1).text()).endsWith(" ms");
    assertThat(rows.get(0).select("td").get(forks).attr("data-sort")).isEqualTo("5.0");
    assertThat(rows.get(0).select("td.fork-ci").attr("title"))
        .isEqualTo("student-t on log fork medians, 4 df");
    assertThat(cells(rows.get(1), forks)).containsExactly("4 of 5", "3.0%", "[1.400, 1.600] ms");
    assertThat(forked.getElementById("summary").text())
        .contains(
            "Forked scenarios: Median is the geometric mean of the fork medians, the centre of the"
                + " 95% CI (forks)");
    assertThat(table.select("thead th.extra").eachText())
        .contains("Pooled median", "95% CI pooled", "Between-fork CV");
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
                + " [0.970, 1.080] ms around 1.020 ms (student-t on log fork medians, 4 df);"
                + " precision +-6.0% reached at 5 forks (+-5.4%); between-fork CV 4.5%, within-fork"
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
