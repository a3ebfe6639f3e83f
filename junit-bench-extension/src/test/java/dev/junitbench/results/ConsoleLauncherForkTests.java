package dev.junitbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("Forks under the JUnit Console Launcher")
class ConsoleLauncherForkTests {

  /** Copied by the build (maven-dependency-plugin); never on the test class path. */
  private static final Path LAUNCHER = Path.of("target", "console-launcher", "junit-platform-console-standalone.jar");

  @TempDir
  Path tempDir;

  @Test
  @DisplayName("run with the test class path the launcher's own class loader sees, and write one run folder")
  void consoleLauncher() throws IOException, InterruptedException {
    Assumptions.assumeTrue(Files.isRegularFile(LAUNCHER), LAUNCHER.toAbsolutePath() + " is missing: the build copies"
        + " it in generate-test-resources; run the tests through Maven");
    Path markers = Files.createDirectories(tempDir.resolve("markers"));
    Path out = tempDir.resolve("out");
    // The test classes and their libraries; the launcher brings its own JUnit Platform.
    String classPath = Arrays.stream(System.getProperty("surefire.test.class.path",
            System.getProperty("java.class.path")).split(File.pathSeparator))
        .map(entry -> entry.replace(File.separatorChar, '/'))
        .filter(entry -> !entry.contains("/org/junit/") && !entry.contains("/opentest4j/")
            && !entry.contains("/apiguardian/"))
        .collect(Collectors.joining(File.pathSeparator));
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-D" + ForkTestCases.MARKERS + "=" + markers,
        "-jar", LAUNCHER.toString(), "execute", "--disable-banner", "--disable-ansi-colors",
        "--class-path", classPath,
        "--select-method", ForkTestCases.Unannotated.class.getName() + "#work(dev.junitbench.Blackhole)",
        "--config", "junit.bench.forks=1",
        "--config", "junit.bench.output.dir=" + out,
        "--config", "junit.bench.progress=false",
        "--config", "junit.bench.warmup.iterations=1",
        "--config", "junit.bench.measurement.iterations=3"));
    Path log = tempDir.resolve("launcher.log");
    Process launcher = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    // A generous bound on a busy machine: two JVMs start, one measures three iterations.
    boolean ended = launcher.waitFor(5, TimeUnit.MINUTES);
    if (!ended) {
      launcher.destroyForcibly();
    }
    String printed = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(ended).as("the launcher ended; it printed:%n%s", printed).isTrue();
    assertThat(launcher.exitValue()).as("exit code; it printed:%n%s", printed).isZero();
    assertThat(printed).contains("[fork 1 of 1] ");

    List<Path> runs;
    try (Stream<Path> entries = Files.list(out)) {
      runs = entries.toList();
    }
    assertThat(runs).as("one run folder, written by the launcher's JVM alone").hasSize(1);
    JsonNode result = ListenerRun.parseJson(Files.readString(runs.get(0).resolve(ResultsJson.FILE))).get("results").get(0);
    assertThat(result.get("status").asText()).isEqualTo("passed");
    assertThat(result.get("forks").get("completed").asInt()).isEqualTo(1);
    assertThat(result.get("latency_ms").get("count").asLong()).isEqualTo(3);
    try (Stream<Path> files = Files.list(markers)) {
      assertThat(files.map(file -> file.getFileName().toString()).toList()).singleElement()
          .satisfies(marker -> assertThat(marker).startsWith("unannotated-")
              .isNotEqualTo("unannotated-" + launcher.pid()));
    }
  }
}
