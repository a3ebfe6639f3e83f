package dev.junitbench.reports.cli;

import static dev.junitbench.reports.Fixtures.EMBED;
import static dev.junitbench.reports.Fixtures.params;
import static dev.junitbench.reports.Fixtures.passed;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.results.RunFolders;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The command line")
class CommandLineTests {

  @TempDir Path tempDir;

  private Path base;
  private Path same;
  private Path slower;

  record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(code, out.toString(), err.toString());
  }

  @BeforeEach
  void runs() {
    base =
        RunFolders.write(
            tempDir,
            "run-base",
            List.of(
                passed(EMBED, params("batch_size", 1), 1, 100, 7e6),
                passed(EMBED, params("batch_size", 8), 2, 100, 44e6)));
    same =
        RunFolders.write(
            tempDir,
            "run-same",
            List.of(
                passed(EMBED, params("batch_size", 1), 3, 100, 7e6),
                passed(EMBED, params("batch_size", 8), 4, 100, 44e6)));
    slower =
        RunFolders.write(
            tempDir,
            "run-slower",
            List.of(
                passed(EMBED, params("batch_size", 1), 5, 100, 7e6),
                passed(EMBED, params("batch_size", 8), 6, 100, 44e6 * 1.15)));
  }

  @Test
  @DisplayName("--help lists the commands and exit codes; --version names the version")
  void help() {
    Run help = run("--help");
    assertThat(help.code()).isZero();
    assertThat(help.out())
        .contains(
            "report",
            "compare",
            "export-jmh",
            "Exit codes:",
            "1   compare: a scenario regressed",
            "2   bad input");
    Run compareHelp = run("compare", "--help");
    assertThat(compareHelp.out())
        .contains("--threshold", "--alpha", "--format", "Mann-Whitney U", "Welch's t-test")
        .contains("(5% or 0.05). Default: 5%.");
    assertThat(compareHelp.err()).doesNotContain("WARN");
    assertThat(run("--version").out())
        .matches("junit-bench-reports \\S+ \\(Chart\\.js 4\\.5\\.1\\)\\s*");
  }

  @Test
  @DisplayName("compare exits 0 when nothing regressed and 1 when something did")
  void compareExitCodes() {
    Run unchanged = run("compare", base.toString(), same.toString());
    assertThat(unchanged.code()).as(unchanged.out() + unchanged.err()).isZero();
    assertThat(unchanged.out()).startsWith("0 regressed, 0 improved, 2 unchanged\n");
    Run regressed = run("compare", base.toString(), slower.resolve("results.json").toString());
    assertThat(regressed.code()).isEqualTo(1);
    assertThat(regressed.out()).startsWith("1 regressed, 0 improved, 1 unchanged\n");
    assertThat(run("compare", base.toString(), slower.toString(), "--threshold", "20%").code())
        .isZero();
    assertThat(run("compare", base.toString(), slower.toString(), "--alpha", "1e-300").code())
        .isZero();
  }

  @Test
  @DisplayName("compare writes Markdown or JSON, to a file when asked")
  void compareFormats() throws Exception {
    Run markdown = run("compare", base.toString(), slower.toString(), "--format", "markdown");
    assertThat(markdown.out()).startsWith(":red_circle: **1 regressed**");
    Path file = tempDir.resolve("comparison.json");
    Run json =
        run(
            "compare",
            base.toString(),
            slower.toString(),
            "--format",
            "json",
            "-o",
            file.toString());
    assertThat(json.code()).isEqualTo(1);
    assertThat(json.out())
        .isEqualTo(
            "1 regressed, 0 improved, 1 unchanged (written to " + file.toAbsolutePath() + ")\n");
    assertThat(new ObjectMapper().readTree(file.toFile()).get("counts").get("regressed").asInt())
        .isEqualTo(1);
  }

  @Test
  @DisplayName("compare --undecided into a folder that does not exist is refused before comparing")
  void undecidedFileInAMissingFolder() throws Exception {
    Path base = tempDir.resolve("gate/base");
    Path head = tempDir.resolve("gate/head");
    RunFolders.write(base, "run-1a", List.of(passed(EMBED, params("batch_size", 1), 1, 100, 7e6)));
    RunFolders.write(head, "run-1b", List.of(passed(EMBED, params("batch_size", 1), 2, 100, 7e6)));
    Path missing = tempDir.resolve("no-such-folder/undecided.txt");

    Run refused =
        run(
            "compare",
            base.toString(),
            head.toString(),
            "--max-rounds",
            "2",
            "--undecided",
            missing.toString());

    assertThat(refused.code()).isEqualTo(Main.BAD_INPUT);
    assertThat(refused.err())
        .contains("cannot write " + missing)
        .contains("does not exist; create it or give another --undecided");
    assertThat(refused.out()).isEmpty();
  }

  @Test
  @DisplayName(
      "compare pools folders of rounds, says how many and which test, and refuses rounds of two machines")
  void compareRounds() throws Exception {
    Path base = tempDir.resolve("gate/base");
    Path head = tempDir.resolve("gate/head");
    for (int round = 1; round <= 2; round++) {
      RunFolders.write(
          base,
          "run-" + round + "a",
          List.of(
              passed(EMBED, params("batch_size", 1), round, 100, 7e6),
              passed(EMBED, params("batch_size", 8), 10 + round, 100, 44e6 * (1 + round / 100.0))));
      RunFolders.write(
          head,
          "run-" + round + "b",
          List.of(
              passed(EMBED, params("batch_size", 1), 20 + round, 100, 7e6),
              passed(
                  EMBED,
                  params("batch_size", 8),
                  30 + round,
                  100,
                  4 * 44e6 * (1 + round / 100.0))));
    }
    Path markdown = tempDir.resolve("gate/comparison.md");
    Run regressed =
        run(
            "compare",
            base.toString(),
            head.toString(),
            "--format",
            "markdown",
            "-o",
            markdown.toString());
    assertThat(regressed.code()).as(regressed.out() + regressed.err()).isEqualTo(1);
    assertThat(regressed.out()).startsWith("1 regressed, 0 improved, 1 unchanged (written to");
    assertThat(Files.readString(markdown))
        .startsWith(
            ":red_circle: **1 regressed**, 0 improved, 1 unchanged: the"
                + " largest, EmbeddingBenchmarks\\.embed \\[batch\\_size\\=8\\], is +")
        .contains("Baseline 2 rounds pooled (Test CPU) → current 2 rounds pooled (Test CPU)")
        .contains("Welch\\'s t\\-test on the log medians of the JVM runs \\(2 vs 2 JVM runs\\)");
    Run same = run("compare", base.toString(), base.toString());
    assertThat(same.code()).isZero();
    assertThat(same.out())
        .startsWith(
            "0 regressed, 0 improved, 2 unchanged\nbaseline: "
                + base.toAbsolutePath()
                + " (2 rounds pooled: run-1a, run-2a;");

    Path empty = Files.createDirectories(tempDir.resolve("gate/empty"));
    Run none = run("compare", empty.toString(), head.toString());
    assertThat(none.code()).isEqualTo(2);
    assertThat(none.err())
        .isEqualTo(
            "compare: "
                + empty
                + " holds no results.json and no run folders"
                + " (run-<time>-<id>); give a run folder, its results.json, or a folder of rounds: run folders of one build"
                + " measured on one machine, or JMH result files (*.json) of one build\n");
    RunFolders.write(
        head,
        "run-3b",
        List.of(passed(EMBED, params("batch_size", 1), 40, 100, 7e6)),
        "another-host");
    Run twoMachines = run("compare", base.toString(), head.toString());
    assertThat(twoMachines.code()).isEqualTo(2);
    assertThat(twoMachines.err())
        .hasLineCount(1)
        .contains("rounds come from different machines")
        .contains("run-3b on host another-host");
  }

  @Test
  @DisplayName("bad input exits 2 with one line on stderr naming the file or argument and the fix")
  void badInput() throws Exception {
    Path missing = tempDir.resolve("nowhere");
    Run noRun = run("compare", missing.toString(), same.toString());
    assertThat(noRun.code()).isEqualTo(2);
    assertThat(noRun.err())
        .isEqualTo(
            "compare: "
                + missing
                + " does not exist; give a run folder (run-<time>-<id>), its results.json,"
                + " or a JMH result file (-rf json)\n");
    assertThat(noRun.out()).isEmpty();

    Files.writeString(same.resolve("results.json"), "{\"schema_version\": 1, \"run\": {");
    Run truncated = run("compare", base.toString(), same.toString());
    assertThat(truncated.code()).isEqualTo(2);
    assertThat(truncated.err())
        .startsWith(
            "compare: " + same.resolve("results.json").toAbsolutePath() + " is not valid JSON")
        .hasLineCount(1);

    Run badThreshold = run("compare", base.toString(), slower.toString(), "--threshold", "lots");
    assertThat(badThreshold.code()).isEqualTo(2);
    assertThat(badThreshold.err())
        .isEqualTo(
            "compare: --threshold lots is not a relative change; use 5% or 0.05"
                + " (see junit-bench-reports compare --help)\n");
    Run badFormat = run("compare", base.toString(), slower.toString(), "--format", "xml");
    assertThat(badFormat.code()).isEqualTo(2);
    assertThat(badFormat.err()).hasLineCount(1).contains("--format").contains("xml");
    Run missingArgument = run("compare", base.toString());
    assertThat(missingArgument.code()).isEqualTo(2);
    assertThat(missingArgument.err()).hasLineCount(1).contains("CURRENT");
    Run noCommand = run();
    assertThat(noCommand.code()).isEqualTo(2);
    assertThat(noCommand.err())
        .isEqualTo(
            "junit-bench-reports: name a command: report, compare, export-jmh, merge or history (see"
                + " junit-bench-reports --help)\n");
    Run folderOutput = run("report", base.toString(), "-o", tempDir.toString());
    assertThat(folderOutput.code()).isEqualTo(2);
    assertThat(folderOutput.err())
        .isEqualTo(
            "report: cannot write " + tempDir + ": it is a folder; give a file name with -o\n");
    Run badOutput =
        run("export-jmh", base.toString(), "-o", tempDir.resolve("no/such/dir/x.json").toString());
    assertThat(badOutput.code()).isEqualTo(2);
    assertThat(badOutput.err()).contains("its folder").contains("does not exist");
  }

  @Test
  @DisplayName(
      "report writes report.html into the run folder, or where -o says; export-jmh likewise")
  void reportAndExport() throws Exception {
    Run report = run("report", base.toString());
    assertThat(report.code()).isZero();
    assertThat(report.out())
        .isEqualTo("report: " + base.toAbsolutePath().resolve("report.html") + "\n");
    assertThat(Files.readString(base.resolve("report.html"))).startsWith("<!DOCTYPE html>");
    Path two = tempDir.resolve("two.html");
    assertThat(run("report", base.toString(), slower.toString(), "-o", two.toString()).code())
        .isZero();
    assertThat(Files.readString(two)).contains("Run 2: run-slower");
    Run compared =
        run(
            "report",
            slower.toString(),
            "--baseline",
            base.toString(),
            "-o",
            tempDir.resolve("c.html").toString());
    assertThat(compared.code()).isZero();
    assertThat(Jsoup.parse(tempDir.resolve("c.html").toFile()).select("td.verdict-regressed"))
        .hasSize(1);
    assertThat(
            run(
                    "report",
                    slower.toString(),
                    "--baseline",
                    base.toString(),
                    "--threshold",
                    "50%",
                    "-o",
                    tempDir.resolve("d.html").toString())
                .code())
        .isZero();
    Document loose = Jsoup.parse(tempDir.resolve("d.html").toFile());
    assertThat(loose.select("td.verdict-regressed")).isEmpty();
    assertThat(loose.select("td.verdict-unchanged")).hasSize(2);

    Run export = run("export-jmh", base.toString());
    assertThat(export.code()).isZero();
    assertThat(new ObjectMapper().readTree(base.resolve("jmh-result.json").toFile())).hasSize(2);
    assertThat(run("report", tempDir.resolve("nowhere").toString()).code()).isEqualTo(2);
  }

  @Test
  @DisplayName(
      "report --format markdown writes summary.md into the run folder, or where -o says, or to"
          + " standard output with -o -; a format it does not know is named with the ones it does")
  void reportMarkdown() throws Exception {
    Run compared =
        run("report", slower.toString(), "--baseline", base.toString(), "--format", "markdown");
    assertThat(compared.code()).as(compared.err()).isZero();
    assertThat(compared.out())
        .isEqualTo("report: " + slower.toAbsolutePath().resolve("summary.md") + "\n");
    assertThat(Files.readString(slower.resolve("summary.md")))
        .startsWith(
            "**junit-bench:** 1 benchmark, 2 scenarios measured, on host bench\\-host \\(2"
                + " cores\\), 1 min 0 s\n\n:red_circle: **1 regressed**, 0 improved, 1 unchanged:"
                + " the largest, EmbeddingBenchmarks\\.embed \\[batch\\_size\\=8\\], is +")
        .contains("#### EmbeddingBenchmarks\\.embed (device\\=cpu)");
    assertThat(slower.resolve("report.html")).doesNotExist();

    Path file = tempDir.resolve("pr.md");
    Run toFile = run("report", base.toString(), "--format", "markdown", "-o", file.toString());
    assertThat(toFile.out()).isEqualTo("report: " + file.toAbsolutePath() + "\n");
    assertThat(Files.readString(file)).startsWith("**junit-bench:** 1 benchmark");
    Run stdout = run("report", base.toString(), same.toString(), "--format", "markdown", "-o", "-");
    assertThat(stdout.code()).isZero();
    assertThat(stdout.out())
        .startsWith("**junit-bench:** 2 runs, 1 benchmark, 4 scenarios measured")
        .contains("| Run | Scenario |")
        .endsWith("</sub>\n");

    Run badFormat = run("report", base.toString(), "--format", "pdf");
    assertThat(badFormat.code()).isEqualTo(2);
    assertThat(badFormat.err())
        .hasLineCount(1)
        .startsWith("report: ")
        .contains("--format", "pdf", "html, markdown");
    assertThat(run("report", "--help").out()).contains("--format", "summary.md");
  }
}
