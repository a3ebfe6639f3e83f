package dev.junitbench.reports.compare;

import static dev.junitbench.reports.Fixtures.EMBED;
import static dev.junitbench.reports.Fixtures.lognormal;
import static dev.junitbench.reports.Fixtures.params;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.config.BaselineMatch;
import dev.junitbench.reports.Markdown;
import dev.junitbench.reports.action.CompareAction;
import dev.junitbench.reports.action.Outcome;
import dev.junitbench.results.AllocationFigures;
import dev.junitbench.results.ResultsJson;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.AllocationRule;
import dev.junitbench.stats.RegressionRule;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("compare: the heap allocated per operation, beside latency")
class AllocationChangeTests {

  @TempDir Path tempDir;

  private int runs;

  /** One run of two scenarios with the same latencies each time, allocating {@code bytes}. */
  private Path run(Double batch1Bytes, Double batch8Bytes) {
    return RunFolders.write(
        tempDir,
        "run-" + ++runs,
        List.of(scenario(1, 1, 7e6, batch1Bytes), scenario(8, 2, 44e6, batch8Bytes)));
  }

  private static ScenarioResult scenario(int batch, long seed, double medianNs, Double bytes) {
    ScenarioResult result =
        RunFolders.passed(EMBED, params("batch_size", batch), lognormal(seed, 100, medianNs));
    return result.withAlloc(
        bytes == null
            ? new AllocationFigures(
                null, null, 100, 1, null, null, null, null, null, "bytes_per_op: not supported")
            : new AllocationFigures(
                bytes, (long) (bytes * 100), 100, 1, 0L, 0.0, 0.0, 0.0, 0.0, null));
  }

  private static CompareAction compare(Path base, Path now, CompareAction.Format format)
      throws Exception {
    return CompareAction.run(
        base, now, RegressionRule.DEFAULT, AllocationRule.DEFAULT, BaselineMatch.ANY, format, null);
  }

  @Test
  @DisplayName(
      "fails on an allocation regression with latency unchanged, leading every output with it")
  void regressed() throws Exception {
    Path base = run(1024.0, 4096.0);
    Path now = run(2048.0, 4096.0);
    CompareAction text = compare(base, now, CompareAction.Format.TEXT);
    assertThat(text.outcome()).isEqualTo(Outcome.REGRESSION);
    assertThat(text.comparison().counts().regressed()).as("latency").isZero();
    assertThat(text.summaryLine())
        .isEqualTo(
            "allocation: 1 regressed, 0 improved, 1 unchanged; latency: 0 regressed, 0 improved,"
                + " 2 unchanged");
    assertThat(text.text())
        .contains("allocation/op")
        .contains("unchanged, allocation regressed")
        .contains("1 KB -> 2 KB +100.0%")
        .contains("allocation change > 5% and");
    assertThat(text.comparison().rows().get(0).named().displayName())
        .as("the allocation regression sorts first")
        .contains("batch_size=1");

    String markdown = compare(base, now, CompareAction.Format.MARKDOWN).text();
    assertThat(markdown)
        .startsWith(":red_circle: **allocation: 1 regressed**, 0 improved, 1 unchanged; latency:")
        .contains(Markdown.escape("allocates 1 KB/op -> 2 KB/op (+100.0%, +1 KB/op)"))
        .contains("| Allocation/op |")
        .contains(":red_circle: unchanged, allocation regressed");

    JsonNode json =
        ResultsJson.mapper().readTree(compare(base, now, CompareAction.Format.JSON).text());
    assertThat(json.get("regressed").asBoolean()).isTrue();
    assertThat(json.at("/allocation_rule/min_bytes").asDouble()).isEqualTo(64.0);
    assertThat(json.at("/scenarios/0/allocation/verdict").asText()).isEqualTo("regressed");
    assertThat(json.at("/scenarios/0/allocation/difference_bytes").asDouble()).isEqualTo(1024.0);
    assertThat(json.at("/scenarios/0/current/alloc/bytes_per_op").asDouble()).isEqualTo(2048.0);
  }

  @Test
  @DisplayName("passes +4% (400 bytes) and +50 bytes (25%): each misses one of the two limits")
  void withinTheRule() throws Exception {
    CompareAction compared =
        compare(run(10_000.0, 200.0), run(10_400.0, 250.0), CompareAction.Format.TEXT);
    assertThat(compared.outcome()).isEqualTo(Outcome.OK);
    assertThat(compared.summaryLine())
        .endsWith("; allocation: 0 regressed, 0 improved, 2 unchanged");
  }

  @Test
  @DisplayName("follows the rule it is given")
  void ownRule() throws Exception {
    Path base = run(1024.0, 4096.0);
    Path now = run(2048.0, 4096.0);
    CompareAction loose =
        CompareAction.run(
            base,
            now,
            RegressionRule.DEFAULT,
            AllocationRule.parse("150%"),
            BaselineMatch.ANY,
            CompareAction.Format.TEXT,
            null);
    assertThat(loose.outcome()).isEqualTo(Outcome.OK);
  }

  @Test
  @DisplayName(
      "does not judge allocation when a side lacks the figure, says so, and is no all-clear")
  void notJudged() throws Exception {
    Path base = run(null, 4096.0);
    Path now = run(1_000_000.0, 4096.0);
    CompareAction compared = compare(base, now, CompareAction.Format.MARKDOWN);
    assertThat(compared.outcome()).isEqualTo(Outcome.OK);
    assertThat(compared.summaryLine())
        .endsWith("; allocation: 0 regressed, 0 improved, 1 unchanged, NOT JUDGED: 1 (no figure)");
    assertThat(compared.text()).startsWith(":warning: ").contains("n/a \\-\\> 976\\.6 KB");
  }

  @Test
  @DisplayName("says nothing of allocation per scenario when neither run has the figure")
  void neitherRun() throws Exception {
    Path base =
        RunFolders.write(
            tempDir, "run-a", List.of(RunFolders.passed(EMBED, params(), lognormal(1, 100, 7e6))));
    Path now =
        RunFolders.write(
            tempDir, "run-b", List.of(RunFolders.passed(EMBED, params(), lognormal(2, 100, 7e6))));
    CompareAction compared = compare(base, now, CompareAction.Format.TEXT);
    assertThat(compared.summaryLine()).doesNotContain("allocation");
    assertThat(compared.comparison().method())
        .endsWith("allocation not judged: neither run recorded alloc.bytes_per_op");
    assertThat(compared.text()).doesNotContain("allocation/op");
  }
}
