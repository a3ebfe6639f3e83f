package dev.junitbench.reports.cli;

import static dev.junitbench.reports.Fixtures.EMBED;
import static dev.junitbench.reports.Fixtures.params;
import static dev.junitbench.reports.Fixtures.passed;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.results.RunFolder;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.UnitFormat;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The history and merge commands")
class HistoryCommandTests {

  static final String HOSTILE = "</script><script>window.pwned=1</script>";

  @TempDir Path dir;

  record Run(int code, String out, String err) {}

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(code, out.toString(), err.toString());
  }

  /** Run {@code i} of host {@code host}, an hour after the one before, at commit {@code c<i>}. */
  static Path write(Path parent, int i, String host, double factor) {
    return RunFolders.writeHistoryRun(
        parent.resolve("run-r" + i),
        i,
        host,
        List.of(
            passed(EMBED, params("batch_size", 1), i, 30, 7e6 * factor),
            passed(
                EMBED, params("batch_size", 8, "payload", HOSTILE), i + 100, 30, 44e6 * factor)));
  }

  String db() {
    return dir.resolve("history.duckdb").toString();
  }

  @Test
  @DisplayName(
      "import skips a corrupt run folder with its path and reason, imports the rest, and imports each run once")
  void importSkipsCorrupt() throws Exception {
    Path results = dir.resolve("benchmark-results");
    for (int i = 1; i <= 3; i++) {
      write(results, i, "host-a", 1.0);
    }
    Path partial = Files.createDirectories(results.resolve("run-r9"));
    Files.writeString(
        partial.resolve("results.json"), "{\"schema_version\": 1, \"run\": {\"id\": \"r9\"");
    Run first = run("history", "import", results.toString(), "--db", db());
    assertThat(first.code()).isZero();
    assertThat(first.err()).contains("history import: skipped " + partial, "not valid JSON");
    assertThat(first.out())
        .contains(
            "created a history store of schema version 1",
            "imported run-r1 (host host-a)",
            "3 imported, 0 already in the store, 1 skipped");
    Run again = run("history", "import", results.toString(), "--db", db());
    assertThat(again.out())
        .contains(
            "already in the store: run-r2 (host host-a)",
            "0 imported, 3 already in the store, 1 skipped")
        .doesNotContain("created");
  }

  @Test
  @DisplayName(
      "trend shows each scenario's runs per host, and writes a page whose charts carry every run")
  void trend() throws Exception {
    Path results = dir.resolve("benchmark-results");
    double[] medians = new double[5];
    for (int i = 1; i <= 4; i++) {
      medians[i] =
          RunFolder.read(write(results, i, "host-a", i == 4 ? 1.2 : 1.0))
              .results()
              .get(0)
              .latencyMs()
              .median();
    }
    assertThat(run("history", "import", results.toString(), "--db", db()).code()).isZero();
    Path page = dir.resolve("trend.html");
    Run trend =
        run(
            "history",
            "trend",
            "--benchmark",
            "Embedding",
            "--params",
            "batch_size=1",
            "--db",
            db(),
            "-o",
            page.toString());
    assertThat(trend.code()).as(trend.err()).isZero();
    assertThat(trend.out())
        .contains(
            "EmbeddingBenchmarks#embed [batch_size=1, device=cpu] on host-a: 4 runs",
            "c1000000",
            "c4000000",
            UnitFormat.change(medians[4] / medians[1] - 1),
            "history trend: " + page.toAbsolutePath())
        .doesNotContain("batch_size=8");
    Document html = Jsoup.parse(Files.readString(page));
    assertThat(html.select("section.trend")).hasSize(1);
    assertThat(html.select("section.trend tbody tr")).hasSize(4);
    String data = html.getElementById("trend-data").data();
    assertThat(data)
        .contains(
            "\"commits\":[\"c10000000000\",\"c20000000000\",\"c30000000000\",\"c40000000000\"]");

    // A glob matches the whole name or from the class's simple name on.
    assertThat(
            run("history", "trend", "--benchmark", "EmbeddingBenchmarks#e?bed", "--db", db()).out())
        .contains("on host-a: 4 runs");
    assertThat(run("history", "trend", "--benchmark", "Embedding#*", "--db", db()).code())
        .isEqualTo(Main.BAD_INPUT);
    Run hostile =
        run(
            "history",
            "trend",
            "--benchmark",
            "*#embed",
            "--params",
            "batch_size=8",
            "--db",
            db(),
            "-o",
            page.toString());
    assertThat(hostile.code()).isZero();
    String text = Files.readString(page);
    assertThat(text).doesNotContain(HOSTILE);
    assertThat(Jsoup.parse(text).select("script")).hasSize(4);
  }

  @Test
  @DisplayName(
      "trend says when nothing matches; a store it cannot open, or a DuckDB file that does not exist (a mistyped --db), is bad input")
  void trendBadInput() throws Exception {
    write(dir.resolve("runs"), 1, "host-a", 1.0);
    run("history", "import", dir.resolve("runs").toString(), "--db", db());
    Run none = run("history", "trend", "--benchmark", "NoSuchBenchmark", "--db", db());
    assertThat(none.code()).isEqualTo(Main.BAD_INPUT);
    assertThat(none.err())
        .startsWith("history trend: no scenario in jdbc:duckdb:")
        .contains("matches --benchmark NoSuchBenchmark", "history import the runs first");
    Run dotted = run("history", "trend", "--benchmark", "Embeddings.embed", "--db", db());
    assertThat(dotted.err())
        .as("JMH's and Java's way of naming a method")
        .contains("also for JMH's: --benchmark Embeddings#embed");
    Path typo = dir.resolve("histroy.duckdb");
    for (String command : List.of("trend", "check")) {
      Run missing = run("history", command, "--benchmark", "*", "--db", typo.toString());
      assertThat(missing.code()).isEqualTo(Main.BAD_INPUT);
      assertThat(missing.err())
          .startsWith("history " + command + ": no history store at " + typo + " (no such file)")
          .contains("give the --db of the store the runs were imported into");
      assertThat(typo).as("not created").doesNotExist();
    }
    Run wrongUrl =
        run("history", "trend", "--benchmark", "x", "--db", "jdbc:mysql://localhost/bench");
    assertThat(wrongUrl.code()).isEqualTo(Main.BAD_INPUT);
    assertThat(wrongUrl.err())
        .startsWith("history trend: no history store for jdbc:mysql://localhost/bench");
    Run nothing = run("history", "import", dir.resolve("empty").toString(), "--db", db());
    assertThat(nothing.code()).isEqualTo(Main.BAD_INPUT);
    assertThat(nothing.err()).contains("skipped " + dir.resolve("empty"), "no run to import");
  }

  @Test
  @DisplayName(
      "check exits 1 when a series's newest change point is a regression, naming its commit; 0 when none is")
  void check() throws Exception {
    for (int i = 1; i <= 22; i++) {
      write(dir.resolve("a"), i, "host-a", i >= 10 ? 1.2 : 1.0);
      write(dir.resolve("b"), i, "host-b", 1.0);
    }
    run(
        "history",
        "import",
        dir.resolve("a").toString(),
        dir.resolve("b").toString(),
        "--db",
        db());
    Run regressed = run("history", "check", "--db", db());
    assertThat(regressed.code()).as(regressed.err()).isEqualTo(Main.REGRESSION);
    List<String> lines = regressed.out().lines().toList();
    assertThat(lines.get(0))
        .isEqualTo(
            "REGRESSED: 2 of 4 series regressed (median latency, threshold 5.0%): 2 at its"
                + " newest change point; 4 judged, 0 NOT JUDGED; 2 with change points, 0 with a SUSPECTED step");
    assertThat(regressed.out())
        .contains(
            "method: change points of each series",
            "calibrated by simulating step-free",
            "method: a SUSPECTED step",
            "judged: a series with at least 20 runs");
    assertThat(lines.stream().filter(line -> line.startsWith("REGRESSED ")).toList())
        .containsExactly(
            "REGRESSED  EmbeddingBenchmarks#embed [batch_size=1, device=cpu] on host-a (22 runs)",
            "REGRESSED  EmbeddingBenchmarks#embed [batch_size=8, device=cpu, payload="
                + HOSTILE
                + "] on host-a (22 runs)");
    assertThat(lines.stream().filter(line -> line.contains("newest, worse")).toList())
        .hasSize(2)
        .allSatisfy(
            line ->
                assertThat(line)
                    .matches(
                        "\\s+10  c1000000  2026-11-01 20:00:00Z  \\+(19|20|21)\\.\\d%.*<0\\.001"
                            + "  newest, worse"));
    assertThat(regressed.out()).doesNotContain("host-b");

    Run flat = run("history", "check", "--host", "host-b", "--db", db());
    assertThat(flat.code()).isZero();
    assertThat(flat.out())
        .startsWith(
            "ok: 0 of 2 series regressed (median latency, threshold 5.0%); 2 judged, 0 NOT"
                + " JUDGED;")
        .contains("No series shifted.")
        .doesNotContain("NOT JUDGED:");
    // The threshold is the size a shift must have to fail the check: 20% shifts pass at 30%.
    assertThat(run("history", "check", "--threshold", "30%", "--db", db()).code()).isZero();
    Run throughput = run("history", "check", "--metric", "throughput", "--db", db());
    assertThat(throughput.code()).isEqualTo(Main.REGRESSION);
    assertThat(throughput.out()).contains("(throughput, threshold 5.0%)", "-1");

    Run badMetric = run("history", "check", "--metric", "p50", "--db", db());
    assertThat(badMetric.code()).isEqualTo(Main.BAD_INPUT);
    assertThat(badMetric.err())
        .contains(
            "--metric p50 is not a figure history check judges; give median, p99 or"
                + " throughput");
    Run badThreshold = run("history", "check", "--threshold", "five", "--db", db());
    assertThat(badThreshold.code()).isEqualTo(Main.BAD_INPUT);
    assertThat(badThreshold.err())
        .contains("--threshold five is not a relative change; use 5% or 0.05");
    Run none = run("history", "check", "--benchmark", "Nothing*", "--db", db());
    assertThat(none.code()).isEqualTo(Main.BAD_INPUT);
    assertThat(none.err()).contains("no scenario in", "matches --benchmark Nothing*");
  }

  @Test
  @DisplayName("merge makes a run set with its report; import keeps each member under its label")
  void mergeThenImport() throws Exception {
    Path cpu =
        RunFolders.write(
            dir.resolve("cpu"),
            "run-a",
            List.of(passed(EMBED, params("batch_size", 1), 1, 30, 7e6)),
            "runner-1");
    Path gpu =
        RunFolders.write(
            dir.resolve("gpu"),
            "run-b",
            List.of(passed(EMBED, params("batch_size", 1), 2, 30, 2e6)),
            "gpu-1");
    Path set = dir.resolve("merged");
    Run merge = run("merge", "linux-x64=" + cpu, "gpu-a10=" + gpu, "-o", set.toString());
    assertThat(merge.code()).as(merge.err()).isZero();
    assertThat(merge.out())
        .contains(
            "merged linux-x64: linux-x64/run-a",
            "merged gpu-a10: gpu-a10/run-b",
            "merge: 2 hosts in");
    assertThat(set.resolve("report.html")).exists();
    Run imported = run("history", "import", set.toString(), "--db", db());
    assertThat(imported.out())
        .contains("imported run-a (host linux-x64)", "imported run-b (host gpu-a10)");
    Run trend = run("history", "trend", "--benchmark", "*", "--db", db());
    assertThat(trend.out()).contains("on gpu-a10: 1 run", "on linux-x64: 1 run");
    Run report = run("report", set.toString());
    assertThat(report.code()).isZero();
    assertThat(report.out()).contains("report: " + set.resolve("report.html").toAbsolutePath());
    Run again = run("merge", "a=" + cpu, "b=" + gpu, "-o", set.toString());
    assertThat(again.code()).isEqualTo(Main.BAD_INPUT);
    assertThat(again.err()).contains("is not empty");
  }
}
