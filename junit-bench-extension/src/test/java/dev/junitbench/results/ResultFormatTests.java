package dev.junitbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.infra.Scenario;
import dev.junitbench.testkit.ListenerRun;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("Result formats found through ServiceLoader")
class ResultFormatTests {

  @TempDir Path tempDir;

  /** Runs the fixture with {@code config}; returns the outcome and what RunWarnings printed. */
  private Warned run(String... config) {
    ByteArrayOutputStream warnings = new ByteArrayOutputStream();
    PrintStream previous = System.err;
    System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
    try {
      ListenerRun run = ListenerRun.into(tempDir);
      for (int i = 0; i < config.length; i += 2) {
        run.config(config[i], config[i + 1]);
      }
      return new Warned(run.run(FormatTestCases.class), warnings.toString(StandardCharsets.UTF_8));
    } finally {
      System.setErr(previous);
    }
  }

  private record Warned(ListenerRun.Outcome outcome, String err) {}

  @Test
  @DisplayName(
      "are told after each scenario and once at the end, after the built-in files; their files are named last")
  void calledAfterBuiltIns() throws Exception {
    Warned warned = run("junit.bench.format.fixture", "true");
    ListenerRun.Outcome outcome = warned.outcome();
    Path file = outcome.runDir().resolve("fixture.txt");
    assertThat(Files.readAllLines(file))
        .containsExactly(
            "scenario 1 [device=cpu, batch_size=1] samples=7",
            "scenario 2 [device=cpu, batch_size=2] samples=7",
            "finished 2 " + outcome.json().get("run").get("finished_at").asText());
    List<String> lines = outcome.out().lines().toList();
    assertThat(lines.get(lines.size() - 1))
        .matches(
            Pattern.quote("junit-bench: fixture wrote " + file.toAbsolutePath() + " (")
                + "\\d+\\.\\d\\d s\\)");
    assertThat(outcome.json().get("run").get("config").get("junit.bench.format.fixture").asText())
        .isEqualTo("true");
    assertThat(outcome.json().get("run").get("config").get("junit.bench.format.throwing").asText())
        .isEqualTo("false");
    assertThat(warned.err()).doesNotContain("result format");
  }

  @Test
  @DisplayName("stay silent when switched off, as formats off by default are")
  void off() {
    ListenerRun.Outcome outcome = ListenerRun.into(tempDir).run(FormatTestCases.class);
    assertThat(outcome.runDir().resolve("fixture.txt")).doesNotExist();
    assertThat(outcome.out()).doesNotContain(" wrote ");
  }

  @Test
  @DisplayName(
      "one that throws is reported once, on stderr and in run.warnings, and costs nothing else")
  void throwingFormat() throws Exception {
    Warned warned =
        run("junit.bench.format.throwing", "true", "junit.bench.format.fixture", "true");
    ListenerRun.Outcome outcome = warned.outcome();
    String warning =
        "the throwing result format ("
            + FixtureFormats.Throwing.class.getName()
            + ") failed and its"
            + " files may be missing or stale; the other result files are complete (java.lang.IllegalStateException:"
            + " disk quota of the fixture exceeded)";
    assertThat(
            warned.err().lines().filter(line -> line.contains("throwing result format")).toList())
        .containsExactly("junit-bench: warning: " + warning);
    assertThat(outcome.json().get("run").get("warnings").toString()).contains(warning);
    assertThat(outcome.results())
        .hasSize(2)
        .allSatisfy(r -> assertThat(r.get("status").asText()).isEqualTo("passed"));
    assertThat(outcome.samplesCsv()).hasSize(14);
    assertThat(outcome.summary().getTestsSucceededCount()).isEqualTo(2);
    assertThat(Files.readAllLines(outcome.runDir().resolve("fixture.txt"))).hasSize(3);
  }

  @Test
  @DisplayName(
      "one whose switch or end throws anything, an error included, costs neither the run's files, its table nor the other formats")
  void errorsOfEveryKind() throws Exception {
    Warned warned;
    FixtureFormats.Unruly.armed = true;
    try {
      warned = run("junit.bench.format.asserting", "true", "junit.bench.format.fixture", "true");
    } finally {
      FixtureFormats.Unruly.armed = false;
    }
    ListenerRun.Outcome outcome = warned.outcome();
    assertThat(warned.err())
        .contains("the unruly result format (" + FixtureFormats.Unruly.class.getName() + ") failed")
        .contains("java.lang.IllegalStateException: no opinion")
        .contains(
            "the asserting result format (" + FixtureFormats.Asserting.class.getName() + ") failed")
        .contains("java.lang.AssertionError: the fixture's own assertion");
    assertThat(outcome.results()).hasSize(2);
    assertThat(outcome.json().get("run").get("finished_at").isNull()).isFalse();
    assertThat(outcome.json().get("run").get("warnings").toString())
        .contains("asserting result format");
    assertThat(outcome.out())
        .contains("junit-bench results (")
        .contains("junit-bench: fixture wrote ");
    assertThat(Files.readAllLines(outcome.runDir().resolve("fixture.txt"))).hasSize(3);
  }

  @Test
  @DisplayName("a bad switch is warned about and the format keeps its default")
  void badSwitch() {
    Warned warned = run("junit.bench.format.fixture", "yes please");
    ListenerRun.Outcome outcome = warned.outcome();
    assertThat(warned.err())
        .contains(
            "junit-bench: warning: -Djunit.bench.format.fixture=yes please is not valid;"
                + " use true or false (the fixture format is off, its default)");
    assertThat(outcome.runDir().resolve("fixture.txt")).doesNotExist();
    assertThat(outcome.results()).hasSize(2);
  }

  @Test
  @DisplayName(
      "junit.bench.history.db without a history format on the class path is warned about, and costs nothing else")
  void historyWithoutFormat() throws Exception {
    Warned warned = run("junit.bench.history.db", "history.duckdb");
    assertThat(warned.err())
        .contains(
            "junit-bench: warning: junit.bench.history.db is set, but no result format named"
                + " history is on",
            "junit-bench-reports",
            "this run is not imported");
    assertThat(warned.outcome().results()).hasSize(2);
    assertThat(warned.outcome().json().get("run").get("warnings").toString())
        .contains("junit.bench.history.db is set");
  }

  static class FormatTestCases {
    @Benchmark
    @BatchSizes({1, 2})
    void measured(Scenario scenario, Blackhole blackhole) {
      ListenerRun.work(10 * scenario.batchSize(), blackhole);
    }
  }
}
