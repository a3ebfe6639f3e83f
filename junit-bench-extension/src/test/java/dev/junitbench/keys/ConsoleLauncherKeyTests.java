package dev.junitbench.keys;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.output.SamplesCsv;
import dev.junitbench.results.ResultsJson;
import dev.junitbench.testkit.ConsoleLauncherRun;
import dev.junitbench.testkit.ListenerRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName(
    "Configuration keys under the JUnit Console Launcher: -D, junit-platform.properties and --config")
class ConsoleLauncherKeyTests {

  @TempDir Path tempDir;

  @Test
  @DisplayName(
      "an unknown key from each source is named with its source and fix; nothing is measured; every key's"
          + " source is recorded")
  void everySource() throws IOException, InterruptedException {
    Path classes = Files.createDirectories(tempDir.resolve("classes"));
    Path file =
        Files.writeString(
            classes.resolve("junit-platform.properties"),
            """
        junit.bench.warmup.iterations = 1
        junit.bench.format.fixtur = true
        """);
    String fileUrl = file.toUri().toURL().toString();
    Path out = tempDir.resolve("out");
    ConsoleLauncherRun.Outcome launcher =
        ConsoleLauncherRun.run(
            List.of(
                "-Djunit.bench.basline=/nowhere",
                "-Djunit.bench.progress=false",
                "-Djunit.bench.user.variant=int8"),
            List.of(classes),
            List.of(
                "--select-class",
                ConfigurationKeyTests.KeyTestCases.class.getName(),
                "--config",
                "junit.bench.output.dir=" + out,
                "--config",
                "junit.bench.measurment.iterations=5"),
            tempDir.resolve("launcher.log"),
            out);
    String printed = launcher.printed();

    assertThat(launcher.exitCode()).as("exit code; it printed:%n%s", printed).isEqualTo(1);
    assertThat(printed)
        .contains(
            "junit-bench: 3 unknown configuration keys, so nothing is measured:\n"
                + "  - junit.bench.basline (system property -Djunit.bench.basline): did you mean junit.bench.baseline?\n"
                + "  - junit.bench.format.fixtur (in "
                + fileUrl
                + "): no result format named fixtur is on the class path")
        .contains(
            "did you mean junit.bench.format.fixture?\n"
                + "  - junit.bench.measurment.iterations (explicit configuration parameter): did you mean"
                + " junit.bench.measurement.iterations?\n"
                + "To fix: correct a system property where its -D is given")
        .contains("To fix: correct or remove the line in " + fileUrl + ".\n")
        .contains("To fix: correct an explicit parameter where the launcher is given it");

    assertThat(launcher.runs()).hasSize(1);
    Path run = launcher.runs().get(0);
    JsonNode json = ListenerRun.parseJson(Files.readString(run.resolve(ResultsJson.FILE)));
    assertThat(json.get("results"))
        .hasSize(2)
        .allSatisfy(
            result -> {
              assertThat(result.get("status").asText()).isEqualTo("failed");
              assertThat(result.get("latency_ms").isNull()).isTrue();
            });
    assertThat(ListenerRun.parseCsv(Files.readString(run.resolve(SamplesCsv.FILE)))).isEmpty();
    Map<String, String> sources = new TreeMap<>();
    json.get("run")
        .get("config_sources")
        .fields()
        .forEachRemaining(e -> sources.put(e.getKey(), e.getValue().asText()));
    assertThat(sources)
        .containsExactlyEntriesOf(
            new TreeMap<>(
                Map.of(
                    "junit.bench.basline", "system property",
                    "junit.bench.progress", "system property",
                    "junit.bench.user.variant", "system property",
                    "junit.bench.warmup.iterations", "junit-platform.properties " + fileUrl,
                    "junit.bench.format.fixtur", "junit-platform.properties " + fileUrl,
                    "junit.bench.output.dir", "explicit",
                    "junit.bench.measurment.iterations", "explicit")));
    assertThat(json.get("run").get("config").get("junit.bench.warmup.iterations").asText())
        .isEqualTo("1");
  }
}
