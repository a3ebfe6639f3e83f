package dev.junitbench.reports.jmh;

import static dev.junitbench.reports.Fixtures.params;
import static dev.junitbench.reports.jmh.JmhPublicFilesTests.cli;
import static dev.junitbench.reports.jmh.JmhPublicFilesTests.fixture;
import static dev.junitbench.reports.jmh.JmhPublicFilesTests.flat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.reports.jmh.JmhPublicFilesTests.Run;
import dev.junitbench.results.RunFolders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The command line given JMH's result files")
class JmhCommandTests {

  private static final String ALL_OK = "jmh-1.37-all-ok.json";

  @TempDir Path tempDir;

  /** A copy of the fixture {@code name} in the test's folder, under {@code as}. */
  private Path copy(String name, String as) throws Exception {
    Path file = tempDir.resolve(as);
    Files.createDirectories(file.getParent());
    return Files.copy(fixture(name), file);
  }

  /** The all-ok file with its first {@code from} replaced by {@code to}, in the test's folder. */
  private Path altered(String as, String from, String to) throws Exception {
    String text = Files.readString(fixture(ALL_OK));
    assertThat(text).contains(from);
    Path file = tempDir.resolve(as);
    Files.writeString(file, text.replaceFirst(Pattern.quote(from), to));
    return file;
  }

  /** Compares {@code bad} with the all-ok file: exit 2, the message naming the file. */
  private static String refused(Path bad) {
    String ok = fixture(ALL_OK).toString();
    Run run = cli("compare", ok, bad.toString());
    assertThat(run.code()).as(run.out() + run.err()).isEqualTo(2);
    assertThat(run.err()).startsWith("compare: ").contains(bad.toString());
    Run reversed = cli("compare", bad.toString(), ok);
    assertThat(reversed.code()).isEqualTo(2);
    assertThat(reversed.err()).contains(bad.toString());
    return run.err();
  }

  @Test
  @DisplayName("JMH's text output is refused, saying to run JMH with -rf json")
  void textOutput() throws Exception {
    Path text = copy("jmh-text-output.txt", "jmh-text-output.txt");
    assertThat(refused(text))
        .contains("is JMH's text or CSV output, which holds no raw data to compare")
        .contains("-rf json");
  }

  @Test
  @DisplayName("a JMH file cut short is refused as not valid JSON, perhaps cut while JMH wrote it")
  void truncated() throws Exception {
    String text = Files.readString(fixture(ALL_OK));
    Path cut = tempDir.resolve("cut.json");
    Files.writeString(cut, text.substring(0, text.length() / 2));
    assertThat(refused(cut))
        .contains("is a JMH result file that is not valid JSON")
        .contains("cut short");
  }

  @Test
  @DisplayName("a score of NaN or +INF, as JMH writes them, is refused naming the entry")
  void nanAndInfinity() throws Exception {
    // The first raw iteration of parseDouble, fork 1.
    String first = firstRawValue();
    Path nan = altered("nan.json", first, "\"NaN\"");
    assertThat(refused(nan))
        .contains("benchmark entry 1")
        .contains("com.example.bench.ParserBenchmark.parseDouble")
        .contains("has a score of NaN in");
    Path inf = altered("inf.json", first, "\"+INF\"");
    assertThat(refused(inf)).contains("benchmark entry 1").contains("has an infinite score in");
  }

  @Test
  @DisplayName("a mode JMH does not write is refused, listing JMH's modes")
  void unknownMode() throws Exception {
    Path mode = altered("mode.json", "\"mode\" : \"avgt\"", "\"mode\" : \"fastest\"");
    assertThat(refused(mode))
        .contains("benchmark entry 1")
        .contains("has mode \"fastest\", which JMH does not write")
        .contains("thrpt, avgt, sample, ss");
  }

  @Test
  @DisplayName("a JMH file and a junit-bench run with no scenario in common: exit 2, saying so")
  void nothingInCommon() {
    Path run =
        RunFolders.write(
            tempDir,
            "run-1",
            List.of(
                RunFolders.passed(
                    "com.example.Embeddings#embed",
                    params("batch_size", 8),
                    RunFolders.around(1_000_000, 30))));
    Run compared = cli("compare", fixture(ALL_OK).toString(), run.toString());
    assertThat(compared.code()).as(compared.out() + compared.err()).isEqualTo(2);
    assertThat(compared.err())
        .contains("no scenario in common")
        .contains("nothing would be judged");
  }

  @Test
  @DisplayName(
      "a JMH file and a junit-bench run of the same benchmark and params are compared, the JMH"
          + " scenario matched without its mode and on the CPU, as the gate inside JUnit matches it")
  void againstJunitBenchRun() {
    // JMH measured SortBenchmark.sortInts at about 0.38 ms/op (in us/op); 10 ms here, on the CPU
    // as every junit-bench scenario names its device.
    Path run =
        RunFolders.write(
            tempDir,
            "run-1",
            List.of(
                RunFolders.passed(
                    "com.example.bench.SortBenchmark#sortInts",
                    Map.of("device", "cpu"),
                    RunFolders.around(10_000_000, 30))));
    Run compared = cli("compare", fixture("jmh-1.37-no-params.json").toString(), run.toString());
    assertThat(compared.code()).as(compared.out() + compared.err()).isEqualTo(1);
    assertThat(compared.out()).startsWith("1 regressed").contains("SortBenchmark.sortInts");
  }

  @Test
  @DisplayName(
      "a scenario compare cannot judge is named under its table, in text and Markdown, with why and"
          + " what judges it")
  void notJudgedSaysWhy() throws Exception {
    String base = JmhFixtures.oneFork(tempDir.resolve("base.json"), 1).toString();
    String head = JmhFixtures.oneFork(tempDir.resolve("head.json"), 1.3).toString();
    Run text = cli("compare", base, head);
    assertThat(text.code()).as(text.err()).isZero();
    assertThat(text.out()).contains("NOT JUDGED: 1");
    assertThat(text.out()).contains("\n  SortBenchmark.sortInts: NOT JUDGED: ");
    assertThat(flat(text.out()))
        .contains("fewer than 6 samples on a side")
        .contains("give JMH -i 6 or more, or fork it (-f 3)")
        .doesNotContain("NOT JUDGED: not judged");
    Run markdown = cli("compare", "--format", "markdown", base, head);
    assertThat(markdown.out())
        .contains(
            "<details><summary>1 NOT JUDGED: why</summary>\n\n- SortBenchmark\\.sortInts\\: NOT JUDGED\\: ");
  }

  @Test
  @DisplayName(
      "a forked scenario's figure is the centre of its forks whether it is compared or removed")
  void removedShowsTheForksCentre() {
    String ok = fixture(ALL_OK).toString();
    String compared = baselineFigure(cli("compare", ok, ok).out(), "unchanged");
    String removed =
        baselineFigure(
            cli("compare", ok, fixture("jmh-1.37-with-failed.json").toString()).out(), "removed");
    assertThat(removed).isEqualTo(compared).isNotEqualTo("-");
  }

  /** The baseline figure of ParserBenchmark.parseDouble's row whose verdict is {@code verdict}. */
  private static String baselineFigure(String text, String verdict) {
    List<String> lines = text.lines().toList();
    int table = lines.indexOf("ParserBenchmark.parseDouble");
    assertThat(table).as(text).isNotNegative();
    List<String> header = List.of(lines.get(table + 1).trim().split(" {2,}"));
    String row =
        lines.subList(table + 2, lines.size()).stream()
            .filter(line -> line.trim().startsWith(verdict))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no " + verdict + " row in\n" + text));
    return row.trim().split(" {2,}")[header.indexOf("baseline")];
  }

  private static String firstRawValue() throws Exception {
    JsonNode raw =
        new ObjectMapper()
            .readTree(fixture(ALL_OK).toFile())
            .get(0)
            .get("primaryMetric")
            .get("rawData");
    return raw.get(0).get(0).toString();
  }

  @Test
  @DisplayName("compare as text, markdown and json names JMH's file and its version")
  void formats() {
    String ok = fixture(ALL_OK).toString();
    String failed = fixture("jmh-1.37-with-failed.json").toString();
    Run text = cli("compare", ok, failed);
    assertThat(flat(text.out())).contains("JMH 1.37 result file");
    assertThat(text.code()).as(text.err()).isZero();
    Run markdown = cli("compare", "--format", "markdown", ok, failed);
    assertThat(markdown.code()).as(markdown.err()).isZero();
    assertThat(flat(markdown.out())).contains("JMH 1.37 result file").contains("removed");
    Run json = cli("compare", "--format", "json", ok, failed);
    assertThat(json.code()).as(json.err()).isZero();
    assertThat(json.out()).contains("jmh").contains("1.37");
  }

  @Test
  @DisplayName(
      "report of a JMH file writes NAME-report.html beside it, with its forks' charts and the jmh"
          + " figures; --baseline too")
  void report() throws Exception {
    Path gc = copy("jmh-1.37-gc.json", "now/jmh-gc.json");
    Run alone = cli("report", gc.toString());
    assertThat(alone.code()).as(alone.out() + alone.err()).isZero();
    Path html = gc.resolveSibling("jmh-gc-report.html");
    assertThat(alone.out()).contains("report: " + html.toAbsolutePath());
    assertThat(Files.readString(html))
        .contains("JMH")
        .contains("1.37")
        .contains("forkCharts")
        .contains("AllocationBenchmark.boxedList")
        .contains("gc.alloc.rate.norm (B/op)")
        .contains("score error, 99.9% (ns/op)")
        .as("what a JMH file does not record is said, never made up")
        .contains("from a JMH 1.37 result file (no run time recorded)")
        .contains("(the file&#39;s modification time)")
        .contains("at a time not recorded in a JMH 1.37 result file")
        .contains("not recorded in a JMH 1.37 result file")
        .doesNotContain("Forking cost")
        .doesNotContain("not a git checkout")
        .doesNotContain(", 0.0 s");
    Run summary = cli("report", gc.toString(), "--format", "markdown");
    assertThat(summary.code()).as(summary.out() + summary.err()).isZero();
    assertThat(flat(Files.readString(gc.resolveSibling("jmh-gc-summary.md"))))
        .contains("from a JMH 1\\.37 result file \\(no run time recorded\\)")
        .contains("of a JMH file: its iterations' scores");

    Path base = copy("jmh-1.37-gc.json", "base/jmh-gc.json");
    Path out = tempDir.resolve("against.html");
    Run against = cli("report", gc.toString(), "--baseline", base.toString(), "-o", out.toString());
    assertThat(against.code()).as(against.out() + against.err()).isZero();
    assertThat(Files.readString(out)).contains("forkCharts").contains("gc.alloc.rate.norm (B/op)");
  }

  @Test
  @DisplayName(
      "merge of two JMH files makes a run set that report reads; a JMH file without a label is refused")
  void merge() throws Exception {
    Path a = copy(ALL_OK, "a/result.json");
    Path b = copy("jmh-1.37-with-failed.json", "b/result.json");
    Path merged = tempDir.resolve("merged");
    Run run = cli("merge", "A=" + a, "B=" + b, "-o", merged.toString());
    assertThat(run.code()).as(run.out() + run.err()).isZero();
    assertThat(run.out()).contains("merged A: ").contains("merged B: ").contains("2 hosts");
    assertThat(merged.resolve("A").resolve("result.json")).hasSameTextualContentAs(a);
    assertThat(merged.resolve("B").resolve("result.json")).hasSameTextualContentAs(b);
    Run unlabelled = cli("merge", "A=" + a, b.toString(), "-o", tempDir.resolve("m2").toString());
    assertThat(unlabelled.code()).as(unlabelled.out()).isEqualTo(2);
    assertThat(unlabelled.err())
        .contains(b + " is a JMH result file, which records no machine")
        .contains("LABEL=" + b);
    assertThat(tempDir.resolve("m2")).as("nothing written").doesNotExist();
    Files.delete(merged.resolve("report.html"));
    Run report = cli("report", merged.toString());
    assertThat(report.code()).as(report.out() + report.err()).isZero();
    assertThat(Files.readString(merged.resolve("report.html")))
        .contains("ParserBenchmark.splitCsv")
        .contains("ParserBenchmark.parseDouble");
  }

  @Test
  @DisplayName("folders of JMH rounds are pooled: 2 rounds of 10% more work regress")
  void rounds() throws Exception {
    // The recorded files: ones made on a busy machine may show no change at all.
    Path base = JmhFixtures.recorded("base.json");
    Path slower = JmhFixtures.recorded("slower.json");
    Path before = Files.createDirectories(tempDir.resolve("before"));
    Path after = Files.createDirectories(tempDir.resolve("after"));
    for (String round : List.of("round-01.json", "round-02.json")) {
      Files.copy(base, before.resolve(round));
      Files.copy(slower, after.resolve(round));
    }
    Run run = cli("compare", before.toString(), after.toString());
    assertThat(flat(run.out()))
        .contains("2 rounds pooled: round-01.json, round-02.json; JMH 1.37 result files");
    assertThat(run.code()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out()).startsWith("5 regressed, 0 improved, 0 unchanged");
  }

  @Test
  @DisplayName(
      "a folder of rounds mixing JMH files with a junit-bench results.json or other JSON is refused, naming it")
  void mixedRounds() throws Exception {
    Path rounds = Files.createDirectories(tempDir.resolve("rounds"));
    Files.copy(fixture(ALL_OK), rounds.resolve("round-01.json"));
    Path run =
        RunFolders.write(
            tempDir,
            "run-1",
            List.of(
                RunFolders.passed(
                    "com.example.bench.ParserBenchmark#splitCsv",
                    params(),
                    RunFolders.around(700, 30))));
    Files.copy(run.resolve("results.json"), rounds.resolve("round-02.json"));
    Run compared = cli("compare", rounds.toString(), fixture(ALL_OK).toString());
    assertThat(compared.code()).as(compared.out() + compared.err()).isEqualTo(2);
    assertThat(compared.err())
        .contains("round 2 of 2, round-02.json")
        .contains("is not a JMH result file");

    // Any other JSON, such as notes kept beside the rounds, is named the same way.
    Files.delete(rounds.resolve("round-02.json"));
    Files.writeString(rounds.resolve("notes.json"), "{\"note\": \"base of PR 12\"}");
    Run notes = cli("compare", rounds.toString(), fixture(ALL_OK).toString());
    assertThat(notes.code()).as(notes.out() + notes.err()).isEqualTo(2);
    assertThat(notes.err())
        .contains("round 1 of 2, notes.json, is not a JMH result file")
        .contains("move the other files out of it")
        .doesNotContain("schema_version");

    // An empty round is a round cut short, named as such, not as another kind of file.
    Files.delete(rounds.resolve("notes.json"));
    Files.writeString(rounds.resolve("round-02.json"), "");
    Run empty = cli("compare", rounds.toString(), fixture(ALL_OK).toString());
    assertThat(empty.code()).as(empty.out() + empty.err()).isEqualTo(2);
    assertThat(empty.err())
        .contains("round 2 of 2, round-02.json, is damaged")
        .contains("is empty")
        .doesNotContain("is not a JMH result file");
  }
}
