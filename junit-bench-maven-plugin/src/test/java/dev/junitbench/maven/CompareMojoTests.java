package dev.junitbench.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junitbench.results.RunFolders;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("junit-bench:compare")
class CompareMojoTests {

  @TempDir Path project;

  private Path results;
  private Path baseline;
  private final RecordingLog log = new RecordingLog();

  @BeforeEach
  void baseline() {
    results = project.resolve("target/benchmark-results");
    baseline = Runs.write(project, "baseline", 10, 40);
  }

  private CompareMojo mojo() {
    CompareMojo mojo = new CompareMojo();
    mojo.setLog(log);
    mojo.basedir = project.toFile();
    mojo.resultsDirectory = results.toFile();
    mojo.baseline = baseline.toFile();
    mojo.threshold = "5%";
    mojo.alpha = 0.01;
    mojo.match = "any";
    mojo.compareFormat = "text";
    return mojo;
  }

  @Test
  @DisplayName("fails the build on a regression, its message leading with the verdict line")
  void regression() {
    Runs.write(results, "run-20261126-100000-a", 10, 40);
    Runs.write(results, "run-20261126-110000-b", 10, 120);

    assertThatThrownBy(() -> mojo().execute())
        .isInstanceOf(MojoFailureException.class)
        .hasMessageStartingWith("1 regressed, 0 improved, 1 unchanged")
        .hasMessageContaining(
            "regressed: com.example.EmbeddingBenchmarks#embed [device=cpu, batch_size=2]: median"
                + " +200")
        .hasMessageContaining("baseline " + baseline);
    assertThat(log.info).anyMatch(line -> line.startsWith("1 regressed, 0 improved"));
  }

  @Test
  @DisplayName("passes when nothing regressed, and compares the newest run by default")
  void unchanged() {
    Runs.write(results, "run-20261126-090000-old", 10, 120);
    Runs.write(results, "run-20261126-100000-a", 10, 40);

    assertThatCode(() -> mojo().execute()).doesNotThrowAnyException();
    assertThat(log.info.get(0))
        .startsWith("junit-bench:compare: run " + results.resolve("run-20261126-100000-a"));
    assertThat(log.info.get(1)).startsWith("0 regressed, 0 improved, 2 unchanged");
  }

  @Test
  @DisplayName(
      "passes with a warning when a scenario is NOT JUDGED under match any, fails under match all")
  void notJudged() {
    Path current = Runs.write(results, "run-20261126-100000-a", 10, 40, 90);

    assertThatCode(() -> mojo().execute()).doesNotThrowAnyException();
    assertThat(log.warnings)
        .singleElement()
        .asString()
        .contains("NOT JUDGED: 1 (1 not in the baseline)", "-Djunit-bench.match=all");

    CompareMojo strict = mojo();
    strict.match = "ALL";
    strict.current = current.toFile();
    assertThatThrownBy(strict::execute)
        .isInstanceOf(MojoFailureException.class)
        .hasMessageStartingWith("0 regressed, 0 improved, 2 unchanged: 2 of 3 scenarios judged")
        .hasMessageContaining("NOT JUDGED (match all): com.example.EmbeddingBenchmarks#embed");
  }

  @Test
  @DisplayName("writes the comparison to a file in the format asked for, the log keeping its line")
  void output() throws Exception {
    Runs.write(results, "run-20261126-100000-a", 10, 40);
    CompareMojo mojo = mojo();
    mojo.compareFormat = "markdown";
    mojo.compareOutput = project.resolve("target/comment.md").toFile();

    mojo.execute();

    assertThat(Files.readString(mojo.compareOutput.toPath(), StandardCharsets.UTF_8))
        .startsWith(":white_check_mark:");
    assertThat(log.info.get(log.info.size() - 1))
        .startsWith("0 regressed")
        .endsWith("(written to " + mojo.compareOutput.getAbsolutePath() + ")");
  }

  @Test
  @DisplayName("passes with a warning counting the baseline's scenarios not run now")
  void baselineScenariosNotRun() {
    Runs.write(results, "run-20261126-100000-a", 10);

    assertThatCode(() -> mojo().execute()).doesNotThrowAnyException();
    assertThat(log.warnings)
        .singleElement()
        .asString()
        .startsWith("junit-bench:compare: 1 scenario of the baseline not run now, so not judged");
  }

  @Test
  @DisplayName("in a pom-packaged project with no current run named, skips with a line saying why")
  void aggregator() {
    CompareMojo mojo = mojo();
    mojo.project = new MavenProject();
    mojo.project.setArtifactId("shop-parent");
    mojo.project.setPackaging("pom");

    assertThatCode(mojo::execute).doesNotThrowAnyException();
    assertThat(log.info)
        .singleElement()
        .asString()
        .startsWith("junit-bench:compare: skipped in shop-parent (packaging pom")
        .contains("-Djunit-bench.current=RUN_DIR");
  }

  @Test
  @DisplayName("a baseline path that names nothing is an error naming it and the setting")
  void missingBaseline() {
    Runs.write(results, "run-20261126-100000-a", 10, 40);
    CompareMojo mojo = mojo();
    mojo.baseline = project.resolve("no-such-run").toFile();

    assertThatThrownBy(mojo::execute)
        .isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("baseline (junit-bench.baseline) " + project.resolve("no-such-run"))
        .hasMessageContaining("does not exist; give a run folder");
  }

  @Test
  @DisplayName("bad settings are errors naming the setting and what it takes")
  void badSettings() {
    Runs.write(results, "run-20261126-100000-a", 10, 40);
    CompareMojo threshold = mojo();
    threshold.threshold = "five";
    assertThatThrownBy(threshold::execute)
        .isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("threshold (junit-bench.threshold) five is not a relative change");
    CompareMojo alpha = mojo();
    alpha.alpha = 0.9;
    assertThatThrownBy(alpha::execute)
        .isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("alpha (junit-bench.alpha) 0.9");
    CompareMojo match = mojo();
    match.match = "some";
    assertThatThrownBy(match::execute)
        .isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("match (junit-bench.match) some is not valid; use any or all");
    CompareMojo format = mojo();
    format.compareFormat = "html";
    assertThatThrownBy(format::execute)
        .isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("compareFormat (junit-bench.compare.format) html is not a format");
    CompareMojo minOnly = mojo();
    minOnly.minRounds = 2;
    assertThatThrownBy(minOnly::execute)
        .isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining(
            "minRounds (junit-bench.minRounds) 2 needs maxRounds (junit-bench.maxRounds)");
    CompareMojo sequential = mojo();
    sequential.maxRounds = 4;
    assertThatThrownBy(sequential::execute)
        .isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("is not a folder of rounds; a sequential decision (--max-rounds)");
  }

  @Test
  @DisplayName("runs with no scenario in common are bad input, not a pass")
  void nothingInCommon() {
    Path other =
        RunFolders.write(
            results,
            "run-20261126-100000-a",
            List.of(
                RunFolders.passed(
                    "com.example.Other#run", Runs.batch(1), RunFolders.around(10_000_000, 100))));

    assertThatThrownBy(() -> mojo().execute())
        .isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("have no scenario in common")
        .hasMessageContaining(other.toString());
  }

  @Test
  @DisplayName("does nothing with skip")
  void skip() {
    CompareMojo mojo = mojo();
    mojo.skip = true;
    mojo.baseline = project.resolve("no-such-run").toFile();

    assertThatCode(mojo::execute).doesNotThrowAnyException();
    assertThat(log.info).containsExactly("junit-bench: skipped (junit-bench.skip)");
  }
}
