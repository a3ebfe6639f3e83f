package dev.junitbench.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("junit-bench:report")
class ReportMojoTests {

  @TempDir Path project;

  private final RecordingLog log = new RecordingLog();

  private ReportMojo mojo() {
    ReportMojo mojo = new ReportMojo();
    mojo.setLog(log);
    mojo.basedir = project.toFile();
    mojo.resultsDirectory = project.resolve("target/benchmark-results").toFile();
    mojo.reportFormat = "html";
    mojo.threshold = "5%";
    mojo.alpha = 0.01;
    return mojo;
  }

  @Test
  @DisplayName("writes report.html into the newest run folder and logs its path")
  void newest() throws Exception {
    Path results = project.resolve("target/benchmark-results");
    Path old = Runs.write(results, "run-20261126-090000-a", 10);
    Path newest = Runs.write(results, "run-20261126-100000-b", 10);

    mojo().execute();

    assertThat(newest.resolve("report.html")).isNotEmptyFile();
    assertThat(old.resolve("report.html")).doesNotExist();
    assertThat(log.info)
        .containsExactly(
            "junit-bench:report: run " + newest + " (started at 2026-11-23T08:00:00Z)",
            "report: " + newest.resolve("report.html"));
  }

  @Test
  @DisplayName("writes the Markdown summary of runs named relative to the project, with a baseline")
  void markdown() throws Exception {
    Path base = Runs.write(project, "base", 10);
    Path run = Runs.write(project, "run", 30);
    ReportMojo mojo = mojo();
    mojo.runs = List.of("run");
    mojo.baseline = base.toFile();
    mojo.reportFormat = "markdown";

    mojo.execute();

    assertThat(Files.readString(run.resolve("summary.md"), StandardCharsets.UTF_8))
        .contains("regressed");
  }

  @Test
  @DisplayName("several runs go into one report in the folder of runs")
  void several() throws Exception {
    Runs.write(project, "a", 10);
    Runs.write(project, "b", 11);
    ReportMojo mojo = mojo();
    mojo.runs = List.of("a", "b");
    Files.createDirectories(mojo.resultsDirectory.toPath());

    mojo.execute();

    assertThat(mojo.resultsDirectory.toPath().resolve("report.html")).isNotEmptyFile();
  }

  @Test
  @DisplayName("a bad format or an output in a missing folder is an error naming the setting")
  void badSettings() {
    Runs.write(project.resolve("target/benchmark-results"), "run-20261126-100000-b", 10);
    ReportMojo format = mojo();
    format.reportFormat = "pdf";
    assertThatThrownBy(format::execute)
        .isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("reportFormat (junit-bench.report.format) pdf is not a format");
    ReportMojo output = mojo();
    output.reportOutput = project.resolve("nowhere/report.html").toFile();
    assertThatThrownBy(output::execute)
        .isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining(
            "does not exist; create it or give another reportOutput (junit-bench.report.output)");
  }

  @Test
  @DisplayName("in a pom-packaged project with no run named, skips with a line saying why")
  void aggregator() {
    ReportMojo mojo = mojo();
    mojo.project = new MavenProject();
    mojo.project.setArtifactId("shop-parent");
    mojo.project.setPackaging("pom");

    assertThatCode(mojo::execute).doesNotThrowAnyException();
    assertThat(log.info)
        .singleElement()
        .asString()
        .startsWith("junit-bench:report: skipped in shop-parent (packaging pom");
  }

  @Test
  @DisplayName("with no results folder set, reads the folder junit.bench.output.dir names")
  void outputDirProperty() {
    Path run = Runs.write(project.resolve("runs"), "run-20261126-100000-b", 10);
    ReportMojo mojo = mojo();
    mojo.resultsDirectory = null;
    mojo.project = new MavenProject();
    mojo.project.getProperties().setProperty("junit.bench.output.dir", "runs");

    assertThatCode(mojo::execute).doesNotThrowAnyException();
    assertThat(run.resolve("report.html")).isNotEmptyFile();
  }

  @Test
  @DisplayName("a missing run is an error naming it")
  void missingRun() {
    ReportMojo mojo = mojo();
    mojo.runs = List.of("no-such-run");

    assertThatThrownBy(mojo::execute)
        .isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining(project.resolve("no-such-run").toString());
  }
}
