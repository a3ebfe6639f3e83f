package dev.junitbench.reports.summary;

import static dev.junitbench.reports.Fixtures.EMBED;
import static dev.junitbench.reports.Fixtures.params;
import static dev.junitbench.reports.Fixtures.passed;
import static dev.junitbench.reports.summary.SummaryRuns.ended;
import static dev.junitbench.reports.summary.SummaryRuns.read;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.reports.compare.RunComparison;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.stats.RegressionRule;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A run's summary in Markdown")
class RunMarkdownTests {

  private static final String HOSTILE = "com.example.Hostile#run";

  /** A pipe no backslash escapes: a table cell's border. */
  private static final Pattern BORDER = Pattern.compile("(?<!\\\\)\\|");

  @TempDir Path tempDir;

  @Test
  @DisplayName(
      "leads with the summary line, then what regressed, by how much and how sure, then a table per"
          + " benchmark; the method last")
  void form() throws Exception {
    Path base = SummaryRuns.baseline(tempDir);
    Path current = SummaryRuns.current(tempDir, "run-now", 1.2, 0.8);
    RunComparison comparison = RunComparison.of(read(base), read(current), RegressionRule.DEFAULT);
    String md = RunMarkdown.render(RunSummary.of(List.of(read(current)), comparison));
    List<String> paragraphs = List.of(md.split("\n\n"));
    assertThat(paragraphs.get(0))
        .isEqualTo(
            "**junit-bench:** 2 benchmarks, 6 scenarios measured, 2 not run \\(2 aborted\\: CUDA"
                + " requested; onnxruntime offers \\[CPU\\] here\\), on host ci\\-1 \\(2 cores\\),"
                + " 1 min 0 s");
    assertThat(paragraphs.get(1))
        .startsWith(
            ":red_circle: **1 regressed**, 1 improved, 3 unchanged: 5 of 8 scenarios judged;"
                + " NOT JUDGED: 3 (3 not in the baseline): the largest, EmbeddingBenchmarks\\.embed"
                + " \\[batch\\_size\\=8\\], is +");
    assertThat(paragraphs.get(2))
        .startsWith("| Verdict | Scenario | Change | 95% CI |\n|:--|:--|--:|:--|\n")
        .containsPattern(
            "\n\\| :red_circle: regressed \\(unforked\\) \\| EmbeddingBenchmarks\\\\\\.embed"
                + " \\\\\\[batch\\\\_size\\\\=8\\\\\\] \\| \\+\\d+\\.\\d% \\| \\[\\+")
        .containsPattern("\n\\| :green_circle: improved \\(unforked\\) \\| ");
    assertThat(paragraphs.get(3))
        .isEqualTo("#### EmbeddingBenchmarks\\.embed (device\\=cpu, mode\\=eager)");
    assertThat(paragraphs.get(4))
        .startsWith(
            "| Scenario | Median | 95% CI | p99 | Throughput | Verdict |\n"
                + "|:--|--:|--:|--:|--:|:--|\n"
                + "| batch\\_size\\=1 | ")
        .containsPattern(
            "\n\\| batch\\\\_size\\\\=8 \\| 5\\d\\.\\d\\d ms \\| \\[5\\d\\.\\d\\d, 5\\d\\.\\d\\d] ms \\|"
                + " 5\\d\\.\\d\\d ms \\\\\\* \\| \\d+\\.\\d+ samples/s \\| :red_circle: \\+\\d+\\.\\d% regressed"
                + " \\(unforked\\) \\|\\n");
    assertThat(md)
        .contains("#### VisionBenchmarks\\.classify (device\\=cpu, batch\\_size\\=1)")
        .contains("| mode\\=compiled | ")
        .contains("<details><summary>2 not run</summary>\n\n- 2 aborted: CUDA requested;")
        .contains("<sub>Run run\\-now. Median and p99 from the raw samples;")
        .contains("\\* fewer samples than a p99 needs (662, early stopping at 99% confidence)")
        .contains("Verdicts against run\\-base: verdict when p \\< 0\\.01")
        .endsWith("</sub>\n");
    tables(md);
  }

  @Test
  @DisplayName("folds a benchmark's long table")
  void folds() throws Exception {
    List<ScenarioResult> results = new ArrayList<>();
    for (int batch = 1; batch <= 12; batch++) {
      results.add(passed(EMBED, params("batch_size", batch), batch, 20, 1e6 * batch));
    }
    Path run = RunFolders.write(tempDir, "run-long", results);
    String md = RunMarkdown.render(RunSummary.of(List.of(read(run)), null));
    assertThat(md)
        .contains(
            "#### EmbeddingBenchmarks\\.embed (device\\=cpu)\n\n<details><summary>12"
                + " scenarios</summary>\n\n| Scenario |")
        .contains("\n\n</details>\n\n<sub>");
    tables(md);
  }

  @Test
  @DisplayName(
      "keeps hostile names and values inert: HTML, pipes, backticks, mentions, 10,000 characters,"
          + " direction overrides")
  void hostile() throws Exception {
    String huge = "x".repeat(10_000);
    List<ScenarioResult> results = new ArrayList<>();
    String[] payloads = {
      "<script>alert(1)</script>",
      "a | b",
      "`rm -rf /`",
      "@octocat [link](http://x) ![i](http://x/i.png)",
      huge,
      "\u202Egnp.exe\u202C",
      "שלום עולם",
      "line\nbreak **bold** :smile: &amp; <!-- c -->"
    };
    int seed = 1;
    for (String payload : payloads) {
      results.add(passed(HOSTILE, params("payload", payload), seed++, 20, 1e6));
    }
    results.add(
        ended(HOSTILE, params("payload", "gpu"), Status.ABORTED, "<script>@octocat | `x` " + huge));
    Path run =
        RunFolders.write(tempDir, "run-hostile", results, "<img src=x onerror=alert(1)> @ci");
    String md = RunMarkdown.render(RunSummary.of(List.of(read(run)), null));
    String withoutOwnTags = md.replaceAll("</?(details|summary|sub)>", "");
    assertThat(withoutOwnTags)
        .doesNotContainPattern("(?<!\\\\)<")
        .doesNotContainPattern("(?<!\\\\)@")
        .doesNotContainPattern("(?<!\\\\)`")
        .doesNotContainPattern("(?<!\\\\)]\\(")
        .doesNotContainPattern("(?<!\\\\):smile")
        .doesNotContain("\u202E")
        .doesNotContain("\u202C")
        .doesNotContain("x".repeat(RunMarkdown.REASON + 1))
        .contains("\\<script\\>alert\\(1\\)\\</script\\>")
        .contains("\\<img src\\=x onerror\\=alert\\(1\\)\\> \\@ci")
        .contains("a \\| b")
        .contains("gnp\\.exe")
        .contains("שלום עולם")
        .contains("line break \\*\\*bold\\*\\*");
    assertThat(md.lines()).allSatisfy(line -> assertThat(line).hasSizeLessThan(2_000));
    tables(md);
  }

  /** Every row of every table has as many cells as its header: no value split a row. */
  private static void tables(String md) {
    int columns = -1;
    for (String line : md.lines().toList()) {
      if (!line.startsWith("|")) {
        columns = -1;
        continue;
      }
      Matcher borders = BORDER.matcher(line);
      int count = 0;
      while (borders.find()) {
        count++;
      }
      if (columns < 0) {
        columns = count;
      }
      assertThat(count).as(line).isEqualTo(columns);
    }
  }
}
