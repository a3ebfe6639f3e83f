package dev.junitbench.reports.cli;

import static dev.junitbench.reports.cli.HistoryCommandTests.run;
import static dev.junitbench.reports.cli.HistoryCommandTests.write;
import static dev.junitbench.reports.cli.HistoryJmhImportTests.ALL_OK;
import static dev.junitbench.reports.cli.HistoryJmhImportTests.PARSE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.reports.JmhFiles;
import dev.junitbench.reports.cli.HistoryCommandTests.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("history import of a folder of JMH result files: each file a run")
class HistoryJmhFolderImportTests {

  @TempDir Path dir;

  String db() {
    return dir.resolve("history.duckdb").toString();
  }

  /** A gate's base folder: round-01.json to round-03.json, an hour apart, and a log beside them. */
  Path rounds() throws Exception {
    Path base = dir.resolve("gate").resolve("base");
    Instant t0 = Instant.parse("2026-05-01T10:00:00Z");
    for (int i = 1; i <= 3; i++) {
      Path file = JmhFiles.scaled(base, String.format("round-%02d.json", i), ALL_OK, 1 + 0.01 * i);
      Files.setLastModifiedTime(file, FileTime.from(t0.plusSeconds(3600L * i)));
    }
    Files.writeString(base.resolve("round-01.log"), "# JMH version: 1.37\n");
    return base;
  }

  @Test
  @DisplayName(
      "imports each JMH file of a folder as a run at its modification time, and again changes"
          + " nothing")
  void importsEachFileOnce() throws Exception {
    Path base = rounds();

    Run imported = run("history", "import", base.toString(), "--host", "ci-1", "--db", db());

    assertThat(imported.code()).as(imported.err()).isZero();
    assertThat(imported.err()).isEmpty();
    assertThat(imported.out())
        .contains(
            "imported round-01.json (host ci-1): 2 results, no samples; started_at"
                + " 2026-05-01T11:00:00Z is the file's modification time",
            "imported round-02.json (host ci-1)",
            "imported round-03.json (host ci-1)",
            "3 imported, 0 already in the store, 0 skipped")
        .doesNotContain("round-01.log");
    Run trend = run("history", "trend", "--benchmark", "ParserBenchmark", "--db", db());
    assertThat(trend.code()).as(trend.err()).isZero();
    assertThat(trend.out())
        .contains(
            PARSE + " on ci-1: 3 runs",
            "2026-05-01 11:00:00Z",
            "2026-05-01 12:00:00Z",
            "2026-05-01 13:00:00Z");

    Run again = run("history", "import", base.toString(), "--host", "ci-1", "--db", db());
    assertThat(again.code()).as(again.err()).isZero();
    assertThat(again.out())
        .contains(
            "already in the store: round-01.json (host ci-1)",
            "already in the store: round-03.json (host ci-1)",
            "0 imported, 3 already in the store, 0 skipped");
  }

  @Test
  @DisplayName(
      "--commit and --started-at apply to each file of the folder, as to several files named")
  void commitAndStart() throws Exception {
    Path base = rounds();

    Run imported =
        run(
            "history",
            "import",
            base.toString(),
            "--host",
            "ci-1",
            "--commit",
            "AB12CD3",
            "--started-at",
            "2026-05-02T08:00:00Z",
            "--db",
            db());

    assertThat(imported.code()).as(imported.err()).isZero();
    assertThat(imported.out())
        .contains("3 imported, 0 already in the store, 0 skipped")
        .doesNotContain("modification time", "junit-bench run");
    Run trend = run("history", "trend", "--benchmark", "ParserBenchmark", "--db", db());
    assertThat(trend.out())
        .contains(PARSE + " on ci-1: 3 runs", "ab12cd3", "2026-05-02 08:00:00Z")
        .doesNotContain("2026-05-01");
  }

  @Test
  @DisplayName(
      "in a folder of JMH files, a *.json that is not one is skipped with the reason and the others"
          + " imported; a folder of run folders is its run folders alone")
  void mixedFolder() throws Exception {
    Path base = rounds();
    Path object = base.resolve("comparison.json");
    Files.writeString(object, "{ \"verdict\" : \"ok\" }");
    Path text = base.resolve("round-04.json");
    Files.copy(JmhFiles.copy(dir.resolve("fixtures"), "jmh-text-output.txt"), text);
    Path cut = base.resolve("round-05.json");
    Files.writeString(cut, "[ { \"jmhVersion\" : \"1.37\", \"benchmark\" : ");

    Run imported = run("history", "import", base.toString(), "--host", "ci-1", "--db", db());

    assertThat(imported.code()).as(imported.err()).isZero();
    assertThat(imported.out())
        .contains(
            "imported round-01.json (host ci-1)",
            "imported round-03.json (host ci-1)",
            "3 imported, 0 already in the store, 3 skipped");
    assertThat(imported.err())
        .contains(
            "skipped "
                + object
                + ": it is not a JMH result file (JMH's -rf json writes a JSON array), and "
                + base
                + " is a folder of JMH result files, which are imported alone",
            "skipped " + text + ": it is not a JMH result file",
            "skipped " + cut + ": " + cut + " is a JMH result file that is not valid JSON");

    // With run folders beside them, JMH files are not looked for: the folder is a folder of runs.
    Path results = dir.resolve("benchmark-results");
    write(results, 1, "host-a", 1.0);
    JmhFiles.copy(results, ALL_OK);
    Run runs = run("history", "import", results.toString(), "--db", db());
    assertThat(runs.code()).as(runs.err()).isZero();
    assertThat(runs.out())
        .contains("imported run-r1 (host host-a)", "1 imported, 0 already in the store, 0 skipped")
        .doesNotContain(ALL_OK);
  }

  @Test
  @DisplayName(
      "a folder of JMH files without --host is bad input naming a file; a folder with neither runs"
          + " nor JMH files is skipped, and the usage names JMH files")
  void badInput() throws Exception {
    Path base = rounds();

    Run noHost = run("history", "import", base.toString(), "--db", db());
    assertThat(noHost.code()).isEqualTo(Main.BAD_INPUT);
    assertThat(noHost.err())
        .contains(
            base.resolve("round-01.json")
                + " is a JMH result file, which records no machine: give --host LABEL",
            "nothing was imported");

    Path other = dir.resolve("other");
    Files.createDirectories(other);
    Files.writeString(other.resolve("comparison.json"), "{ \"verdict\" : \"ok\" }");
    Path missing = dir.resolve("missing");
    Run none =
        run(
            "history",
            "import",
            other.toString(),
            missing.toString(),
            "--host",
            "ci-1",
            "--db",
            db());
    assertThat(none.code()).isEqualTo(Main.BAD_INPUT);
    assertThat(none.err())
        .contains(
            "skipped "
                + other
                + ": it holds no results.json, no run folders (run-*), no JMH result files (*.json)"
                + " and no runset.json; give run folders (run-<time>-<id>), a folder of them, a run"
                + " set, JMH result files (-rf json) or a folder of them",
            "skipped " + missing + ": it does not exist; give run folders",
            "no run to import; give run folders (run-<time>-<id>), a folder of them, a run set, JMH"
                + " result files (-rf json) or a folder of them");

    Run trend = run("history", "trend", "--benchmark", "*", "--db", db());
    assertThat(trend.code()).isEqualTo(Main.BAD_INPUT);
  }
}
