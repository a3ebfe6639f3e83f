package dev.junitbench.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.output.ResultsCsv;
import dev.junitbench.output.SamplesCsv;
import dev.junitbench.reports.Fixtures;
import dev.junitbench.results.ResultsDocument;
import dev.junitbench.results.ResultsJson;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.testkit.TestJvm;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memory in proportion to what is shown, not to what is read: two runs of 1,000 scenarios of 1,000
 * samples each are compared, reported, merged and imported by the command line in a JVM of 256 MB
 * of heap ({@code -Xmx256m}), each to its documented end.
 */
@DisplayName("The command line on two runs of 1,000 scenarios x 1,000 samples, in 256 MB of heap")
class MemoryBoundTests {

  static final int SCENARIOS = 1_000;
  static final int SAMPLES = 1_000;

  @TempDir static Path dir;

  static Path baseline;
  static Path current;

  @BeforeAll
  static void writeRuns() {
    baseline = run(1, 1.0);
    current = run(2, 1.02);
  }

  /**
   * Run {@code i} of 1,000 scenarios of 1,000 samples, written in one pass each file (as
   * junit-bench writes them, but without rewriting them after each scenario as a run in progress
   * does).
   */
  private static Path run(int i, double factor) {
    Path runDir = dir.resolve("run-r" + i);
    try {
      Files.createDirectories(runDir);
      List<ScenarioResult> results = new ArrayList<>(SCENARIOS);
      try (BufferedWriter samples =
          Files.newBufferedWriter(runDir.resolve(SamplesCsv.FILE), StandardCharsets.US_ASCII)) {
        samples.write(SamplesCsv.HEADER + "\n");
        for (int s = 0; s < SCENARIOS; s++) {
          ScenarioResult result =
              Fixtures.passed(
                      Fixtures.EMBED,
                      Fixtures.params("batch_size", s),
                      s,
                      SAMPLES,
                      1e6 * (1 + s % 7) * factor)
                  .withId(s + 1);
          long[] latencies = result.samplesNs();
          for (int k = 0; k < latencies.length; k++) {
            samples.write((s + 1) + "," + (k + 1) + "," + latencies[k] + ",0\n");
          }
          results.add(result.withoutSamples());
        }
      }
      ResultsCsv.write(runDir, results);
      ResultsJson.mapper()
          .writeValue(
              runDir.resolve(ResultsJson.FILE).toFile(),
              new ResultsDocument(
                  ResultsDocument.SCHEMA_VERSION, RunFolders.historyRun(i, "bench-host"), results));
      return runDir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The command line's exit code and output, run in a JVM of its own with 256 MB of heap. */
  private static Result cli(String... args) throws IOException, InterruptedException {
    List<String> command =
        TestJvm.command(
            List.of("-Xmx256m", "-XX:+ExitOnOutOfMemoryError"),
            Main.class.getName(),
            List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Result(process.waitFor(), out);
  }

  record Result(int code, String out) {}

  @Test
  @DisplayName("compare ends with its verdict")
  void compare() throws Exception {
    Path json = dir.resolve("comparison.json");
    Result result =
        cli(
            "compare",
            baseline.toString(),
            current.toString(),
            "--format",
            "json",
            "--output",
            json.toString());
    assertThat(result.code()).as(result.out()).isIn(0, 1);
    assertThat(Files.size(json)).isPositive();
  }

  @Test
  @DisplayName("report --baseline writes the page")
  void report() throws Exception {
    Path page = dir.resolve("report.html");
    Result result =
        cli(
            "report",
            current.toString(),
            "--baseline",
            baseline.toString(),
            "--output",
            page.toString());
    assertThat(result.code()).as(result.out()).isZero();
    assertThat(Files.readString(page)).contains("</html>");
  }

  @Test
  @DisplayName("merge makes the run set of both, and report reads it")
  void merge() throws Exception {
    Path merged = dir.resolve("merged");
    Result result = cli("merge", "a=" + baseline, "b=" + current, "--output", merged.toString());
    assertThat(result.code()).as(result.out()).isZero();
    Path page = dir.resolve("merged.html");
    Result report = cli("report", merged.toString(), "--output", page.toString());
    assertThat(report.code()).as(report.out()).isZero();
    assertThat(Files.readString(page)).contains("</html>");
  }

  @Test
  @DisplayName("history import stores both runs")
  void historyImport() throws Exception {
    Result result =
        cli(
            "history",
            "import",
            "--db",
            dir.resolve("history.duckdb").toString(),
            baseline.toString(),
            current.toString());
    assertThat(result.code()).as(result.out()).isZero();
  }
}
