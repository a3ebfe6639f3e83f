package dev.junitbench.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The newest run folder")
class NewestRunTests {

  @TempDir Path results;

  @Test
  @DisplayName("is the one with the latest time in its name, not the last one listed or made")
  void latestTimeInName() throws Exception {
    Path newer = Runs.write(results, "run-20261126-101500-b", 5);
    Runs.write(results, "run-20261126-091500-a", 5);
    Runs.write(results, "run-20251231-235959-z", 5);

    assertThat(NewestRun.in(results, "junit-bench.runs")).isEqualTo(newer);
  }

  @Test
  @DisplayName("of two in the same second is the one whose results were written last")
  void sameSecond() throws Exception {
    Path first = Runs.write(results, "run-20261126-101500-b", 5);
    Path second = Runs.write(results, "run-20261126-101500-a", 5);
    Files.setLastModifiedTime(
        first.resolve("results.json"), FileTime.from(Instant.parse("2026-11-26T10:15:00Z")));
    Files.setLastModifiedTime(
        second.resolve("results.json"), FileTime.from(Instant.parse("2026-11-26T10:15:00.5Z")));

    assertThat(NewestRun.in(results, "junit-bench.runs")).isEqualTo(second);
  }

  @Test
  @DisplayName("skips folders without results.json and other names")
  void onlyRunFolders() throws Exception {
    Path run = Runs.write(results, "run-20261126-091500-a", 5);
    Files.createDirectories(results.resolve("run-20261126-235959-half"));
    Runs.write(results, "zzz-not-a-run", 5);

    assertThat(NewestRun.in(results, "junit-bench.runs")).isEqualTo(run);
  }

  @Test
  @DisplayName("is an error naming the folder and the setting that names a run when there is none")
  void none() {
    assertThatThrownBy(() -> NewestRun.in(results, "junit-bench.current"))
        .isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("no run folder")
        .hasMessageContaining(results.toString())
        .hasMessageContaining("mvn test -Dgroups=performance")
        .hasMessageContaining("-Djunit-bench.current=RUN_DIR");
    Path missing = results.resolve("missing");
    assertThatThrownBy(() -> NewestRun.in(missing, "junit-bench.runs"))
        .isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining(missing + " does not exist")
        .hasMessageContaining("-Djunit-bench.resultsDirectory");
  }
}
