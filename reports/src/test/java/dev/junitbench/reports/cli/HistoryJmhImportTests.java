package dev.junitbench.reports.cli;

import static dev.junitbench.reports.cli.HistoryCommandTests.run;
import static dev.junitbench.reports.cli.HistoryCommandTests.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.reports.JmhFiles;
import dev.junitbench.reports.cli.HistoryCommandTests.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("history import of JMH result files, and trend and check on them")
class HistoryJmhImportTests {

  static final String ALL_OK = "jmh-1.37-all-ok.json";
  static final String PARSE = "ParserBenchmark#parseDouble [mode=avgt]";
  static final String SPLIT = "ParserBenchmark#splitCsv [mode=avgt]";

  @TempDir Path dir;

  String db() {
    return dir.resolve("history.duckdb").toString();
  }

  Run importJmh(Path file, String... options) {
    String[] args = new String[4 + options.length];
    args[0] = "history";
    args[1] = "import";
    args[2] = file.toString();
    System.arraycopy(options, 0, args, 3, options.length);
    args[args.length - 1] = "--db=" + db();
    return run(args);
  }

  @Test
  @DisplayName(
      "imports a JMH file beside junit-bench runs under the host, start and commit given, and again"
          + " changes nothing, whatever else is given")
  void importsOnce() throws Exception {
    Path runs = dir.resolve("benchmark-results");
    write(runs, 1, "host-a", 1.0);
    Path file = JmhFiles.copy(dir.resolve("jmh"), ALL_OK);

    Run runsImported = run("history", "import", runs.toString(), "--db", db());
    assertThat(runsImported.code()).as(runsImported.err()).isZero();
    Run imported =
        importJmh(
            file,
            "--host",
            "host-a",
            "--started-at",
            "2026-05-01T12:00:00Z",
            "--commit",
            "AB12CD3");

    assertThat(imported.code()).as(imported.err()).isZero();
    assertThat(imported.out())
        .contains(
            "imported " + ALL_OK + " (host host-a): 2 results, no samples",
            "1 imported, 0 already in the store, 0 skipped")
        .doesNotContain("modification time");
    Run again =
        importJmh(
            file, "--host", "host-a", "--started-at", "2027-01-01T00:00:00Z", "--commit", "ffff");
    assertThat(again.code()).isZero();
    assertThat(again.out())
        .contains(
            "already in the store: " + ALL_OK + " (host host-a)",
            "0 imported, 1 already in the store, 0 skipped");
    assertThat(importJmh(file, "--host", "host-a").out())
        .contains("already in the store: " + ALL_OK)
        .doesNotContain("modification time");

    // The first import's start and commit stay; the junit-bench run's series are beside them.
    Run trend = run("history", "trend", "--benchmark", "*", "--db", db());
    assertThat(trend.code()).as(trend.err()).isZero();
    assertThat(trend.out())
        .contains(
            PARSE + " on host-a: 1 run",
            SPLIT + " on host-a: 1 run",
            "2026-05-01 12:00:00Z",
            "ab12cd3",
            "EmbeddingBenchmarks#embed [batch_size=1, device=cpu] on host-a: 1 run")
        .doesNotContain("2027-01-01", "ffff");

    // A start given does not fit a junit-bench run: nothing is imported. One --host serves both.
    Path other = JmhFiles.scaled(dir.resolve("jmh"), "other.json", ALL_OK, 1.1);
    Run both =
        run(
            "history",
            "import",
            write(dir.resolve("more"), 2, "host-a", 1.0).toString(),
            other.toString(),
            "--host",
            "ci-runner",
            "--started-at",
            "2026-05-02T12:00:00+02:00",
            "--db",
            db());
    assertThat(both.code()).isEqualTo(Main.BAD_INPUT);
    assertThat(both.err())
        .contains(
            "--started-at is for JMH result files, which record no start; "
                + dir.resolve("more").resolve("run-r2")
                + " is a junit-bench run, which records its own",
            "nothing was imported");
    Run mixed =
        run(
            "history",
            "import",
            dir.resolve("more").resolve("run-r2").toString(),
            other.toString(),
            "--host",
            "ci-runner",
            "--db",
            db());
    assertThat(mixed.code()).as(mixed.err()).isZero();
    assertThat(mixed.out())
        .contains(
            "imported run-r2 (host ci-runner)",
            "imported other.json (host ci-runner): 2 results",
            "2 imported, 0 already in the store");
  }

  @Test
  @DisplayName(
      "without --started-at a JMH file starts at its modification time, and the output says so")
  void modificationTime() throws Exception {
    Path file = JmhFiles.copy(dir.resolve("jmh"), ALL_OK);
    Instant modified = Instant.parse("2026-03-04T05:06:07.089Z");
    Files.setLastModifiedTime(file, FileTime.from(modified));

    Run imported = importJmh(file, "--host", "ci-1");

    assertThat(imported.code()).as(imported.err()).isZero();
    assertThat(imported.out())
        .contains(
            "imported "
                + ALL_OK
                + " (host ci-1): 2 results, no samples; started_at 2026-03-04T05:06:07.089Z is the"
                + " file's modification time (give --started-at for when it ran)");
    assertThat(run("history", "trend", "--benchmark", "ParserBenchmark", "--db", db()).out())
        .contains(PARSE + " on ci-1: 1 run", "2026-03-04 05:06:07Z");
  }

  @Test
  @DisplayName("a JMH file in a run set goes under its member's label, at the start given")
  void runSet() throws Exception {
    Path file = JmhFiles.copy(dir.resolve("jmh"), ALL_OK);
    Path set = dir.resolve("merged");
    Run merge = run("merge", "gpu-a10=" + file, "-o", set.toString());
    assertThat(merge.code()).as(merge.err()).isZero();

    Run imported =
        run(
            "history",
            "import",
            set.toString(),
            "--started-at",
            "2026-05-01T14:00:00+02:00",
            "--db",
            db());

    assertThat(imported.code()).as(imported.err()).isZero();
    assertThat(imported.out())
        .contains("imported " + ALL_OK + " (host gpu-a10): 2 results")
        .doesNotContain("modification time");
    assertThat(run("history", "trend", "--benchmark", "ParserBenchmark", "--db", db()).out())
        .contains(PARSE + " on gpu-a10: 1 run", "2026-05-01 12:00:00Z");
  }

  @Test
  @DisplayName(
      "trend and check read JMH files' series: 22 files, the newest 10 slower by 20%, are a regression"
          + " at the first slow one's commit")
  void trendAndCheck() throws Exception {
    Instant t0 = Instant.parse("2026-06-01T00:00:00Z");
    for (int i = 1; i <= 22; i++) {
      // A little noise, so no two files are the same: each is a run of its own.
      double noise = 1 + 0.004 * ((i * 7 % 5) - 2) + 1e-6 * i;
      Path file =
          JmhFiles.scaled(
              dir.resolve("jmh"), "run" + i + ".json", ALL_OK, (i >= 13 ? 1.2 : 1.0) * noise);
      Run imported =
          importJmh(
              file,
              "--host",
              "ci-1",
              "--started-at",
              t0.plusSeconds(3600L * i).toString(),
              "--commit",
              String.format("%02dcafe", i));
      assertThat(imported.code()).as(imported.err()).isZero();
      assertThat(imported.out()).contains("1 imported");
    }

    Run trend =
        run(
            "history",
            "trend",
            "--benchmark",
            "ParserBenchmark#parseDouble",
            "--last",
            "3",
            "--db",
            db());
    assertThat(trend.code()).as(trend.err()).isZero();
    assertThat(trend.out())
        .contains(
            PARSE + " on ci-1: 22 runs, the newest 3 shown", "22cafe", "2026-06-01 22:00:00Z");

    Run check = run("history", "check", "--db", db());
    assertThat(check.code()).as(check.out()).isEqualTo(Main.REGRESSION);
    List<String> lines = check.out().lines().toList();
    assertThat(lines.get(0)).startsWith("REGRESSED: 2 of 2 series regressed");
    assertThat(lines.stream().filter(line -> line.startsWith("REGRESSED ")).toList())
        .containsExactly(
            "REGRESSED  " + PARSE + " on ci-1 (22 runs)",
            "REGRESSED  " + SPLIT + " on ci-1 (22 runs)");
    assertThat(lines.stream().filter(line -> line.contains("newest, worse")).toList())
        .hasSize(2)
        .allSatisfy(line -> assertThat(line).contains("13cafe", "2026-06-01 13:00:00Z"));
    assertThat(run("history", "check", "--threshold", "30%", "--db", db()).code()).isZero();
  }

  @Test
  @DisplayName(
      "a JMH file without --host, --started-at or --commit with a junit-bench run, and a bad --started-at,"
          + " --commit or --host are bad input, and nothing is imported")
  void badInput() throws Exception {
    Path file = JmhFiles.copy(dir.resolve("jmh"), ALL_OK);
    Path runs = dir.resolve("benchmark-results");
    Path folder = write(runs, 1, "host-a", 1.0);

    Run noHost = run("history", "import", folder.toString(), file.toString(), "--db", db());
    assertThat(noHost.code()).isEqualTo(Main.BAD_INPUT);
    assertThat(noHost.err())
        .contains(
            file + " is a JMH result file, which records no machine: give --host LABEL",
            "nothing was imported");
    Run commit = run("history", "import", runs.toString(), "--commit", "abc1234", "--db", db());
    assertThat(commit.code()).isEqualTo(Main.BAD_INPUT);
    assertThat(commit.err())
        .contains(
            "--commit is for JMH result files, which record no commit; "
                + folder
                + " is a junit-bench run, which records its own: import it without --commit");
    Run startedAt =
        run(
            "history",
            "import",
            folder.resolve("results.json").toString(),
            "--started-at",
            "2026-05-01T12:00:00Z",
            "--db",
            db());
    assertThat(startedAt.code()).isEqualTo(Main.BAD_INPUT);
    assertThat(startedAt.err()).contains("--started-at is for JMH result files", "results.json");

    for (String bad : List.of("yesterday", "2026-05-01", "2026-05-01T12:00:00", "1714564800")) {
      Run badTime = importJmh(file, "--host", "ci-1", "--started-at", bad);
      assertThat(badTime.code()).as(bad).isEqualTo(Main.BAD_INPUT);
      assertThat(badTime.err())
          .as(bad)
          .contains(
              "--started-at '"
                  + bad
                  + "' is not an ISO-8601 instant; give a date, time and zone: 2026-05-01T12:00:00Z");
    }
    for (String bad : List.of("main", "abc", "HEAD~1", "")) {
      Run badCommit = importJmh(file, "--host", "ci-1", "--commit", bad);
      assertThat(badCommit.code()).as(bad).isEqualTo(Main.BAD_INPUT);
      assertThat(badCommit.err())
          .as(bad)
          .contains("--commit '" + bad + "' is not a commit's hash; give its hexadecimal SHA");
    }
    Run blankHost = importJmh(file, "--host", " ");
    assertThat(blankHost.code()).isEqualTo(Main.BAD_INPUT);
    assertThat(blankHost.err()).contains("--host is blank");

    // JMH's text output, or a JMH file cut short, cannot be read: skipped with the reason.
    Path text = JmhFiles.copy(dir.resolve("jmh"), "jmh-text-output.txt");
    Path cut = dir.resolve("jmh").resolve("cut.json");
    Files.writeString(cut, "[ { \"jmhVersion\" : \"1.37\", \"benchmark\" : ");
    Run unreadable =
        run("history", "import", text.toString(), cut.toString(), "--host", "ci-1", "--db", db());
    assertThat(unreadable.code()).isEqualTo(Main.BAD_INPUT);
    assertThat(unreadable.err())
        .contains(
            "skipped " + text + ": ",
            text + " is JMH's text or CSV output",
            "skipped " + cut + ": ",
            cut + " is a JMH result file that is not valid JSON",
            "no run could be read");

    Run none = run("history", "trend", "--benchmark", "*", "--db", db());
    assertThat(none.code()).isEqualTo(Main.BAD_INPUT);
    assertThat(none.err()).contains("no scenario in");
  }
}
