package dev.junitbench.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.results.RunFolder;
import dev.junitbench.results.Samples;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.testkit.TestJvm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run of 1,000 scenarios x 1,000 samples in a JVM whose heap is bounded: the results it keeps
 * hold no samples, and samples.csv grows by appends, so neither the heap nor the writes grow with
 * the run's square.
 */
@DisplayName("A run of 1,000 scenarios x 1,000 samples")
class LargeRunTests {

  @TempDir Path tempDir;

  @Test
  @Timeout(value = 20, unit = TimeUnit.MINUTES)
  @DisplayName("completes in -Xmx256m, every scenario's samples written and read back")
  void thousandByThousand() throws Exception {
    Process run =
        new ProcessBuilder(
                TestJvm.command(
                    List.of("-Xmx256m"),
                    LargeRunTestCases.class.getName(),
                    List.of(tempDir.toString(), "1000")))
            .redirectErrorStream(true)
            .start();
    String said = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(run.waitFor()).as(said).isZero();
    assertThat(said).contains("scenarios 1000 passed, 0 failed");
    RunFolder folder = RunFolder.read(runDir());
    assertThat(folder.results()).hasSize(1000);
    Samples samples = folder.samples();
    for (ScenarioResult result : folder.results()) {
      assertThat(samples.of(result.id())).as("result %s", result.id()).hasSize(1000);
    }
  }

  private Path runDir() throws IOException {
    try (Stream<Path> entries = Files.list(tempDir)) {
      return entries.filter(Files::isDirectory).findFirst().orElseThrow();
    }
  }
}
