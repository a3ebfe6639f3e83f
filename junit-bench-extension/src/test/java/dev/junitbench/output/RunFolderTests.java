package dev.junitbench.output;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.testkit.ListenerRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.TimeZone;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The run folder")
class RunFolderTests {

  @TempDir Path tempDir;

  @Test
  @DisplayName(
      "is exactly one run-<yyyyMMdd-HHmmss>-<id> folder holding results.json, results.csv, samples.csv and nothing else")
  void layout() {
    ListenerRun.Outcome outcome = ListenerRun.into(tempDir).run(RunFolderTestCases.class);

    List<Path> entries = ListenerRun.list(tempDir);
    assertThat(entries).hasSize(1);
    Path runDir = entries.get(0);
    assertThat(runDir).isDirectory();
    assertThat(runDir.getFileName().toString()).matches(ListenerRun.RUN_FOLDER);
    assertThat(ListenerRun.list(runDir))
        .extracting(path -> path.getFileName().toString())
        .containsExactlyInAnyOrder("results.json", "results.csv", "samples.csv");
    assertThat(outcome.results()).hasSize(2);
  }

  @Test
  @DisplayName("is named after the run's start in UTC, whatever the JVM's time zone")
  void folderTimeIsUtc() {
    TimeZone original = TimeZone.getDefault();
    ListenerRun.Outcome outcome;
    try {
      // +05:45: a folder named in local time differs from UTC in hours and minutes.
      TimeZone.setDefault(TimeZone.getTimeZone("Asia/Kathmandu"));
      outcome = ListenerRun.into(tempDir).run(RunFolderTestCases.class);
    } finally {
      TimeZone.setDefault(original);
    }
    Matcher name =
        Pattern.compile(ListenerRun.RUN_FOLDER).matcher(outcome.runDir().getFileName().toString());
    assertThat(name.matches()).isTrue();
    JsonNode run = outcome.json().get("run");
    Instant started = Instant.parse(run.get("started_at").asText());
    assertThat(name.group(1))
        .isEqualTo(
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
                .withZone(ZoneOffset.UTC)
                .format(started));
    assertThat(outcome.runDir().getFileName().toString()).endsWith("-" + run.get("id").asText());
  }

  @Test
  @DisplayName("is created with its missing parents")
  void createsParents() {
    Path outputDir = tempDir.resolve("not/yet/there");
    ListenerRun.Outcome outcome = ListenerRun.into(outputDir).run(RunFolderTestCases.class);
    assertThat(outcome.runDir().getParent()).isEqualTo(outputDir);
    assertThat(outcome.results()).hasSize(2);
  }

  @Test
  @DisplayName("is a new one for each run, never shared with an earlier run")
  void oneFolderPerRun() {
    ListenerRun.into(tempDir).run(RunFolderTestCases.class);
    ListenerRun.into(tempDir).run(RunFolderTestCases.class);
    List<Path> entries = ListenerRun.list(tempDir);
    assertThat(entries).hasSize(2);
    for (Path runDir : entries) {
      JsonNode json = ListenerRun.parseJson(read(runDir.resolve("results.json")));
      assertThat(json.get("results")).hasSize(2);
    }
  }

  @Test
  @DisplayName("is not created at all for a test plan without any @Benchmark")
  void noBenchmarksNoFolder() {
    Path outputDir = tempDir.resolve("results");
    ListenerRun.Outcome outcome = ListenerRun.into(outputDir).run(PlainTestCases.class);
    assertThat(outcome.summary().getTestsSucceededCount()).isEqualTo(1);
    assertThat(outputDir).doesNotExist();
    assertThat(ListenerRun.list(tempDir)).isEmpty();
    assertThat(outcome.out()).isEmpty();
    assertThat(outcome.err()).isEmpty();
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static class RunFolderTestCases {
    @Benchmark
    @BatchSizes({1, 2})
    void measured(Blackhole blackhole) {
      ListenerRun.work(100, blackhole);
    }
  }

  static class PlainTestCases {
    @Test
    void plain() {}
  }
}
