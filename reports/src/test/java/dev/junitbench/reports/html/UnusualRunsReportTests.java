package dev.junitbench.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.reports.Fixtures;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.results.Validity;
import dev.junitbench.stats.RegressionRule;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of runs unlike the usual: hostile names, one scenario, none measured, no samples.csv,
 * a minimum the user set, backends that do not differ.
 */
@DisplayName("The HTML report of unusual runs")
class UnusualRunsReportTests {

  @TempDir static Path tempDir;

  @Test
  @DisplayName(
      "keeps names, params and model names with markup, quotes, 10,000 characters and right-to-left text inert")
  void hostileNames() throws Exception {
    Path run = ReportRuns.hostileNames(tempDir, "run-hostile-names");
    String text = HtmlReport.of(List.of(run), null, RegressionRule.DEFAULT).render();
    Document hostile = Jsoup.parse(text);
    assertThat(text).doesNotContain(ReportRuns.SCRIPT).doesNotContain("<b>");
    assertThat(hostile.select("script")).hasSize(4);
    assertThat(hostile.select("b, img")).isEmpty();
    assertThat(hostile.select("table.scenarios tbody tr")).hasSize(8);
    // The summary line names the host: its letters stay, its override cannot reverse the line.
    assertThat(hostile.getElementById("answer").text())
        .contains("\u05DE\u05D5\u05D3\u05DC")
        .doesNotContain("\u202E")
        .endsWith("1 min 0 s");
    assertThat(hostile.select("td.params").eachText())
        .anySatisfy(cell -> assertThat(cell).contains(ReportRuns.LONG))
        .anySatisfy(cell -> assertThat(cell).contains(ReportRuns.RTL))
        .anySatisfy(cell -> assertThat(cell).contains("\"quoted\" 'value'"));
    JsonNode data = new ObjectMapper().readTree(hostile.getElementById("report-data").data());
    assertThat(data.get("benchmarkCharts")).hasSize(1);
    assertThat(data.get("benchmarkCharts").get(0).get("labels").toString())
        .contains(ReportRuns.SCRIPT);
  }

  @Test
  @DisplayName("gives a readable report of a run of one scenario")
  void oneScenario() throws Exception {
    Path run =
        RunFolders.write(
            tempDir,
            "run-one",
            List.of(Fixtures.passed("com.example.One#run", Fixtures.params(), 5, 40, 2e6)));
    Document one = Jsoup.parse(HtmlReport.of(List.of(run), null, RegressionRule.DEFAULT).render());
    assertThat(one.select("table.scenarios tbody tr")).hasSize(1);
    assertThat(one.selectFirst("table.scenarios td.params").text()).isEmpty();
    JsonNode data = new ObjectMapper().readTree(one.getElementById("report-data").data());
    assertThat(data.get("benchmarkCharts").get(0).get("labels").toString())
        .isEqualTo("[\"One.run\"]");
    assertThat(one.getElementById("not-run")).isNull();
  }

  @Test
  @DisplayName(
      "gives a readable report of a run where no scenario ran: no chart, no table, every scenario under Not measured")
  void nothingRan() throws Exception {
    Path run =
        RunFolders.write(
            tempDir,
            "run-none",
            List.of(
                RunFolders.ended(
                    "com.example.Gpu#run",
                    Fixtures.params("device", "cuda"),
                    Status.ABORTED,
                    "CUDA requested; none here"),
                RunFolders.ended(
                    "com.example.Gpu#run",
                    Fixtures.params("device", "rocm"),
                    Status.ABORTED,
                    "CUDA requested; none here")));
    Document none = Jsoup.parse(HtmlReport.of(List.of(run), null, RegressionRule.DEFAULT).render());
    assertThat(none.select("canvas")).isEmpty();
    assertThat(none.select("table.scenarios")).isEmpty();
    assertThat(none.getElementById("summary").text()).contains("No scenario was measured");
    assertThat(none.select("#not-run tbody tr")).hasSize(1);
    assertThat(none.selectFirst("#not-run tbody tr td.num").text()).isEqualTo("2");
  }

  @Test
  @DisplayName(
      "gives a readable report of a run without samples.csv: every chart but the distributions")
  void withoutSamples() throws Exception {
    Path run =
        RunFolders.writeWithoutSamples(
            tempDir,
            "run-no-samples",
            List.of(
                Fixtures.passed("com.example.S#run", Fixtures.params("n", 1), 6, 40, 2e6),
                Fixtures.passed("com.example.S#run", Fixtures.params("n", 2), 7, 40, 3e6)));
    Document bare = Jsoup.parse(HtmlReport.of(List.of(run), null, RegressionRule.DEFAULT).render());
    assertThat(bare.select("table.scenarios tbody tr")).hasSize(2);
    assertThat(bare.getElementById("distribution")).isNull();
    assertThat(bare.select("#benchmarks canvas")).hasSize(1);
  }

  @Test
  @DisplayName(
      "greys a backend ratio whose interval includes 1, and says no interval below 6 samples a side")
  void backendRatioUncertain() throws Exception {
    List<ScenarioResult> results = new ArrayList<>();
    int seed = 40;
    for (String backend : List.of("onnxruntime", "djl")) {
      // Same latencies on both backends: the ratio's interval holds 1. And 4 samples: none.
      results.add(
          ReportRuns.model(
              Fixtures.passed(
                  "com.example.Same#run",
                  Fixtures.params("backend", backend, "batch_size", 1),
                  seed++,
                  200,
                  2e6),
              backend));
      results.add(
          ReportRuns.model(
              Fixtures.passed(
                  "com.example.Same#run",
                  Fixtures.params("backend", backend, "batch_size", 2),
                  seed++,
                  4,
                  2e6),
              backend));
    }
    Path run = RunFolders.write(tempDir, "run-same", results);
    Document same = Jsoup.parse(HtmlReport.of(List.of(run), null, RegressionRule.DEFAULT).render());
    List<Element> rows = same.select("table.backends tbody tr");
    assertThat(rows).hasSize(2);
    Element alike = rows.get(0).select("td").get(3);
    assertThat(alike.hasClass("inconclusive")).isTrue();
    assertThat(alike.attr("title")).endsWith("it includes 1: no difference shown");
    Element few = rows.get(1).select("td").get(3);
    assertThat(few.selectFirst(".ci").text()).isEqualTo("no interval");
    assertThat(few.hasClass("inconclusive")).isTrue();
  }

  @Test
  @DisplayName(
      "says INVALID, as a warning, where the verdict means something: a minimum the user set")
  void invalidWhereItMatters() throws Exception {
    Path run =
        RunFolders.write(
            tempDir,
            "run-minimum",
            List.of(
                Fixtures.passed("com.example.Spin#spin", Fixtures.params("n", 1), 3, 1000, 1e6)
                    .withValidity(
                        Validity.of(Fixtures.lognormal(3, 1000, 1e6), 1000.0, 5000L, null))));
    Document minimum =
        Jsoup.parse(HtmlReport.of(List.of(run), null, RegressionRule.DEFAULT).render());
    Element warning = minimum.selectFirst("table.scenarios td.status .warning");
    assertThat(warning.text()).isEqualTo("INVALID");
    assertThat(warning.attr("title"))
        .isEqualTo("INVALID: fewer queries (1000) than the minimum of 5000");
    assertThat(minimum.getElementById("p99-legend")).as("1000 samples support p99").isNull();
  }
}
