package dev.junitbench.reports.cli;

import static dev.junitbench.reports.cli.HistoryCommandTests.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.reports.cli.HistoryCommandTests.Run;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ci/history.sh} run by bash as the workflow runs it, with this build's command line behind
 * {@code HISTORY_CLI_JAR} (a jar whose manifest names {@link Main} and this JVM's class path) and a
 * DuckDB store.
 */
@DisplayName("ci/history.sh: a store too young to judge warns, a regression fails")
class HistoryScriptTests {

  private static final Path SCRIPT = Path.of("..", "ci", "history.sh").toAbsolutePath().normalize();
  private static final String MACHINE = "linux-x64";

  @TempDir Path dir;

  record Result(int code, String out, String err) {}

  @Test
  @DisplayName(
      "the first run of a new store: history check exits 4 (NOT JUDGED), the script warns and exits 0")
  void newStoreWarns() throws Exception {
    CheckHistories.write(dir.resolve("machines"), MACHINE, 1, 16.0);

    Result result = script(Map.of());

    assertThat(result.code()).as(result.out() + result.err()).isZero();
    assertThat(result.out())
        .contains("NOT JUDGED: none of 2 series could be judged", "1 run, 20 needed");
    assertThat(result.err())
        .contains("history: WARNING: history check judged no series yet (NOT JUDGED, exit 4)");

    // On GitHub Actions the warning is an annotation of the run.
    CheckHistories.write(dir.resolve("next"), MACHINE, 2, 16.0);
    Result annotated = script(Map.of("GITHUB_ACTIONS", "true"), dir.resolve("next"));
    assertThat(annotated.code()).isZero();
    assertThat(annotated.out())
        .contains(
            "::warning title=history check NOT JUDGED::history: history check judged no"
                + " series yet");
  }

  @Test
  @DisplayName(
      "a SUSPECTED step in the newest 2 runs of a judged history fails the script with exit 1")
  void regressionFails() throws Exception {
    double[] medians = CheckHistories.stepped(20, 16.0, 2, 1.3);
    for (int i = 1; i < medians.length; i++) {
      CheckHistories.write(dir.resolve("earlier"), MACHINE, i, medians[i - 1]);
    }
    Run earlier =
        run(
            "history",
            "import",
            dir.resolve("earlier").resolve(MACHINE).toString(),
            "--db",
            store(),
            "--host",
            MACHINE);
    assertThat(earlier.code()).as(earlier.err()).isZero();
    CheckHistories.write(
        dir.resolve("machines"), MACHINE, medians.length, medians[medians.length - 1]);

    Result result = script(Map.of());

    assertThat(result.code()).as(result.out() + result.err()).isEqualTo(1);
    assertThat(result.out())
        .contains(
            "REGRESSED: 1 of 2 series regressed",
            "at a SUSPECTED step",
            "history: history check found a regression");
    assertThat(result.err()).doesNotContain("WARNING");
  }

  private String store() {
    return "jdbc:duckdb:" + dir.resolve("store.duckdb");
  }

  private Result script(Map<String, String> environment) throws Exception {
    return script(environment, dir.resolve("machines"));
  }

  /** Runs {@code ci/history.sh MACHINES merged-<n>} in {@link #dir}; waits for it to end. */
  private Result script(Map<String, String> environment, Path machines) throws Exception {
    assertThat(SCRIPT).as("the script, from the reports module's folder").isRegularFile();
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    ProcessBuilder builder =
        new ProcessBuilder(
                "bash",
                SCRIPT.toString(),
                machines.toString(),
                Files.createTempDirectory(dir, "merged").resolve("set").toString())
            .directory(dir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
    builder.environment().remove("GITHUB_ACTIONS");
    builder.environment().put("HISTORY_CLI_JAR", cliJar().toString());
    builder.environment().put("JUNIT_BENCH_HISTORY_URL", store());
    builder.environment().putAll(environment);
    Process process = builder.start();
    assertThat(process.waitFor(10, TimeUnit.MINUTES)).as("ci/history.sh ended").isTrue();
    return new Result(process.exitValue(), Files.readString(out), Files.readString(err));
  }

  /**
   * A jar that runs this build's command line: its manifest names {@link Main} and this JVM's class
   * path.
   */
  private Path cliJar() throws IOException {
    return cliJar(dir);
  }

  /** As {@link #cliJar()}, in {@code dir}. */
  static Path cliJar(Path dir) throws IOException {
    Path jar = dir.resolve("junit-bench-reports-cli.jar");
    if (Files.exists(jar)) {
      return jar;
    }
    List<String> entries = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      entries.add(Path.of(entry).toUri().toString());
    }
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Main.class.getName());
    manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, String.join(" ", entries));
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream ignored = new JarOutputStream(file, manifest)) {
      return jar;
    }
  }
}
