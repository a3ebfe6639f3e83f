package dev.junitbench.reports.action;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.config.BaselineMatch;
import dev.junitbench.profile.DifferentialFlameGraphPage;
import dev.junitbench.profile.ProfileRecordings;
import dev.junitbench.reports.ProfiledRuns;
import dev.junitbench.reports.action.CompareAction.Format;
import dev.junitbench.stats.AllocationRule;
import dev.junitbench.stats.RegressionRule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("compare of a regressed scenario with profiles")
class CompareProfilesTests {

  private static final String PAGE = "diff-EmbeddingBenchmarks-embed-device=cpu-vs-run-base.html";

  @TempDir Path tempDir;

  private static CompareAction compare(ProfiledRuns runs, Format format, Path output)
      throws Exception {
    return CompareAction.run(
        runs.baseline(),
        runs.current(),
        RegressionRule.DEFAULT,
        AllocationRule.DEFAULT,
        BaselineMatch.ANY,
        format,
        output);
  }

  @Test
  @DisplayName("writes the differential flame graph beside the output and links it by its name")
  void writesBesideTheOutput() throws Exception {
    ProfiledRuns runs = ProfiledRuns.write(tempDir, "cpu");
    Path output = Files.createDirectories(tempDir.resolve("out")).resolve("compare.txt");

    CompareAction compared = compare(runs, Format.TEXT, output);

    Path page = output.resolveSibling(PAGE);
    assertThat(compared.outcome()).isEqualTo(Outcome.REGRESSION);
    assertThat(compared.warnings()).isEmpty();
    assertThat(DifferentialFlameGraphPage.read(page).changes())
        .containsEntry(ProfileRecordings.EXTRA_WORK_FRAME, DifferentialFlameGraphPage.NEW);
    List<String> lines = compared.text().lines().toList();
    int lead =
        lines.indexOf(
            lines.stream()
                .filter(l -> l.contains("where to look first"))
                .findFirst()
                .orElseThrow());
    assertThat(lines.get(lead)).endsWith("where to look first, EmbeddingBenchmarks.embed (cpu):");
    assertThat(lines.get(lead + 1))
        .startsWith("    1. " + ProfileRecordings.EXTRA_WORK_FRAME + "  self 0.0% -> ");
    assertThat(compared.text()).contains("    differential flame graph: " + PAGE + "\n");
  }

  @Test
  @DisplayName(
      "links the graph from Markdown and JSON relative to the output, the grown method first")
  void linksFromMarkdownAndJson() throws Exception {
    ProfiledRuns runs = ProfiledRuns.write(tempDir, "cpu");
    Path output = tempDir.resolve("compare.md");

    String markdown = compare(runs, Format.MARKDOWN, output).text();
    JsonNode json =
        new ObjectMapper()
            .readTree(compare(runs, Format.JSON, tempDir.resolve("compare.json")).text());

    assertThat(markdown)
        .contains("[differential flame graph](" + PAGE + ")")
        .contains("  1. `" + ProfileRecordings.EXTRA_WORK_FRAME + "` self 0.0% -> ");
    JsonNode difference = json.get("scenarios").get(0).get("profile_difference");
    assertThat(difference.get("kind").asText()).isEqualTo("cpu");
    assertThat(difference.get("flame_graph").asText()).isEqualTo(PAGE);
    assertThat(difference.get("grown_frames").get(0).get("frame").asText())
        .isEqualTo(ProfileRecordings.EXTRA_WORK_FRAME);
    assertThat(difference.get("grown_frames").get(0).get("baseline_self_share").asDouble())
        .isZero();
    assertThat(tempDir.resolve(PAGE)).isRegularFile();
  }

  @Test
  @DisplayName(
      "writes the graph of a scenario that regressed in allocation only, the grown allocator first")
  void allocationOnly() throws Exception {
    ProfiledRuns runs = ProfiledRuns.writeAllocationRegressed(tempDir);
    Path output = tempDir.resolve("compare.md");

    CompareAction text = compare(runs, Format.TEXT, tempDir.resolve("compare.txt"));
    CompareAction markdown = compare(runs, Format.MARKDOWN, output);

    assertThat(text.comparison().counts().regressed()).as("latency").isZero();
    assertThat(text.outcome()).isEqualTo(Outcome.REGRESSION);
    assertThat(text.warnings()).isEmpty();
    assertThat(text.text())
        .contains("where to look first, EmbeddingBenchmarks.embed (alloc):")
        .contains("    1. " + ProfileRecordings.EXTRA_ALLOCATIONS_FRAME + "  self 0.0% -> ")
        .contains("    differential flame graph: " + PAGE + "\n");
    assertThat(markdown.text())
        .contains("[differential flame graph](" + PAGE + ")")
        .contains("  1. `" + ProfileRecordings.EXTRA_ALLOCATIONS_FRAME + "` self 0.0% -> ");
    assertThat(DifferentialFlameGraphPage.read(tempDir.resolve(PAGE)).changes())
        .containsEntry(ProfileRecordings.EXTRA_ALLOCATIONS_FRAME, DifferentialFlameGraphPage.NEW);
  }

  @Test
  @DisplayName("without an output, writes the graph into the current run's profiles folder")
  void writesIntoTheCurrentRun() throws Exception {
    ProfiledRuns runs = ProfiledRuns.write(tempDir, "cpu");

    CompareAction compared = compare(runs, Format.TEXT, null);

    Path page = runs.current().resolve("profiles").resolve(PAGE);
    assertThat(page).isRegularFile();
    assertThat(compared.text())
        .contains(
            "differential flame graph: "
                + Path.of("").toAbsolutePath().relativize(page).toString().replace('\\', '/'));
  }

  @Test
  @DisplayName("draws no graph for profiles of different kinds, and says why")
  void refusesDifferentKinds() throws Exception {
    ProfiledRuns runs = ProfiledRuns.write(tempDir, "alloc");

    CompareAction compared = compare(runs, Format.TEXT, tempDir.resolve("compare.txt"));

    assertThat(compared.text())
        .contains("(alloc -> cpu)")
        .contains("no differential flame graph: the baseline profiled alloc, the current run cpu");
    try (Stream<Path> files = Files.list(tempDir)) {
      assertThat(files).noneMatch(file -> file.getFileName().toString().startsWith("diff-"));
    }
    assertThat(compared.outcome()).isEqualTo(Outcome.REGRESSION);
  }

  @Test
  @DisplayName("warns of a profile file that is missing, and still judges")
  void warnsOfMissingProfiles() throws Exception {
    ProfiledRuns runs = ProfiledRuns.write(tempDir, "cpu");
    Files.delete(runs.baseline().resolve(ProfiledRuns.JFR));

    CompareAction compared = compare(runs, Format.TEXT, null);

    assertThat(compared.warnings())
        .singleElement()
        .asString()
        .contains(runs.baseline().resolve(ProfiledRuns.JFR).toString())
        .contains("missing");
    assertThat(compared.outcome()).isEqualTo(Outcome.REGRESSION);
    assertThat(compared.summaryLine()).startsWith("1 regressed");
  }

  @Test
  @DisplayName("warns of a graph it cannot write, naming it, the verdict unchanged")
  void warnsOfAnUnwritableGraph() throws Exception {
    ProfiledRuns runs = ProfiledRuns.write(tempDir, "cpu");
    // A folder, not empty, where the page would go: nothing can replace it.
    Path page = tempDir.resolve(PAGE);
    Files.createDirectories(page.resolve("taken"));

    CompareAction compared = compare(runs, Format.TEXT, tempDir.resolve("compare.txt"));

    assertThat(compared.warnings())
        .singleElement()
        .asString()
        .contains("could not write the differential flame graph " + page);
    assertThat(compared.outcome()).isEqualTo(Outcome.REGRESSION);
    // The frames still say where to look.
    assertThat(compared.text()).contains("1. " + ProfileRecordings.EXTRA_WORK_FRAME);
  }
}
