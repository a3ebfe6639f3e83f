package dev.junitbench.maven;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junitbench.results.AllocationFigures;
import dev.junitbench.results.RunFolders;
import dev.junitbench.stats.AllocationRule;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("junit-bench:compare, judging allocation")
class CompareMojoAllocationTests {

  @TempDir Path project;

  private final RecordingLog log = new RecordingLog();

  private Path run(Path parent, String name, double bytesPerOp) {
    return RunFolders.write(
        parent,
        name,
        List.of(
            RunFolders.passed(Runs.EMBED, Runs.batch(1), RunFolders.around(10_000_000, 100))
                .withAlloc(
                    new AllocationFigures(
                        bytesPerOp, null, 100, 1, null, null, null, null, null, null))));
  }

  private CompareMojo mojo(String allocThreshold) {
    CompareMojo mojo = new CompareMojo();
    mojo.setLog(log);
    mojo.basedir = project.toFile();
    mojo.resultsDirectory = project.resolve("target/benchmark-results").toFile();
    mojo.baseline = run(project, "baseline", 1024).toFile();
    mojo.current = run(project.resolve("target/benchmark-results"), "run-now", 2048).toFile();
    mojo.threshold = "5%";
    mojo.alpha = 0.01;
    mojo.allocThreshold = allocThreshold;
    mojo.match = "any";
    mojo.compareFormat = "text";
    return mojo;
  }

  @Test
  @DisplayName("fails the build on an allocation regression, naming the scenario and its bytes")
  void regression() {
    assertThatThrownBy(() -> mojo("5%,64B").execute())
        .isInstanceOf(MojoFailureException.class)
        .hasMessageStartingWith("allocation: 1 regressed")
        .hasMessageContaining(
            "allocation regressed: com.example.EmbeddingBenchmarks#embed [device=cpu, batch_size=1]:"
                + " 1 KB/op -> 2 KB/op (+100.0%, +1 KB/op) (rule: allocation change > 5% and >= 64"
                + " B/op)");
  }

  @Test
  @DisplayName("passes under a looser allocThreshold")
  void looser() {
    assertThatCode(() -> mojo("150%").execute()).doesNotThrowAnyException();
  }

  @Test
  @DisplayName("names a bad allocThreshold, its property and the accepted form")
  void badValue() {
    assertThatThrownBy(() -> mojo("a lot").execute())
        .isInstanceOf(MojoExecutionException.class)
        .hasMessage(
            "junit-bench:compare: allocThreshold (junit-bench.allocThreshold) a lot is not an"
                + " allocation threshold; use "
                + AllocationRule.ACCEPTED);
  }
}
