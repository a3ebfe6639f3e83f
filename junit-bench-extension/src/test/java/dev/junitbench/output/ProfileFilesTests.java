package dev.junitbench.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.results.ProfileFigures;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.warnings.RunWarnings;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The profiles of a run folder")
class ProfileFilesTests {

  @TempDir Path tempDir;

  @AfterEach
  void noWarnings() {
    RunWarnings.reset();
  }

  private static ScenarioResult profiled(Path staged) {
    return ScenarioResult.planned(
            "com.example.Embeddings#embed", "[device=cpu, batch_size=8]", Map.of("batch_size", 8))
        .withProfile(
            new ProfileFigures(
                "cpu",
                "cpu",
                "async-profiler 4.5",
                List.of(staged.toString()),
                null,
                null,
                null,
                null));
  }

  @Test
  @DisplayName("are named by the scenario's number, method and params")
  void fileName() {
    assertThat(ProfileFiles.fileName(3, profiled(tempDir)))
        .isEqualTo("003-Embeddings.embed-device=cpu-batch_size=8");
  }

  @Test
  @DisplayName(
      "that cannot be written leave the recording where a warning names it, with the fix, and the"
          + " result")
  void unwritable() throws IOException {
    RunWarnings.reset();
    Path staged = Files.writeString(tempDir.resolve("staged.jfr"), "");
    Path runDir = Files.createDirectories(tempDir.resolve("run"));
    // A file where the profiles folder belongs: nothing can be written under it.
    Files.writeString(runDir.resolve(ProfileFiles.FOLDER), "");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ScenarioResult result = profiled(staged);

    ScenarioResult placed =
        ProfileFiles.place(result, runDir, 1, new PrintStream(out, true, StandardCharsets.UTF_8));

    assertThat(placed.benchmark()).isEqualTo(result.benchmark());
    assertThat(placed.params()).isEqualTo(result.params());
    assertThat(placed.profile().flameGraph()).isNull();
    assertThat(placed.profile().jfr()).isEmpty();
    assertThat(placed.profile().warning())
        .contains("cannot be written to " + runDir.resolve(ProfileFiles.FOLDER).toAbsolutePath())
        .contains("its results are kept")
        .contains("its recording stays at " + staged)
        .contains(
            "make "
                + runDir.toAbsolutePath()
                + " writable or free space there, or set -Djunit.bench.output.dir");
    assertThat(staged).as("kept where the warning names it").exists();
    assertThat(RunWarnings.messages()).anyMatch(message -> message.contains("cannot be written"));
    assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  @DisplayName("leave a result without a profile as it is")
  void unprofiled() {
    ScenarioResult plain = ScenarioResult.planned("com.example.Embeddings#embed", "[]", Map.of());
    assertThat(ProfileFiles.place(plain, tempDir, 1, System.out)).isSameAs(plain);
  }
}
