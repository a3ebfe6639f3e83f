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
  @DisplayName("started before this build is an error naming it, its time and the fixes")
  void olderThanBuild() {
    Path run = Runs.write(results, "run-20261101-100000-old", 5);
    Instant buildStart = Instant.parse("2026-11-26T19:00:00Z");
    RecordingLog log = new RecordingLog();

    assertThatThrownBy(
            () ->
                NewestRun.ofThisBuild(
                    results, buildStart, false, "junit-bench:compare", "junit-bench.current", log))
        .isInstanceOf(MojoExecutionException.class)
        .hasMessageStartingWith("junit-bench:compare: the newest run folder " + run)
        .hasMessageContaining("started at 2026-11-23T08:00:00Z, before this build")
        .hasMessageContaining("-Dgroups=performance")
        .hasMessageContaining("-Djunit-bench.current=RUN_DIR")
        .hasMessageContaining("-Djunit-bench.allowOlderRun");
  }

  @Test
  @DisplayName("started before this build is taken with allowOlderRun, with a warning")
  void olderAllowed() throws Exception {
    Path run = Runs.write(results, "run-20261101-100000-old", 5);
    RecordingLog log = new RecordingLog();

    assertThat(
            NewestRun.ofThisBuild(
                results,
                Instant.parse("2026-11-26T19:00:00Z"),
                true,
                "junit-bench:report",
                "junit-bench.runs",
                log))
        .isEqualTo(run);
    assertThat(log.warnings)
        .singleElement()
        .asString()
        .contains("before this build")
        .endsWith("taken because of allowOlderRun");
    assertThat(log.info).singleElement().asString().startsWith("junit-bench:report: run " + run);
  }

  @Test
  @DisplayName("started after this build started is taken, and named in the log")
  void thisBuild() throws Exception {
    Path run = Runs.write(results, "run-20261101-100000-new", 5);
    RecordingLog log = new RecordingLog();

    assertThat(
            NewestRun.ofThisBuild(
                results,
                Instant.parse("2026-11-23T07:59:00Z"),
                false,
                "junit-bench:compare",
                "junit-bench.current",
                log))
        .isEqualTo(run);
    assertThat(log.warnings).isEmpty();
    assertThat(log.info)
        .containsExactly("junit-bench:compare: run " + run + " (started at 2026-11-23T08:00:00Z)");
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
