package dev.junitbench.reports.html;

import static dev.junitbench.reports.Fixtures.EMBED;
import static dev.junitbench.reports.Fixtures.params;
import static dev.junitbench.reports.Fixtures.passed;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.reports.Runs;
import dev.junitbench.results.RunFolders;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The HTML result format at the end of a run")
class HtmlReportFormatTests {

  @TempDir Path tempDir;

  private Path run;

  @BeforeEach
  void run() {
    run =
        RunFolders.write(
            tempDir, "run-a", List.of(passed(EMBED, params("batch_size", 1), 1, 50, 7e6)));
  }

  @Test
  @DisplayName(
      "appends the run's summary to GitHub's step summary, after what the job's other steps wrote")
  void appendsStepSummary() throws Exception {
    Path stepSummary = tempDir.resolve("step_summary.md");
    Files.writeString(stepSummary, "## Build\n\n");
    HtmlReportFormat format = new HtmlReportFormat(stepSummary.toString());
    assertThat(format.runFinished(Runs.read(run))).containsExactly(run.resolve(HtmlReport.FILE));
    format.runFinished(Runs.read(run));
    String text = Files.readString(stepSummary);
    assertThat(text)
        .startsWith(
            "## Build\n\n**junit-bench:** 1 benchmark, 1 scenario measured, on host bench\\-host"
                + " \\(2 cores\\), 1 min 0 s\n\n#### EmbeddingBenchmarks\\.embed (device\\=cpu,"
                + " batch\\_size\\=1)\n\n| Scenario |")
        .endsWith("</sub>\n\n");
    assertThat(text.split("\\*\\*junit-bench:\\*\\*", -1)).hasSize(3);
    assertThat(run.resolve(HtmlReport.FILE)).isNotEmptyFile();
  }

  @Test
  @DisplayName("without GITHUB_STEP_SUMMARY writes report.html alone")
  void withoutStepSummary() throws Exception {
    assertThat(new HtmlReportFormat(null).runFinished(Runs.read(run)))
        .containsExactly(run.resolve(HtmlReport.FILE));
    assertThat(new HtmlReportFormat("").runFinished(Runs.read(run)))
        .containsExactly(run.resolve(HtmlReport.FILE));
    try (Stream<Path> files = Files.list(tempDir)) {
      assertThat(files).containsExactly(run);
    }
  }

  @Test
  @DisplayName(
      "warns when the step summary cannot be written, and loses nothing: report.html and the results"
          + " are written")
  void stepSummaryFails() throws Exception {
    Path folder = Files.createDirectory(tempDir.resolve("not-a-file"));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream original = System.err;
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    List<Path> written;
    try {
      written = new HtmlReportFormat(folder.toString()).runFinished(Runs.read(run));
    } finally {
      System.setErr(original);
    }
    assertThat(written).containsExactly(run.resolve(HtmlReport.FILE));
    assertThat(run.resolve(HtmlReport.FILE)).isNotEmptyFile();
    assertThat(Runs.read(run).results()).hasSize(1);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .hasLineCount(1)
        .startsWith(
            "junit-bench: warning: the run's summary was not added to the step summary "
                + folder
                + " (GITHUB_STEP_SUMMARY): ")
        .contains(
            "report.html and the result files are complete: write it later with"
                + " junit-bench-reports report --format markdown "
                + run);
  }
}
