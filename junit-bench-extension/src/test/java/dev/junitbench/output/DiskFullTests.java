package dev.junitbench.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.junitbench.results.ResultsJson;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.Samples;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.testkit.ListenerRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run whose output folder fills up: a tmpfs of 600 KB holds the samples of a few of its eight
 * scenarios (samples.csv is appended to in place; results.json is rewritten whole). Mounting one
 * needs root; elsewhere the test is skipped, saying why.
 */
@DisplayName("A run whose output folder fills up")
class DiskFullTests {

  @TempDir Path tempDir;
  private Path disk;
  private boolean mounted;

  @BeforeEach
  void mountSmallDisk() throws Exception {
    disk = Files.createDirectories(tempDir.resolve("small"));
    Process process;
    try {
      process =
          new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=600k", "tmpfs", disk.toString())
              .redirectErrorStream(true)
              .start();
    } catch (IOException e) {
      assumeTrue(false, "no small disk to fill: cannot run mount (" + e.getMessage() + ")");
      return;
    }
    String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    mounted = process.waitFor() == 0;
    assumeTrue(
        mounted, "no small disk to fill: mount -t tmpfs needs root here (" + said.trim() + ")");
  }

  @AfterEach
  void unmount() throws Exception {
    if (mounted) {
      assertThat(new ProcessBuilder("umount", disk.toString()).inheritIO().start().waitFor())
          .isZero();
    }
  }

  @Test
  @DisplayName(
      "keeps the results written before whole and readable, names the file and the folder, and"
          + " still shows every scenario measured")
  void fills() throws Exception {
    ListenerRun.Outcome outcome =
        ListenerRun.into(disk)
            .config("junit.bench.measurement.iterations", "6000")
            .run(DiskFullTestCases.Many.class);

    Path runDir = outcome.runDir();
    RunFolder run = RunFolder.read(runDir);
    List<ScenarioResult> saved = run.results();
    assertThat(saved.size()).as("results saved before the disk filled").isBetween(1, 7);
    Samples samples = run.samples();
    for (ScenarioResult result : saved) {
      assertThat(samples.of(result.id())).as("samples of result %s", result.id()).hasSize(6000);
    }
    assertThat(outcome.resultsCsv()).hasSize(saved.size());
    try (Stream<Path> files = Files.list(runDir)) {
      assertThat(files.map(file -> file.getFileName().toString()))
          .as("no temporary file left behind, no file but the run's own")
          .allMatch(
              name ->
                  (!name.startsWith(".") && name.endsWith(".csv"))
                      || name.equals(ResultsJson.FILE));
    }

    // samples.csv grows by appends; results.json, rewritten whole, needs room for two copies:
    // either may be the file that meets the full disk.
    assertThat(outcome.err())
        .containsAnyOf(
            "junit-bench: cannot write " + runDir.resolve(SamplesCsv.FILE) + " ",
            "junit-bench: cannot write " + runDir.resolve(ResultsJson.FILE) + " ")
        .contains("No space left on device")
        .contains(
            "results.json lists "
                + (saved.size() == 1 ? "the result" : "the " + saved.size() + " results")
                + " written before it failed, whole and readable, in "
                + runDir)
        .contains("on, a result it does not list is not saved (its line above is all that is")
        .contains(
            "Free space or fix the permissions there, or set"
                + " -Djunit.bench.output.dir=<a writable folder>.");
    // Nothing measured is lost from the console: every scenario's line and row.
    for (int n = 1; n <= 8; n++) {
      assertThat(outcome.printed()).contains("n=" + n + "]: median ");
    }
    assertThat(outcome.summary().getTotalFailureCount()).isZero();
  }
}
