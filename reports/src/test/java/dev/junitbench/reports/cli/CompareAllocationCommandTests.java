package dev.junitbench.reports.cli;

import static dev.junitbench.reports.Fixtures.EMBED;
import static dev.junitbench.reports.Fixtures.lognormal;
import static dev.junitbench.reports.Fixtures.params;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.results.AllocationFigures;
import dev.junitbench.results.RunFolders;
import dev.junitbench.stats.AllocationRule;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The compare command, judging allocation")
class CompareAllocationCommandTests {

  @TempDir Path tempDir;

  record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(code, out.toString(), err.toString());
  }

  private Path run(String name, double bytesPerOp) {
    return RunFolders.write(
        tempDir,
        name,
        List.of(
            RunFolders.passed(EMBED, params("batch_size", 1), lognormal(1, 100, 7e6))
                .withAlloc(
                    new AllocationFigures(
                        bytesPerOp, null, 100, 1, null, null, null, null, null, null))));
  }

  @Test
  @DisplayName("exits 1 on an allocation regression, 0 under a looser --alloc-threshold")
  void exitCodes() {
    Path base = run("run-base", 1024);
    Path now = run("run-now", 2048);
    Run regressed = run("compare", base.toString(), now.toString());
    assertThat(regressed.code()).isEqualTo(1);
    assertThat(regressed.out()).startsWith("allocation: 1 regressed");
    Run loose = run("compare", "--alloc-threshold", "150%,1KB", base.toString(), now.toString());
    assertThat(loose.code()).isZero();
    assertThat(loose.out()).contains("allocation change > 150%");
  }

  @Test
  @DisplayName("rejects a bad --alloc-threshold with exit 2, naming the option and the form")
  void badValue() {
    Path base = run("run-base", 1024);
    Run bad = run("compare", "--alloc-threshold", "lots", base.toString(), base.toString());
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err())
        .contains(
            "--alloc-threshold lots is not an allocation threshold; use "
                + AllocationRule.ACCEPTED);
  }
}
