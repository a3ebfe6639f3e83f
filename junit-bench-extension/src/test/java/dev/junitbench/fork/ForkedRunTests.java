package dev.junitbench.fork;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.output.ResultsCsv;
import dev.junitbench.testkit.ListenerRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;

@DisplayName("A forked scenario")
class ForkedRunTests {

  @TempDir Path tempDir;

  private Path markers;

  @BeforeEach
  void markerFolder() throws IOException {
    markers = Files.createDirectories(tempDir.resolve("markers"));
    System.setProperty(ForkTestCases.MARKERS, markers.toString());
  }

  @AfterEach
  void noMarkers() {
    System.clearProperty(ForkTestCases.MARKERS);
  }

  private ListenerRun run() {
    return ListenerRun.into(tempDir.resolve("out"));
  }

  private List<String> markers(String prefix) throws IOException {
    try (Stream<Path> files = Files.list(markers)) {
      return files
          .map(file -> file.getFileName().toString())
          .filter(name -> name.startsWith(prefix))
          .sorted()
          .toList();
    }
  }

  private static long pid(String marker) {
    return Long.parseLong(marker.substring(marker.lastIndexOf('-') + 1));
  }

  @Test
  @DisplayName(
      "is measured in fresh JVMs, which run its set-up, while the JUnit JVM writes one pooled result per scenario")
  void measuredInForks() throws IOException {
    ListenerRun.Outcome outcome = run().run(ForkTestCases.Forked.class);
    long here = ProcessHandle.current().pid();

    assertThat(outcome.summary().getTestsSucceededCount()).isEqualTo(3);
    // The class's @BeforeEach runs for the unforked benchmark here, once, and for the forked one in
    // its forks only.
    List<Long> setUps = markers("before-each-").stream().map(ForkedRunTests::pid).toList();
    assertThat(setUps).hasSize(5).containsOnlyOnce(here);
    assertThat(setUps.stream().filter(pid -> pid != here).collect(Collectors.toSet()))
        .as("one fresh JVM per fork")
        .hasSize(4);
    assertThat(markers("after-each-").stream().map(ForkedRunTests::pid))
        .hasSize(5)
        .containsOnlyOnce(here);
    assertThat(markers("in-process-"))
        .as("@Fork(0) measures in the JUnit JVM")
        .containsExactly("in-process-" + here);

    for (String scenario : List.of("[device=cpu, batch_size=1]", "[device=cpu, batch_size=2]")) {
      JsonNode result = outcome.result("work", scenario);
      assertThat(result.get("status").asText()).isEqualTo("passed");
      JsonNode forks = result.get("forks");
      assertThat(forks.get("planned").asInt()).isEqualTo(2);
      assertThat(forks.get("completed").asInt()).isEqualTo(2);
      assertThat(forks.get("method").asText()).isEqualTo("student-t on log fork medians, 1 df");
      assertThat(forks.get("runs")).hasSize(2);
      List<Double> medians = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        JsonNode fork = forks.get("runs").get(i);
        assertThat(fork.get("fork").asInt()).isEqualTo(i + 1);
        assertThat(fork.get("status").asText()).isEqualTo("passed");
        assertThat(fork.get("count").asLong()).isEqualTo(7);
        assertThat(fork.get("measurement").get("iterations").asLong()).isEqualTo(7);
        assertThat(fork.get("wall_time_ms").asDouble()).isPositive();
        medians.add(fork.get("median_ms").asDouble());
      }
      double geometricMean = Math.sqrt(medians.get(0) * medians.get(1));
      assertThat(forks.get("median_ms").asDouble())
          .isCloseTo(geometricMean, within(1e-9 * geometricMean));
      // Equal fork medians give an interval of zero width, exp(log(m)) a rounding away from m.
      double slack = 1e-12;
      assertThat(forks.get("ci95_low").asDouble())
          .isLessThanOrEqualTo(Math.min(medians.get(0), medians.get(1)) * (1 + slack));
      assertThat(forks.get("ci95_high").asDouble())
          .isGreaterThanOrEqualTo(Math.max(medians.get(0), medians.get(1)) * (1 - slack));
      assertThat(forks.get("wall_time_ms").asDouble())
          .isGreaterThan(forks.get("overhead_ms").asDouble());
      assertThat(result.get("latency_ms").get("count").asLong())
          .as("pooled over forks")
          .isEqualTo(14);
      JsonNode validity = result.get("validity");
      assertThat(validity.get("valid").asBoolean())
          .as("14 queries do not support p90: flagged, not failed")
          .isFalse();
      assertThat(validity.get("queries").asLong()).isEqualTo(14);
      assertThat(validity.get("p90").get("min_queries").asLong()).isEqualTo(64);
      assertThat(result.get("measurement").get("iterations").asLong()).isEqualTo(14);
      assertThat(result.get("alloc").get("operations").asLong())
          .as("each fork's calls, handed back and summed")
          .isEqualTo(14);
      assertThat(result.get("alloc").get("bytes_per_op").isNumber()).isTrue();
      assertThat(result.get("params").get("batch_size").asInt())
          .isEqualTo(scenario.endsWith("=1]") ? 1 : 2);
    }
    assertThat(outcome.result("inProcess", "[device=cpu]").get("forks").isNull()).isTrue();

    // samples.csv: each forked result's rows fork after fork, iterations from 1 in each; 0 for the
    // JUnit JVM.
    Map<String, List<CSVRecord>> rows =
        outcome.samplesCsv().stream().collect(Collectors.groupingBy(row -> row.get("result_id")));
    for (JsonNode result : outcome.results()) {
      List<CSVRecord> own = rows.get(result.get("id").asText());
      boolean forked = !result.get("forks").isNull();
      List<String> expectedForks =
          forked
              ? Stream.concat(
                      Stream.generate(() -> "1").limit(7), Stream.generate(() -> "2").limit(7))
                  .toList()
              : Stream.generate(() -> "0").limit(7).toList();
      assertThat(own).extracting(row -> row.get("fork")).containsExactlyElementsOf(expectedForks);
      assertThat(own)
          .extracting(row -> Integer.parseInt(row.get("iteration")))
          .containsExactlyElementsOf(
              forked
                  ? List.of(1, 2, 3, 4, 5, 6, 7, 1, 2, 3, 4, 5, 6, 7)
                  : List.of(1, 2, 3, 4, 5, 6, 7));
      if (forked) {
        // Each fork's median recomputed from its rows.
        for (int fork = 1; fork <= 2; fork++) {
          String number = String.valueOf(fork);
          long[] samples =
              own.stream()
                  .filter(row -> row.get("fork").equals(number))
                  .mapToLong(row -> Long.parseLong(row.get("latency_ns")))
                  .sorted()
                  .toArray();
          assertThat(result.get("forks").get("runs").get(fork - 1).get("median_ms").asDouble())
              .isEqualTo(samples[3] / 1e6);
        }
      }
    }
    // results.csv: the validity and the statistics across forks flattened; the per-fork list stays
    // in results.json.
    List<String> header = ListenerRun.csvHeader(outcome.text(ResultsCsv.FILE));
    assertThat(header)
        .contains(
            "validity_valid",
            "validity_p90_min_queries",
            "validity_p99_supported",
            "forks_median_ms",
            "forks_ci95_low",
            "forks_between_fork_cv")
        .doesNotContain("forks_runs");
    // The table: forked rows centred and bounded across forks, their count and spread, and what
    // forking cost.
    String table = outcome.out();
    assertThat(table)
        .contains("forks")
        .contains("fork CV")
        .contains("forked rows: median = geometric mean of the fork medians, 95% CI across forks")
        .containsPattern(
            "forking: 4 JVMs, [0-9.]+ m?s wall, of which [0-9.]+ m?s start-up, set-up and model loading");
    assertThat(table.replaceAll("\\s+", " "))
        .contains(
            "percentiles (MLPerf LoadGen's early stopping, 99% confidence): p99 supported in 0 of 3"
                + " measured scenarios (needs 662 samples), p99.9 in 0 (needs 6,636); a p99 marked *"
                + " is from fewer samples")
        .doesNotContain("INVALID")
        .doesNotContain("valid:");
    table
        .lines()
        .forEach(line -> assertThat(line.length()).as("'%s'", line).isLessThanOrEqualTo(120));
    assertThat(outcome.printed())
        .as("each fork's own line relayed, then the pooled one")
        .contains("[fork 1 of 2] ")
        .contains("[fork 2 of 2] ")
        .contains("2 forks");
  }

  @Test
  @DisplayName("junit.bench.forks replaces the annotation's count, 0 measuring in the JUnit JVM")
  void configurationWins() throws IOException {
    ListenerRun.Outcome none =
        run().config("junit.bench.forks", "0").run(ForkTestCases.Forked.class);
    assertThat(none.summary().getTestsSucceededCount()).isEqualTo(3);
    assertThat(none.results())
        .allSatisfy(result -> assertThat(result.get("forks").isNull()).isTrue());
    assertThat(
            markers("before-each-").stream().map(ForkedRunTests::pid).collect(Collectors.toSet()))
        .containsExactly(ProcessHandle.current().pid());

    ListenerRun.Outcome one =
        ListenerRun.into(tempDir.resolve("out-1"))
            .config("junit.bench.forks", "1")
            .run(ForkTestCases.Unannotated.class);
    assertThat(one.result("work", "[device=cpu]").get("forks").get("completed").asInt())
        .isEqualTo(1);
    assertThat(markers("unannotated-"))
        .singleElement()
        .satisfies(marker -> assertThat(pid(marker)).isNotEqualTo(ProcessHandle.current().pid()));
  }

  @Test
  @DisplayName("runs a @Nested class's benchmark in a fork")
  void nested() throws IOException {
    ListenerRun.Outcome outcome = run().run(ForkTestCases.Outer.class);
    assertThat(outcome.summary().getTestsSucceededCount()).isEqualTo(1);
    assertThat(outcome.results().get(0).get("forks").get("completed").asInt()).isEqualTo(1);
    assertThat(markers("nested-"))
        .singleElement()
        .satisfies(marker -> assertThat(pid(marker)).isNotEqualTo(ProcessHandle.current().pid()));
  }

  @Test
  @DisplayName("refuses a negative count and unparseable JVM options before anything runs")
  void badSettings() {
    ListenerRun.Outcome annotated = run().run(ForkTestCases.NegativeForks.class);
    assertThat(failure(annotated, "work", "[invalid configuration]"))
        .contains("@Fork(-1) on work of")
        .contains("use 0 (measure in the JUnit JVM) or a number of child JVMs");

    ListenerRun.Outcome configured =
        ListenerRun.into(tempDir.resolve("out-2"))
            .config("junit.bench.forks", "-2")
            .run(ForkTestCases.Unannotated.class);
    assertThat(failure(configured, "work", "[invalid configuration]"))
        .contains("-Djunit.bench.forks=-2 is not valid; use a whole number >= 0");

    ListenerRun.Outcome split =
        ListenerRun.into(tempDir.resolve("out-4")).run(ForkTestCases.SplitOption.class);
    assertThat(failure(split, "work", "[invalid configuration]"))
        .contains("@Fork(jvmArgs) on work of")
        .contains("\"64m\" is not a JVM option (options start with -)");

    ListenerRun.Outcome quotes =
        ListenerRun.into(tempDir.resolve("out-3"))
            .config("junit.bench.forks.jvm-args", "-Xmx1g \"-Dname=a b")
            .run(ForkTestCases.Forked.class);
    assertThat(failure(quotes, "work", "[invalid configuration]"))
        .contains(
            "-Djunit.bench.forks.jvm-args=-Xmx1g \"-Dname=a b is not valid: a \" is not closed");
  }

  @Test
  @DisplayName(
      "fails a scenario whose fork cannot start, naming the fork and the cause, while the others run")
  void cannotStart() {
    ListenerRun.Outcome badJava =
        run()
            .config("junit.bench.forks.java", tempDir.resolve("no-java").toString())
            .run(ForkTestCases.Forked.class);
    assertThat(failure(badJava, "work", "[device=cpu, batch_size=1]"))
        .contains(
            "ForkTestCases$Forked#work [device=cpu, batch_size=1]: fork 1 of 2 could not start")
        .contains("-Djunit.bench.forks.java=<path to bin/java>");
    assertThat(badJava.result("inProcess", "[device=cpu]").get("status").asText())
        .isEqualTo("passed");

    ListenerRun.Outcome badOption =
        ListenerRun.into(tempDir.resolve("out-2")).run(ForkTestCases.BadJvmOption.class);
    assertThat(failure(badOption, "work", "[device=cpu]"))
        .contains("fork 1 of 1 ended (exit code 1) without handing back a result")
        .contains("NoSuchJunitBenchOption");
    assertThat(badOption.result("stillRuns", "[device=cpu]").get("status").asText())
        .isEqualTo("passed");
  }

  @Test
  @DisplayName("fails with the fork's own cause when the benchmark fails in it")
  void failsInFork() {
    ListenerRun.Outcome outcome = run().run(ForkTestCases.FailsInFork.class);
    String error = failure(outcome, "work", "[device=cpu]");
    assertThat(error)
        .contains("fork 1 of 2 failed: java.lang.IllegalStateException: broken in the fork");
    // The cause is the fork's exception with the fork's own frames, so reports show where it
    // failed.
    Throwable cause =
        outcome.reported("work", "[device=cpu]").getThrowable().orElseThrow().getCause();
    assertThat(cause).hasToString("java.lang.IllegalStateException: broken in the fork");
    assertThat(cause.getStackTrace())
        .anySatisfy(
            frame -> {
              assertThat(frame.getClassName()).isEqualTo(ForkTestCases.FailsInFork.class.getName());
              assertThat(frame.getMethodName()).isEqualTo("work");
              assertThat(frame.getLineNumber()).isPositive();
            });
    JsonNode runs = outcome.result("work", "[device=cpu]").get("forks").get("runs");
    assertThat(runs).hasSize(1);
    assertThat(runs.get(0).get("status").asText()).isEqualTo("failed");
  }

  @Test
  @DisplayName("keeps the forks that finished when a later one is killed mid-measurement")
  void killedFork() {
    ListenerRun.Outcome outcome = run().run(ForkTestCases.KilledInSecondFork.class);
    assertThat(failure(outcome, "work", "[device=cpu]"))
        .contains("fork 2 of 2 ended (exit code 7) without handing back");
    JsonNode result = outcome.result("work", "[device=cpu]");
    assertThat(result.get("latency_ms").isNull()).isTrue();
    JsonNode runs = result.get("forks").get("runs");
    assertThat(runs).hasSize(2);
    assertThat(runs.get(0).get("status").asText()).isEqualTo("passed");
    assertThat(runs.get(0).get("count").asLong()).isEqualTo(7);
    assertThat(runs.get(0).get("median_ms").asDouble()).isPositive();
    assertThat(runs.get(1).get("status").asText()).isEqualTo("failed");
    assertThat(result.get("forks").get("completed").asInt()).isEqualTo(1);
  }

  @Test
  @DisplayName("stops a fork that runs past its bound and reports it")
  void hangs() {
    ListenerRun.Outcome outcome =
        run().config("junit.bench.forks.timeout", "1s").run(ForkTestCases.Hangs.class);
    assertThat(failure(outcome, "work", "[device=cpu]"))
        .contains("fork 1 of 1 did not finish within 1s and was stopped")
        .contains("-Djunit.bench.forks.timeout=<duration>");
  }

  /** The error of a failed scenario, as results.json and JUnit both report it. */
  private static String failure(ListenerRun.Outcome outcome, String method, String displayName) {
    TestExecutionResult reported = outcome.reported(method, displayName);
    assertThat(reported.getStatus()).isEqualTo(TestExecutionResult.Status.FAILED);
    JsonNode result = outcome.result(method, displayName);
    assertThat(result.get("status").asText()).isEqualTo("failed");
    String error = result.get("error").asText();
    assertThat(error).contains(reported.getThrowable().orElseThrow().getMessage());
    return error;
  }
}
