package dev.junitbench.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.junitbench.results.ResultFileException;
import dev.junitbench.results.ResultsJson;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.Samples;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.LatencySummary;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The readers of a run folder, fuzzed: results.json, samples.csv beside a results.json of two
 * passed scenarios (the 7 and 5 samples of {@code samples-beside.json}), and JMH's result file
 * ({@code -rf json}) read as a run. Any input ends read, or in a {@link ResultFileException} naming
 * the file; never another exception.
 */
class ResultFilesFuzzTests {

  private static final Path DIR;

  static {
    try {
      DIR = Files.createTempDirectory("junit-bench-fuzz-");
      Runtime.getRuntime().addShutdownHook(new Thread(() -> Scratch.delete(DIR)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path write(String folder, String file, byte[] bytes) {
    try {
      Path dir = Files.createDirectories(DIR.resolve(folder));
      Files.write(dir.resolve(file), bytes);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @FuzzTest(maxDuration = "3m")
  void resultsJson(byte[] input) {
    Path dir = write("results", ResultsJson.FILE, input);
    try {
      RunFolder run = RunFolder.read(dir);
      assertThat(run.results()).isNotNull();
      for (ScenarioResult result : run.results()) {
        assertThat(result.benchmark()).isNotNull();
      }
    } catch (ResultFileException e) {
      assertThat(e.getMessage()).contains(dir.resolve(ResultsJson.FILE).toString());
    }
  }

  @FuzzTest(maxDuration = "3m")
  void samplesCsv(byte[] input) throws IOException {
    try (InputStream beside =
        ResultFilesFuzzTests.class.getResourceAsStream("samples-beside.json")) {
      write("samples", ResultsJson.FILE, beside.readAllBytes());
    }
    Path dir = write("samples", Samples.FILE, input);
    try {
      RunFolder run = RunFolder.read(dir);
      Samples samples = run.samples();
      for (ScenarioResult result : run.results()) {
        long[] read = samples.of(result.id());
        assertThat(read).hasSize((int) result.latencyMs().count());
      }
    } catch (ResultFileException e) {
      assertThat(e.getMessage()).contains(dir.resolve(Samples.FILE).toString());
    }
  }

  /**
   * A JMH result file: read as a run, its samples and its summaries usable as a results.json's (a
   * median within its minimum and maximum, positive and finite), or a {@link ResultFileException}.
   */
  @FuzzTest(maxDuration = "3m")
  void jmhJson(byte[] input) {
    Path file = write("jmh", "result.json", input).resolve("result.json");
    try {
      RunFolder run = RunFolder.read(file);
      assertThat(run.jmhVersion()).isNotNull();
      assertThat(run.results()).isNotEmpty();
      Samples samples = run.samples();
      for (ScenarioResult result : run.results()) {
        assertThat(result.benchmark()).contains("#");
        LatencySummary latency = result.latencyMs();
        assertThat(latency.count()).isPositive();
        assertThat(latency.median())
            .isPositive()
            .isFinite()
            .isBetween(latency.min(), latency.max());
        long[] held = samples.of(result.id());
        if (held != null) {
          assertThat((long) held.length).isEqualTo(latency.count());
        }
        if (result.forks() != null) {
          assertThat(result.forks().medianMs()).isPositive().isFinite();
          assertThat(result.forks().runs()).hasSize(result.forks().completed());
        }
      }
    } catch (ResultFileException e) {
      assertThat(e.getMessage()).contains(file.toString());
    }
  }
}
