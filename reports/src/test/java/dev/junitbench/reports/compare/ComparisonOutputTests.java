package dev.junitbench.reports.compare;

import static dev.junitbench.reports.Fixtures.EMBED;
import static dev.junitbench.reports.Fixtures.params;
import static dev.junitbench.reports.Fixtures.passed;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.results.RunFolders;
import dev.junitbench.stats.RegressionRule;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("compare's outputs")
class ComparisonOutputTests {

  private static final String HOSTILE =
      "<img src=x onerror=alert(1)> | @octocat [link](http://x) `code` =1+1";

  @TempDir Path tempDir;

  private RunComparison comparison;

  @BeforeEach
  void compare() throws Exception {
    String longName =
        "com.example.AVeryLongBenchmarkClassNameThatGoesOnAndOnForeverAndEver#andAnEquallyLongMethodName";
    Path base =
        RunFolders.write(
            tempDir,
            "run-base",
            List.of(
                passed(EMBED, params("batch_size", 8, "payload", HOSTILE), 1, 100, 44e6),
                passed(EMBED, params("batch_size", 8, "payload", "plain"), 2, 100, 44e6),
                passed(
                    longName,
                    params("batch_size", 1, "mode", "optimized-with-a-long-name", "threads", 16),
                    3,
                    100,
                    1e6),
                passed(
                    longName,
                    params("batch_size", 2, "mode", "optimized-with-a-long-name", "threads", 16),
                    4,
                    100,
                    2e6)));
    Path now =
        RunFolders.write(
            tempDir,
            "run-now",
            List.of(
                passed(EMBED, params("batch_size", 8, "payload", HOSTILE), 5, 100, 44e6 * 1.2),
                passed(EMBED, params("batch_size", 8, "payload", "plain"), 6, 100, 44e6),
                passed(
                    longName,
                    params("batch_size", 1, "mode", "optimized-with-a-long-name", "threads", 16),
                    7,
                    100,
                    1e6),
                passed(
                    longName,
                    params("batch_size", 2, "mode", "optimized-with-a-long-name", "threads", 16),
                    8,
                    100,
                    2e6)));
    comparison = RunComparison.of(base, now, RegressionRule.DEFAULT);
  }

  @Test
  @DisplayName("text: the summary line first, the runs, the method, then tables within 120 columns")
  void text() {
    String text = ComparisonText.render(comparison);
    List<String> lines = text.lines().toList();
    assertThat(lines.get(0)).isEqualTo("1 regressed, 0 improved, 3 unchanged");
    assertThat(text)
        .contains("baseline: " + comparison.baseline().resultsFile())
        .contains("(run run-base, host")
        .contains("current:  " + comparison.current().resultsFile());
    assertThat(text).contains("method: verdict when p < 0.01");
    // Only a single word longer than a line (a long path) may pass the width: it is never cut.
    assertThat(lines)
        .allSatisfy(
            line ->
                assertThat(line.length() <= 120 || !line.trim().contains(" ")).as(line).isTrue());
    String row =
        lines.stream().filter(l -> l.trim().startsWith("regressed")).findFirst().orElseThrow();
    assertThat(row).contains(HOSTILE.substring(0, 20)).contains("+2").contains("%  [+");
    assertThat(lines)
        .anySatisfy(
            line ->
                assertThat(line).startsWith("AVeryLongBenchmarkClassNameThatGoesOnAndOnForever"));
  }

  @Test
  @DisplayName("Markdown: leads with what regressed, by how much and how sure; every name escaped")
  void markdown() {
    String md = ComparisonMarkdown.render(comparison);
    String lead = md.lines().findFirst().orElseThrow();
    assertThat(lead)
        .startsWith(
            ":red_circle: **1 regressed**, 0 improved, 3 unchanged: the largest, EmbeddingBenchmarks\\.embed \\[payload\\=")
        .contains(", is +")
        .contains(" slower (95% CI +")
        .contains(", p = ");
    assertThat(md)
        .contains("| Verdict | Scenario | Baseline | Current | Change | 95% CI | p | Throughput |");
    assertThat(md).contains("<details><summary>3 unchanged</summary>");
    // No tag, link, mention, code span or table cell can come from a name.
    String ours = md.replaceAll("</?(details|summary|sub)>", "");
    assertThat(ours)
        .doesNotContainPattern("[^\\\\]<")
        .doesNotContain("](http")
        .doesNotContain(" @octocat")
        .doesNotContain("`code`");
    assertThat(md)
        .contains("\\<img src\\=x onerror\\=alert\\(1\\)\\> \\| \\@octocat \\[link\\]\\(http\\:");
    md.lines()
        .filter(line -> line.startsWith("| "))
        .forEach(
            line ->
                assertThat(line.replace("\\|", "").chars().filter(c -> c == '|').count())
                    .as(line)
                    .isEqualTo(9));
  }

  @Test
  @DisplayName(
      "JSON: counts, rule, method, both runs and each scenario with both sides and the comparison")
  void json() throws Exception {
    JsonNode json = new ObjectMapper().readTree(ComparisonJson.render(comparison));
    assertThat(json.get("summary").asText()).isEqualTo("1 regressed, 0 improved, 3 unchanged");
    assertThat(json.get("counts").get("regressed").asInt()).isEqualTo(1);
    assertThat(json.get("regressed").asBoolean()).isTrue();
    assertThat(json.get("rule").get("threshold").asDouble()).isEqualTo(0.05);
    assertThat(json.get("baseline").get("run_id").asText()).isEqualTo("run-base");
    assertThat(json.get("baseline").get("samples").asBoolean()).isTrue();
    JsonNode first = json.get("scenarios").get(0);
    assertThat(first.get("benchmark").asText()).isEqualTo(EMBED);
    assertThat(first.get("params").get("payload").asText()).isEqualTo(HOSTILE);
    assertThat(first.get("kind").asText()).isEqualTo("compared");
    assertThat(first.get("verdict").asText()).isEqualTo("regressed");
    assertThat(first.get("latency").get("ratio").asDouble()).isBetween(1.15, 1.25);
    assertThat(first.get("latency").get("p_value").asDouble()).isLessThan(0.01);
    assertThat(first.get("baseline").get("latency_ms").get("count").asInt()).isEqualTo(100);
    assertThat(first.get("throughput").get("ratio").asDouble()).isLessThan(1);
    assertThat(first.get("throughput").get("change").asDouble()).isNegative();
    assertThat(first.get("throughput").get("higher_is_better").asBoolean()).isTrue();
    assertThat(first.get("lost").asBoolean()).isFalse();
    assertThat(json.get("scenarios")).hasSize(4);
  }
}
