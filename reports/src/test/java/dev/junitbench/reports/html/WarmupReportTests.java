package dev.junitbench.reports.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.reports.WarmupFixtures;
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

@DisplayName("The HTML report of warm-ups run until steady")
class WarmupReportTests {

  private static final String RULE = " (8 windows of 250 ms, ±2.0%)";

  @TempDir static Path tempDir;

  private static String html;
  private static Document page;
  private static JsonNode charts;
  private static Document compared;

  @BeforeAll
  static void render() throws Exception {
    Path now = ReportRuns.warmedUp(tempDir, "run-now", false);
    html = HtmlReport.of(List.of(now), null, RegressionRule.DEFAULT).render();
    page = Jsoup.parse(html);
    charts =
        new ObjectMapper().readTree(page.getElementById("report-data").data()).get("warmupCharts");
    Path base = ReportRuns.warmedUp(tempDir, "run-base", true);
    compared = Jsoup.parse(HtmlReport.of(List.of(now), base, RegressionRule.DEFAULT).render());
  }

  @Test
  @DisplayName(
      "charts each benchmark's warm-ups: a line per scenario, window medians against seconds, in the unit of their level")
  void chartData() {
    assertThat(charts).hasSize(2);
    JsonNode chart = charts.get(0);
    assertThat(chart.get("title").asText()).isEqualTo("WarmBenchmarks.embed");
    assertThat(chart.get("unit").asText()).isEqualTo("us");
    assertThat(chart.get("perMs").asDouble()).isEqualTo(1000);
    assertThat(chart.get("curves").findValuesAsText("label"))
        .containsExactly("batch_size=1", "batch_size=8");
    JsonNode settled = chart.get("curves").get(0);
    assertThat(settled.get("steady").asBoolean()).isTrue();
    assertThat(settled.get("windows")).hasSize(12);
    assertThat(settled.get("windows").get(0).get("x").asDouble()).isEqualTo(0.25);
    assertThat(settled.get("windows").get(0).get("y").asDouble()).isEqualTo(1.6);
    assertThat(settled.get("settled").get("x").asDouble()).isEqualTo(3.0);
    assertThat(settled.get("settled").get("y").asDouble()).isEqualTo(0.8);
    // The last 8 windows compared: the 5th to the 12th, from the end of the 4th at 1 s.
    JsonNode band = settled.get("band");
    assertThat(band.get("from").asDouble()).isEqualTo(1.0);
    assertThat(band.get("to").asDouble()).isEqualTo(3.0);
    assertThat(band.get("low").asDouble()).isCloseTo(0.8 * 0.98, within(1e-12));
    assertThat(band.get("high").asDouble()).isCloseTo(0.8 * 1.02, within(1e-12));

    JsonNode drifting = chart.get("curves").get(1);
    assertThat(drifting.get("steady").asBoolean()).isFalse();
    assertThat(drifting.get("settled").isNull()).isTrue();
    assertThat(drifting.get("windows")).hasSize(20);
    double level = (2 * Math.pow(0.95, 15) + 2 * Math.pow(0.95, 16)) / 2;
    assertThat(drifting.get("band").get("from").asDouble()).isEqualTo(3.0);
    assertThat(drifting.get("band").get("to").asDouble()).isEqualTo(5.0);
    assertThat(drifting.get("band").get("low").asDouble()).isCloseTo(level * 0.98, within(1e-12));

    JsonNode forked = charts.get(1);
    assertThat(forked.get("title").asText()).isEqualTo("WarmBenchmarks.forked");
    assertThat(forked.get("unit").asText()).isEqualTo("ms");
    assertThat(forked.get("curves").findValuesAsText("label"))
        .containsExactly(
            "mode=eager, fork 1",
            "mode=eager, fork 2",
            "mode=optimized, fork 1",
            "mode=optimized, fork 2");
    assertThat(forked.get("curves").findValuesAsText("steady"))
        .containsExactly("true", "false", "true", "true");
  }

  @Test
  @DisplayName(
      "says under each chart when each scenario settled, in every fork, or NOT steady and why, escaped")
  void lines() {
    assertThat(page.select("#warmup h3").eachText())
        .containsExactly("WarmBenchmarks.embed", "WarmBenchmarks.forked");
    assertThat(page.select("#warmup canvas").eachAttr("id"))
        .containsExactly("warmup-1", "warmup-2");
    List<Element> notes = page.select("#warmup ul.warmup-notes li");
    assertThat(notes)
        .extracting(Element::text)
        .containsExactly(
            "batch_size=1: settled at 3.000 s" + RULE,
            "batch_size=8: NOT steady: " + WarmupFixtures.DRIFTING,
            "mode=eager: NOT steady: fork 2: " + WarmupFixtures.DRIFTING,
            "mode=optimized: settled in every fork: fork 1 at 2.500 s, fork 2 at 3.000 s" + RULE);
    assertThat(notes)
        .extracting(li -> li.hasClass("not-steady"))
        .containsExactly(false, true, true, false);
    assertThat(page.select("#warmup b")).isEmpty();
    assertThat(html).doesNotContain("<b>&</b>");
    assertThat(page.select("nav a").eachText()).contains("Warm-up");
    assertThat(page.select("nav a[href=#warmup]")).hasSize(1);
  }

  @Test
  @DisplayName(
      "flags a scenario whose warm-up was not steady in its table row, the reason as the flag's title")
  void tableFlag() {
    assertThat(flags(page, "WarmBenchmarks.embed", "batch_size=1")).isEmpty();
    assertThat(flags(page, "WarmBenchmarks.embed", "batch_size=8"))
        .containsExactly("NOT STEADY: warm-up NOT steady: " + WarmupFixtures.DRIFTING);
    assertThat(flags(page, "WarmBenchmarks.forked", "mode=eager"))
        .containsExactly("NOT STEADY: warm-up NOT steady: fork 2: " + WarmupFixtures.DRIFTING);
    assertThat(flags(page, "WarmBenchmarks.forked", "mode=optimized")).isEmpty();
    assertThat(flags(page, "WarmBenchmarks.fixed", "")).isEmpty();
  }

  @Test
  @DisplayName("under report --baseline flags a warm-up not steady on either side")
  void baselineFlags() {
    assertThat(flags(compared, "WarmBenchmarks.embed", "batch_size=1"))
        .containsExactly(
            "baseline NOT STEADY: the baseline's warm-up NOT steady: " + WarmupFixtures.DRIFTING);
    assertThat(flags(compared, "WarmBenchmarks.embed", "batch_size=8"))
        .containsExactly("NOT STEADY: warm-up NOT steady: " + WarmupFixtures.DRIFTING);
    assertThat(flags(compared, "WarmBenchmarks.forked", "mode=eager"))
        .containsExactly(
            "NOT STEADY: warm-up NOT steady: fork 2: " + WarmupFixtures.DRIFTING,
            "baseline NOT STEADY: the baseline's warm-up NOT steady: fork 2: "
                + WarmupFixtures.DRIFTING);
  }

  @Test
  @DisplayName(
      "has no Warm-up section, link or chart data when no scenario was warmed up until steady")
  void noSection() throws Exception {
    Document plain =
        Jsoup.parse(
            HtmlReport.of(
                    List.of(ReportRuns.current(tempDir, "run-fixed", 1.0)),
                    null,
                    RegressionRule.DEFAULT)
                .render());
    assertThat(plain.getElementById("warmup")).isNull();
    assertThat(plain.select("nav a").eachText()).doesNotContain("Warm-up");
    assertThat(plain.select(".warmup-flag")).isEmpty();
    assertThat(
            new ObjectMapper()
                .readTree(plain.getElementById("report-data").data())
                .get("warmupCharts"))
        .isEmpty();
  }

  /**
   * Each warm-up flag's text and title in the row of {@code benchmark} whose params are {@code
   * params}, as {@code text: title}.
   */
  private static List<String> flags(Document document, String benchmark, String params) {
    Element group =
        document.select("#summary details.group").stream()
            .filter(g -> g.selectFirst("summary .bench-name").text().equals(benchmark))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no table of " + benchmark));
    Element row =
        group.select("tbody tr").stream()
            .filter(tr -> tr.selectFirst("td.params").text().equals(params))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no row " + params + " of " + benchmark));
    return row.select("td.status span.warmup-flag").stream()
        .map(span -> span.text() + ": " + span.attr("title"))
        .toList();
  }
}
