package dev.junitbench.profile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.results.ResultsJson;
import dev.junitbench.testkit.ConsoleLauncherRun;
import dev.junitbench.testkit.ListenerRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("Under the Console Launcher, on the class path, a profiled benchmark")
class ConsoleLauncherProfileTests {

  @TempDir Path tempDir;

  @Test
  @DisplayName("leaves its JFR and flame graph in the run folder")
  void profiled() throws IOException, InterruptedException {
    Path out = tempDir.resolve("out");
    ConsoleLauncherRun.Outcome launcher =
        ConsoleLauncherRun.run(
            List.of(),
            List.of(),
            List.of(
                "--select-method",
                ProfileTestCases.Spinning.class.getName() + "#spin(dev.junitbench.Blackhole)",
                "--config",
                "junit.bench.profile=cpu",
                "--config",
                "junit.bench.profile.interval=1ms",
                "--config",
                "junit.bench.output.dir=" + out,
                "--config",
                "junit.bench.progress=false",
                "--config",
                "junit.bench.warmup.iterations=1",
                "--config",
                "junit.bench.measurement.iterations=30"),
            tempDir.resolve("launcher.log"),
            out);
    String printed = launcher.printed();
    assertThat(launcher.exitCode()).as("exit code; it printed:%n%s", printed).isZero();
    assertThat(printed).contains("junit-bench: profile of ");

    Path run = launcher.runs().get(0);
    JsonNode profile =
        ListenerRun.parseJson(Files.readString(run.resolve(ResultsJson.FILE)))
            .get("results")
            .get(0)
            .get("profile");
    assertThat(profile.get("profiler").asText()).startsWith("async-profiler");
    assertThat(run.resolve(profile.get("jfr").get(0).asText())).isRegularFile();
    assertThat(run.resolve(profile.get("flame_graph").asText())).isRegularFile();
    assertThat(profile.get("top_frames").get(0).get("frame").asText()).endsWith("spinProfiledWork");
  }
}
