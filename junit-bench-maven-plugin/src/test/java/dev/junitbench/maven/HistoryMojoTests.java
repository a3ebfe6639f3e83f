package dev.junitbench.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junitbench.reports.history.SuspectedSteps;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("junit-bench:import and junit-bench:check")
class HistoryMojoTests {

  @TempDir Path project;

  private final RecordingLog log = new RecordingLog();

  private Path results() {
    return project.resolve("target/benchmark-results");
  }

  private ImportMojo importer() {
    ImportMojo mojo = new ImportMojo();
    mojo.setLog(log);
    mojo.basedir = project.toFile();
    mojo.resultsDirectory = results().toFile();
    mojo.db = "target/history.duckdb";
    return mojo;
  }

  private CheckMojo checker() {
    CheckMojo mojo = new CheckMojo();
    mojo.setLog(log);
    mojo.basedir = project.toFile();
    mojo.resultsDirectory = results().toFile();
    mojo.db = "target/history.duckdb";
    mojo.benchmark = "*";
    mojo.metric = "median";
    mojo.checkThreshold = "5%";
    return mojo;
  }

  private void history(int runs, int slower) throws Exception {
    for (int i = 0; i < runs + slower; i++) {
      Runs.history(results(), "ci-runner", i, (i < runs ? 10.0 : 15.0) * (1 + 0.002 * (i % 3)));
    }
  }

  @Test
  @DisplayName("import puts every run of the folder of runs into a DuckDB file, each once")
  void importsOnce() throws Exception {
    history(3, 0);

    importer().execute();
    importer().execute();

    assertThat(project.resolve("target/history.duckdb")).isNotEmptyFile();
    assertThat(log.info)
        .contains(
            "history import: 3 imported, 0 already in the store, 0 skipped; store jdbc:duckdb:"
                + project.resolve("target/history.duckdb"),
            "history import: 0 imported, 3 already in the store, 0 skipped; store jdbc:duckdb:"
                + project.resolve("target/history.duckdb"));
  }

  @Test
  @DisplayName("import with nothing readable is an error naming where it looked")
  void importsNothing() {
    ImportMojo mojo = importer();
    mojo.runs = List.of("empty");
    project.resolve("empty").toFile().mkdirs();

    assertThatThrownBy(mojo::execute)
        .isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("no run could be read from [" + project.resolve("empty") + "]");
    assertThat(log.warnings).anyMatch(line -> line.contains("no run to import"));
  }

  @Test
  @DisplayName("check fails the build NOT JUDGED on a history too short, passes with allowUnjudged")
  void notJudged() throws Exception {
    history(3, 0);
    importer().execute();

    assertThatThrownBy(() -> checker().execute())
        .isInstanceOf(MojoFailureException.class)
        .hasMessageStartingWith("NOT JUDGED")
        .hasMessageContaining("allowUnjudged");
    CheckMojo allowed = checker();
    allowed.allowUnjudged = true;
    assertThatCode(allowed::execute).doesNotThrowAnyException();
    assertThat(log.warnings)
        .singleElement()
        .asString()
        .startsWith("NOT JUDGED")
        .endsWith("(passed with allowUnjudged)");
  }

  @Test
  @DisplayName("check fails the build on a step up in the newest runs and passes on a flat history")
  void regression() throws Exception {
    history(SuspectedSteps.MIN_RUNS, 3);
    importer().execute();

    assertThatThrownBy(() -> checker().execute())
        .isInstanceOf(MojoFailureException.class)
        .hasMessageStartingWith("REGRESSED: 1 of 1 series regressed (median latency");
    CheckMojo flat = checker();
    flat.checkThreshold = "60%";
    assertThatCode(flat::execute).doesNotThrowAnyException();
  }

  @Test
  @DisplayName("check passes with a warning counting the series NOT JUDGED beside judged ones")
  void someNotJudged() throws Exception {
    history(SuspectedSteps.MIN_RUNS, 0);
    for (int i = 0; i < 2; i++) {
      Runs.history(results(), "new-runner", 30 + i, 10.0);
    }
    importer().execute();

    assertThatCode(() -> checker().execute()).doesNotThrowAnyException();
    assertThat(log.warnings)
        .singleElement()
        .asString()
        .startsWith("junit-bench:check: 1 of 2 series NOT JUDGED")
        .contains("the other 1 only");
  }

  @Test
  @DisplayName(
      "check with nothing matching, a store that does not exist, or a bad setting, is an error naming the setting")
  void badInput() throws Exception {
    history(3, 0);
    importer().execute();
    CheckMojo nothing = checker();
    nothing.benchmark = "NoSuchBenchmark";
    assertThatThrownBy(nothing::execute)
        .isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining("matches benchmark (junit-bench.benchmark) NoSuchBenchmark")
        .hasMessageContaining("junit-bench:import");
    CheckMojo dotted = checker();
    dotted.benchmark = "Embeddings.embed";
    assertThatThrownBy(dotted::execute)
        .hasMessageContaining("also for JMH's: benchmark Embeddings#embed");
    CheckMojo typo = checker();
    typo.db = "target/histroy.duckdb";
    assertThatThrownBy(typo::execute)
        .isInstanceOf(MojoExecutionException.class)
        .hasMessageContaining(
            "no history store at " + project.resolve("target/histroy.duckdb") + " (no such file)")
        .hasMessageContaining("db (junit-bench.db)");
    assertThat(project.resolve("target/histroy.duckdb")).as("not created").doesNotExist();
    CheckMojo metric = checker();
    metric.metric = "mean";
    assertThatThrownBy(metric::execute)
        .hasMessageContaining("metric (junit-bench.metric) mean is not a figure");
    CheckMojo within = checker();
    within.within = 0;
    assertThatThrownBy(within::execute).hasMessageContaining("within (junit-bench.within) 0");
    assertThatThrownBy(() -> CheckMojo.paramsOf("device=cpu,batch"))
        .hasMessageContaining("params (junit-bench.params)")
        .hasMessageContaining("'batch' is not NAME=VALUE");
    assertThat(CheckMojo.paramsOf(" device=cpu, batch_size=8"))
        .isEqualTo(Map.of("device", "cpu", "batch_size", "8"));
  }
}
