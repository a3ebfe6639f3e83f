package dev.junitbench.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.infra.Scenario;
import dev.junitbench.testkit.ListenerRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("When the output folder cannot be written")
class UnwritableOutputTests {

  @TempDir static Path tempDir;

  private static Path file;
  private static ListenerRun.Outcome outcome;

  @BeforeAll
  static void runIntoAFile() throws IOException {
    // A regular file where the output folder should be: no folder can be created under it.
    file = Files.writeString(tempDir.resolve("not-a-folder"), "keep me");
    outcome = ListenerRun.into(file).run(UnwritableOutputTestCases.class);
  }

  @Test
  @DisplayName("the tests still report their status to the launcher")
  void testsStillReported() {
    assertThat(outcome.summary().getTestsStartedCount()).isEqualTo(3);
    assertThat(outcome.summary().getTestsSucceededCount()).isEqualTo(2);
    assertThat(outcome.summary().getTestsFailedCount()).isEqualTo(1);
    assertThat(outcome.summary().getFailures())
        .singleElement()
        .satisfies(failure -> assertThat(failure.getException()).hasMessage("four is too many"));
  }

  @Test
  @DisplayName("exactly one error line names the folder and junit.bench.output.dir")
  void oneErrorLine() {
    List<String> lines = outcome.err().lines().filter(line -> !line.isBlank()).toList();
    assertThat(lines)
        .singleElement()
        .satisfies(
            line -> {
              assertThat(line).contains(file.toAbsolutePath().toString());
              assertThat(line).contains("junit.bench.output.dir");
            });
  }

  @Test
  @DisplayName("the console table is still printed, with every scenario")
  void tableStillPrinted() {
    List<String> lines = outcome.out().lines().toList();
    assertThat(lines)
        .anySatisfy(
            line -> assertThat(line).contains("batch_size").contains("median").contains("status"));
    assertThat(lines).anySatisfy(line -> assertThat(line).matches("\\s+1\\s+\\S+ \\S+s\\s.*"));
    assertThat(lines).anySatisfy(line -> assertThat(line).matches("\\s+2\\s+\\S+ \\S+s\\s.*"));
    assertThat(lines).anySatisfy(line -> assertThat(line).matches("\\s+4\\s+-\\s+-.*failed"));
  }

  @Test
  @DisplayName("the file in the folder's place is left as it was and nothing is written beside it")
  void fileUntouched() throws IOException {
    assertThat(file).isRegularFile().hasContent("keep me");
    assertThat(ListenerRun.list(tempDir)).containsExactly(file);
  }

  static class UnwritableOutputTestCases {
    @Benchmark
    @BatchSizes({1, 2, 4})
    void measured(Scenario scenario, Blackhole blackhole) {
      if (scenario.batchSize() == 4) {
        throw new IllegalStateException("four is too many");
      }
      ListenerRun.work(100, blackhole);
    }
  }
}
