package dev.junitbench.reports.compare;

import static dev.junitbench.reports.Fixtures.CLASSIFY;
import static dev.junitbench.reports.Fixtures.EMBED;
import static dev.junitbench.reports.Fixtures.params;
import static dev.junitbench.reports.Fixtures.passed;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.reports.Markdown;
import dev.junitbench.reports.WarmupFixtures;
import dev.junitbench.results.Phase;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.RegressionRule;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("compare's note on warm-ups that were not steady")
class WarmupNoteTests {

  private static final String BASE_REASON =
      "only 3 of the 8 windows compared (each at least 250ms and 5 calls, 2.1 s a call) fit in"
          + " 30.0 s; raise junit.bench.warmup.max-time or @Warmup(maxTime)";

  private static final Phase STEADY = WarmupFixtures.steady(WarmupFixtures.settling(1.0, 12));
  private static final Phase DRIFTING =
      WarmupFixtures.unsteady(WarmupFixtures.drifting(1.5, 20), WarmupFixtures.DRIFTING);
  private static final Phase SHORT =
      WarmupFixtures.unsteady(WarmupFixtures.drifting(1.5, 3), BASE_REASON);

  @TempDir Path tempDir;

  private RunComparison comparison;

  /**
   * EMBED batch 1 steady in the baseline, drifting now; batch 8 steady in both; batch 32 short in
   * the baseline, fixed now; CLASSIFY fixed in both. Each side's samples are alike.
   */
  @BeforeEach
  void compare() throws Exception {
    comparison = compare("run-base", "run-now", true);
  }

  private RunComparison compare(String base, String now, boolean warmups) throws Exception {
    Path before =
        RunFolders.write(
            tempDir,
            base,
            List.of(
                scenario(1, warmups ? STEADY : null),
                scenario(8, warmups ? STEADY : null),
                scenario(32, warmups ? SHORT : null),
                passed(CLASSIFY, params("batch_size", 1), 4, 100, 2e6)));
    Path after =
        RunFolders.write(
            tempDir,
            now,
            List.of(
                scenario(1, warmups ? DRIFTING : null),
                scenario(8, warmups ? STEADY : null),
                scenario(32, null),
                passed(CLASSIFY, params("batch_size", 1), 4, 100, 2e6)));
    return RunComparison.of(before, after, RegressionRule.DEFAULT);
  }

  /** EMBED at {@code batch}, warmed up by {@code warmup} or with a fixed warm-up for null. */
  private static ScenarioResult scenario(int batch, Phase warmup) {
    return warmup == null
        ? passed(EMBED, params("batch_size", batch), batch, 100, 1e6 * batch)
        : WarmupFixtures.warmedUp(
            EMBED, params("batch_size", batch), batch, 100, 1e6 * batch, warmup);
  }

  private RunComparison.Row row(int batch) {
    return comparison.rows().stream()
        .filter(r -> r.key().benchmark().equals(EMBED))
        .filter(r -> Integer.valueOf(batch).equals(r.named().params().get("batch_size")))
        .findFirst()
        .orElseThrow();
  }

  @Test
  @DisplayName("names each side whose warm-up did not settle, and is null when none did not")
  void note() {
    assertThat(WarmupNote.of(comparison, row(1)))
        .isEqualTo("warm-up not steady (current: " + WarmupFixtures.DRIFTING + ")");
    assertThat(WarmupNote.of(comparison, row(8))).isNull();
    assertThat(WarmupNote.of(comparison, row(32)))
        .isEqualTo("warm-up not steady (baseline: " + BASE_REASON + ")");
  }

  @Test
  @DisplayName("leaves every verdict as it is without the warm-ups")
  void verdictStands() throws Exception {
    RunComparison fixed = compare("run-base-fixed", "run-now-fixed", false);
    assertThat(comparison.rows())
        .extracting(RunComparison.Row::verdict)
        .containsExactlyElementsOf(fixed.rows().stream().map(RunComparison.Row::verdict).toList());
    assertThat(comparison.summaryLine()).isEqualTo(fixed.summaryLine());
  }

  @Test
  @DisplayName("text: the verdict column says so, the reasons under the table")
  void text() {
    String text = ComparisonText.render(comparison);
    List<String> verdicts =
        text.lines()
            .filter(line -> line.startsWith("  unchanged"))
            .map(line -> line.substring(2, line.indexOf("  ", 2)))
            .toList();
    assertThat(verdicts)
        .containsExactlyInAnyOrder(
            "unchanged, warm-up not steady",
            "unchanged",
            "unchanged, warm-up not steady",
            "unchanged");
    // A note wraps within 120 columns, its continuation indented.
    String joined = text.replace("\n    ", " ");
    assertThat(joined)
        .contains(
            "\n  EmbeddingBenchmarks.embed [batch_size=1]: warm-up not steady (current: "
                + WarmupFixtures.DRIFTING
                + ")\n")
        .contains(
            "\n  EmbeddingBenchmarks.embed [batch_size=32]: warm-up not steady (baseline: "
                + BASE_REASON
                + ")\n");
    assertThat(text.lines().filter(line -> line.contains("warm-up") || line.startsWith("    ")))
        .allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(120));
    assertThat(text).doesNotContain("batch_size=8]: warm-up");
  }

  @Test
  @DisplayName(
      "Markdown: the verdict cell says so, a warning per scenario before the tables, escaped")
  void markdown() {
    String md = ComparisonMarkdown.render(comparison);
    List<String> warnings = md.lines().filter(line -> line.startsWith("- :warning: ")).toList();
    assertThat(warnings)
        .containsExactly(
            "- :warning: EmbeddingBenchmarks\\.embed \\[batch\\_size\\=1\\]\\: warm\\-up not steady"
                + " \\(current\\: still drifting \\-5\\.0% per window after 30\\.00 s \\(steady means"
                + " within ±2\\.0% over 8 windows\\) \\<b\\>\\&\\</b\\>\\)",
            "- :warning: EmbeddingBenchmarks\\.embed \\[batch\\_size\\=32\\]\\: warm\\-up not steady"
                + " \\(baseline\\: "
                + Markdown.escape(BASE_REASON)
                + "\\)");
    assertThat(md.indexOf("- :warning: ")).isLessThan(md.indexOf("| Verdict |"));
    assertThat(md.lines().filter(line -> line.startsWith("| unchanged, warm\\-up not steady |")))
        .hasSize(2);
    assertThat(md).doesNotContain("<b>");
  }

  @Test
  @DisplayName(
      "JSON: each scenario's warmup, both sides' steady and steady_reason and the note, null where unchecked")
  void json() throws Exception {
    JsonNode scenarios =
        new ObjectMapper().readTree(ComparisonJson.render(comparison)).get("scenarios");
    List<String> notes = new ArrayList<>();
    for (JsonNode scenario : scenarios) {
      JsonNode warmup = scenario.get("warmup");
      String batch = scenario.get("params").get("batch_size").asText();
      String key = scenario.get("benchmark").asText().equals(EMBED) ? batch : "classify";
      notes.add(
          key
              + " "
              + warmup.at("/baseline/steady").asText()
              + " "
              + warmup.at("/current/steady").asText()
              + " "
              + warmup.get("note").isNull());
      if (key.equals("1")) {
        assertThat(warmup.at("/current/steady_reason").asText()).isEqualTo(WarmupFixtures.DRIFTING);
        assertThat(warmup.at("/baseline/steady_reason").isNull()).isTrue();
        assertThat(warmup.get("note").asText()).isEqualTo(WarmupNote.of(comparison, row(1)));
      }
      if (key.equals("32")) {
        assertThat(warmup.at("/baseline/steady_reason").asText()).isEqualTo(BASE_REASON);
      }
    }
    assertThat(notes)
        .containsExactlyInAnyOrder(
            "1 true false false",
            "8 true true true",
            "32 false null false",
            "classify null null true");
  }

  @Test
  @DisplayName("rounds: a side is not steady when one of its rounds was not, the round named")
  void rounds() throws Exception {
    RunFolders.write(tempDir.resolve("base"), "run-1", List.of(scenario(1, STEADY)));
    RunFolders.write(tempDir.resolve("head"), "run-2", List.of(scenario(1, STEADY)));
    RunFolders.write(tempDir.resolve("base"), "run-3", List.of(scenario(1, STEADY)));
    RunFolders.write(tempDir.resolve("head"), "run-4", List.of(scenario(1, DRIFTING)));
    RunComparison rounds =
        RunComparison.of(tempDir.resolve("base"), tempDir.resolve("head"), RegressionRule.DEFAULT);
    assertThat(WarmupNote.of(rounds, rounds.rows().get(0)))
        .isEqualTo("warm-up not steady (current: round 2 of 2: " + WarmupFixtures.DRIFTING + ")");
    assertThat(WarmupNote.baseline(rounds, rounds.rows().get(0)).steady()).isTrue();
  }
}
