package dev.junitbench.fork;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.results.ResultsJson;
import dev.junitbench.testkit.ConsoleLauncherRun;
import dev.junitbench.testkit.ListenerRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("Forks under the JUnit Console Launcher")
class ConsoleLauncherForkTests {

  @TempDir Path tempDir;

  @Test
  @DisplayName(
      "run with the test class path the launcher's own class loader sees, and write one run folder")
  void consoleLauncher() throws IOException, InterruptedException {
    Path markers = Files.createDirectories(tempDir.resolve("markers"));
    Path out = tempDir.resolve("out");
    ConsoleLauncherRun.Outcome launcher =
        ConsoleLauncherRun.run(
            List.of("-D" + ForkTestCases.MARKERS + "=" + markers),
            List.of(),
            List.of(
                "--select-method",
                ForkTestCases.Unannotated.class.getName() + "#work(dev.junitbench.Blackhole)",
                "--config",
                "junit.bench.forks=1",
                "--config",
                "junit.bench.output.dir=" + out,
                "--config",
                "junit.bench.progress=false",
                "--config",
                "junit.bench.warmup.iterations=1",
                "--config",
                "junit.bench.measurement.iterations=3"),
            tempDir.resolve("launcher.log"),
            out);
    String printed = launcher.printed();
    assertThat(launcher.exitCode()).as("exit code; it printed:%n%s", printed).isZero();
    assertThat(printed).contains("[fork 1 of 1] ");

    List<Path> runs = launcher.runs();
    assertThat(runs).as("one run folder, written by the launcher's JVM alone").hasSize(1);
    JsonNode result =
        ListenerRun.parseJson(Files.readString(runs.get(0).resolve(ResultsJson.FILE)))
            .get("results")
            .get(0);
    assertThat(result.get("status").asText()).isEqualTo("passed");
    assertThat(result.get("forks").get("completed").asInt()).isEqualTo(1);
    assertThat(result.get("latency_ms").get("count").asLong()).isEqualTo(3);
    try (Stream<Path> files = Files.list(markers)) {
      assertThat(files.map(file -> file.getFileName().toString()).toList())
          .singleElement()
          .satisfies(
              marker ->
                  assertThat(marker)
                      .startsWith("unannotated-")
                      .isNotEqualTo("unannotated-" + launcher.pid()));
    }
  }
}
