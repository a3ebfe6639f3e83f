package dev.junitbench.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.profile.ProfileRecordings;
import dev.junitbench.reports.ProfiledRuns;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The command line's compare of profiled runs")
class CompareProfilesCommandTests {

  private static final String PAGE = "diff-EmbeddingBenchmarks-embed-device=cpu-vs-run-base.html";

  @TempDir Path tempDir;

  record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(code, out.toString(), err.toString());
  }

  @Test
  @DisplayName("writes the differential flame graph beside -o and names it in the comparison")
  void writesBesideTheOutput() throws Exception {
    ProfiledRuns runs = ProfiledRuns.write(tempDir, "cpu");
    Path output = tempDir.resolve("compare.md");

    Run compared =
        run(
            "compare",
            runs.baseline().toString(),
            runs.current().toString(),
            "--format",
            "markdown",
            "-o",
            output.toString());

    assertThat(compared.code()).isEqualTo(1);
    assertThat(compared.err()).isEmpty();
    assertThat(tempDir.resolve(PAGE)).isRegularFile();
    assertThat(Files.readString(output))
        .contains("[differential flame graph](" + PAGE + ")")
        .contains(ProfileRecordings.EXTRA_WORK_FRAME);
  }

  @Test
  @DisplayName("warns on stderr of a profile file that is missing, the exit code unchanged")
  void warnsOfMissingProfiles() throws Exception {
    ProfiledRuns runs = ProfiledRuns.write(tempDir, "cpu");
    Files.delete(runs.current().resolve(ProfiledRuns.JFR));

    Run compared = run("compare", runs.baseline().toString(), runs.current().toString());

    assertThat(compared.code()).isEqualTo(1);
    assertThat(compared.err())
        .startsWith("warning: profile " + runs.current().resolve(ProfiledRuns.JFR))
        .contains("named in results.json is missing");
    assertThat(compared.out()).startsWith("1 regressed");
  }
}
