package dev.junitbench.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Fork;
import dev.junitbench.config.BenchConfig;
import dev.junitbench.infra.Scenario;
import dev.junitbench.results.Aggregation;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.spi.Probe;
import dev.junitbench.spi.ProbeEnd;
import dev.junitbench.spi.ProbeFigures;
import dev.junitbench.spi.ProbeScenario;
import dev.junitbench.testkit.ListenerRun;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A probe of one's own: one class and one service line")
class ProbeTests {

  @TempDir Path tempDir;

  private int runs;

  /** A whole probe: counts what it is told and hands it back. */
  public static final class CountingProbe implements Probe {
    private long starts;

    @Override
    public String name() {
      return "counting";
    }

    @Override
    public void measurementStarts() {
      starts++;
    }

    @Override
    public ProbeFigures measurementEnds(ProbeEnd end) {
      return new ProbeFigures()
          .put("items", end.items())
          .put("starts", starts)
          .put("rss_seen_mb", end.figure("memory", "rss_peak_mb"))
          .text("kind", "counter")
          .put("nothing", null)
          .unavailable("nothing", "this probe never measures it");
    }
  }

  /**
   * Puts numbers that differ from fork to fork, each joined its own way across forks. It reads its
   * fork's number from the key junit-bench sets for its forks, so the pooled figures can be
   * checked.
   */
  public static final class ForkNumberProbe implements Probe {
    private int fork;

    @Override
    public String name() {
      return "fork_number";
    }

    @Override
    public Set<String> configurationKeys() {
      return Set.of(BenchConfig.FORK_CHILD);
    }

    @Override
    public void scenarioStarts(ProbeScenario scenario) {
      // fork/forks/scenario
      fork =
          Integer.parseInt(
              scenario.configuration().getOrDefault(BenchConfig.FORK_CHILD, "0/0/0").split("/")[0]);
    }

    @Override
    public void measurementStarts() {}

    @Override
    public ProbeFigures measurementEnds(ProbeEnd end) {
      return new ProbeFigures()
          .put("peak_mb", 10 * fork, Aggregation.MAX)
          .put("calls", fork, Aggregation.SUM)
          .put("lowest_mb", 100 + fork, Aggregation.MIN)
          .put("mean_mb", 10.0 * fork, Aggregation.AVERAGE)
          .put("plain", fork)
          .text("kind", "fork " + fork);
    }
  }

  /** Fails at the end of every measurement. */
  public static final class ThrowingProbe implements Probe {
    @Override
    public String name() {
      return "throwing";
    }

    @Override
    public void measurementStarts() {}

    @Override
    public ProbeFigures measurementEnds(ProbeEnd end) {
      throw new IllegalStateException("the counter is gone");
    }
  }

  /** Fails to start; told the end all the same, so it can stop what it started. */
  public static final class StartFailingProbe implements Probe {
    static final AtomicInteger ENDS = new AtomicInteger();

    @Override
    public String name() {
      return "start_failing";
    }

    @Override
    public void measurementStarts() {
      throw new IllegalStateException("no counter to start");
    }

    @Override
    public ProbeFigures measurementEnds(ProbeEnd end) {
      ENDS.incrementAndGet();
      return new ProbeFigures().put("x", 1);
    }
  }

  /** Puts a figure into a built-in group. */
  public static final class TrespassingProbe implements Probe {
    @Override
    public String name() {
      return "trespassing";
    }

    @Override
    public void measurementStarts() {}

    @Override
    public ProbeFigures measurementEnds(ProbeEnd end) {
      return new ProbeFigures().put("memory", "rss_peak_mb", 1.0);
    }
  }

  /** Not lower_snake_case. */
  public static final class MisnamedProbe implements Probe {
    @Override
    public String name() {
      return "Open Files";
    }

    @Override
    public void measurementStarts() {}

    @Override
    public ProbeFigures measurementEnds(ProbeEnd end) {
      return new ProbeFigures();
    }
  }

  /** Named so its columns could read as the counting probe's. */
  public static final class CountingItemsProbe implements Probe {
    @Override
    public String name() {
      return "counting_items";
    }

    @Override
    public void measurementStarts() {}

    @Override
    public ProbeFigures measurementEnds(ProbeEnd end) {
      return new ProbeFigures();
    }
  }

  static class ThreeForksTestCases {
    @Benchmark
    @Fork(3)
    void forked(Blackhole blackhole) {
      ListenerRun.work(10, blackhole);
    }
  }

  static class ProbeTestCases {
    @Benchmark
    @BatchSizes({1, 3})
    void measured(Scenario scenario, Blackhole blackhole) {
      ListenerRun.work(10 * scenario.batchSize(), blackhole);
    }
  }

  static class ForkedProbeTestCases {
    @Benchmark
    @Fork(2)
    void forked(Blackhole blackhole) {
      ListenerRun.work(10, blackhole);
    }
  }

  /**
   * Runs {@code fixture} with the probes {@code services} lists as its service file, and what was
   * warned.
   */
  private Warned run(Class<?> fixture, String... services) throws Exception {
    Path classes = Files.createDirectories(tempDir.resolve("services/META-INF/services"));
    Files.writeString(classes.resolve(Probe.class.getName()), String.join("\n", services) + "\n");
    ByteArrayOutputStream warnings = new ByteArrayOutputStream();
    PrintStream previous = System.err;
    System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
    Thread thread = Thread.currentThread();
    ClassLoader original = thread.getContextClassLoader();
    try (URLClassLoader loader =
        new URLClassLoader(
            new URL[] {tempDir.resolve("services").toUri().toURL()},
            ProbeTests.class.getClassLoader())) {
      thread.setContextClassLoader(loader);
      ListenerRun.Outcome outcome = ListenerRun.into(tempDir.resolve("out" + runs++)).run(fixture);
      return new Warned(outcome, warnings.toString(StandardCharsets.UTF_8));
    } finally {
      thread.setContextClassLoader(original);
      System.setErr(previous);
    }
  }

  private record Warned(ListenerRun.Outcome outcome, String err) {}

  @Test
  @DisplayName(
      "lands in results.json under probes.<name> and in results.csv as probes_<name>_<figure>")
  void ownProbe() throws Exception {
    ListenerRun.Outcome outcome =
        run(ProbeTestCases.class, CountingProbe.class.getName()).outcome();
    JsonNode batch3 = outcome.result("measured", "[device=cpu, batch_size=3]");
    JsonNode counting = batch3.get("probes").get("counting");
    // 7 measured calls of 3 items; a fresh probe per scenario, started once.
    assertThat(counting.get("items").asLong()).isEqualTo(21);
    assertThat(counting.get("starts").asLong()).isEqualTo(1);
    assertThat(counting.get("rss_seen_mb").asDouble())
        .isEqualTo(batch3.get("memory").get("rss_peak_mb").asDouble());
    assertThat(counting.get("kind").asText()).isEqualTo("counter");
    assertThat(counting.get("nothing").isNull()).isTrue();
    assertThat(counting.get("unavailable_reason").asText())
        .isEqualTo("nothing: this probe never measures it");
    List<String> names = new ArrayList<>();
    counting.fieldNames().forEachRemaining(names::add);
    assertThat(names)
        .containsExactly("items", "starts", "rss_seen_mb", "kind", "nothing", "unavailable_reason");
    assertThat(
            outcome
                .result("measured", "[device=cpu, batch_size=1]")
                .get("probes")
                .get("counting")
                .get("items")
                .asLong())
        .isEqualTo(7);

    List<CSVRecord> rows = outcome.resultsCsv();
    assertThat(rows.get(0).getParser().getHeaderNames())
        .contains(
            "probes_counting_items", "probes_counting_kind", "probes_counting_unavailable_reason");
    assertThat(rows)
        .extracting(row -> row.get("probes_counting_items"))
        .containsExactlyInAnyOrder("7", "21");
    // Read back as the reports read it: the group survives the round trip.
    ScenarioResult read = RunFolder.read(outcome.runDir()).results().get(0);
    assertThat(read.probes().get("counting")).containsEntry("kind", "counter").containsKey("items");
  }

  @Test
  @DisplayName("without a probe of one's own, results.json has no probes key at all")
  void noProbe() throws Exception {
    ListenerRun.Outcome outcome = run(ProbeTestCases.class).outcome();
    assertThat(outcome.result("measured", "[device=cpu, batch_size=1]").has("probes")).isFalse();
    assertThat(outcome.resultsCsv().get(0).getParser().getHeaderNames())
        .noneMatch(name -> name.startsWith("probes"));
  }

  @Test
  @DisplayName("one that throws loses its own figures, saying why, and nothing else")
  void throwing() throws Exception {
    Warned warned =
        run(ProbeTestCases.class, ThrowingProbe.class.getName(), CountingProbe.class.getName());
    JsonNode result = warned.outcome().result("measured", "[device=cpu, batch_size=1]");
    assertThat(result.get("status").asText()).isEqualTo("passed");
    assertThat(result.get("probes").get("throwing").get("unavailable_reason").asText())
        .isEqualTo(
            "all figures: the probe failed (java.lang.IllegalStateException: the counter is gone)");
    assertThat(result.get("probes").get("counting").get("items").asLong()).isEqualTo(7);
    assertThat(result.get("memory").get("rss_peak_mb").isNumber()).isTrue();
    // Once per run, not once per scenario.
    assertThat(warned.err().split("the counter is gone", -1)).hasSize(2);
  }

  @Test
  @DisplayName(
      "one that fails to start is still told the end, to stop what it started; its figures are dropped")
  void failedStart() throws Exception {
    StartFailingProbe.ENDS.set(0);
    ListenerRun.Outcome outcome =
        run(ProbeTestCases.class, StartFailingProbe.class.getName()).outcome();
    JsonNode group =
        outcome.result("measured", "[device=cpu, batch_size=1]").get("probes").get("start_failing");
    assertThat(group.get("unavailable_reason").asText())
        .isEqualTo(
            "all figures: the probe failed (java.lang.IllegalStateException: no counter to start)");
    assertThat(group.has("x")).isFalse();
    assertThat(StartFailingProbe.ENDS.get()).as("ends told, one per scenario").isEqualTo(2);
  }

  @Test
  @DisplayName(
      "one that puts figures into a built-in group is refused those figures, and told where they go")
  void trespassing() throws Exception {
    JsonNode result =
        run(ProbeTestCases.class, TrespassingProbe.class.getName())
            .outcome()
            .result("measured", "[device=cpu, batch_size=1]");
    assertThat(result.get("probes").get("trespassing").get("unavailable_reason").asText())
        .contains("puts figures into the group \"memory\"; a probe fills its own group only");
    assertThat(result.get("memory").get("rss_peak_mb").asDouble()).isNotEqualTo(1.0);
  }

  @Test
  @DisplayName(
      "a misnamed or unloadable probe fails the scenario before it measures, naming the class and the fix")
  void misnamed() throws Exception {
    ListenerRun.Outcome outcome =
        run(ProbeTestCases.class, MisnamedProbe.class.getName()).outcome();
    JsonNode result = outcome.result("measured", "[device=cpu, batch_size=1]");
    assertThat(result.get("status").asText()).isEqualTo("failed");
    assertThat(result.get("error").asText())
        .contains(
            "the probe "
                + MisnamedProbe.class.getName()
                + " is named \"Open Files\": return a lower_snake_case name");

    ListenerRun.Outcome clashing =
        run(ProbeTestCases.class, CountingProbe.class.getName(), CountingItemsProbe.class.getName())
            .outcome();
    assertThat(clashing.result("measured", "[device=cpu, batch_size=1]").get("error").asText())
        .contains(
            "(\"counting\") and "
                + CountingItemsProbe.class.getName()
                + " (\"counting_items\") could give the"
                + " same results.csv column");

    ListenerRun.Outcome missing = run(ProbeTestCases.class, "com.example.NoSuchProbe").outcome();
    assertThat(missing.result("measured", "[device=cpu, batch_size=1]").get("error").asText())
        .contains("a probe listed in META-INF/services/dev.junitbench.spi.Probe cannot be created")
        .contains("com.example.NoSuchProbe");
  }

  @Test
  @DisplayName(
      "in forks, a number put without an aggregation is the mean of the forks that measured it")
  void forked() throws Exception {
    ListenerRun.Outcome outcome =
        run(ForkedProbeTestCases.class, CountingProbe.class.getName()).outcome();
    JsonNode result = outcome.result("forked", "[device=cpu]");
    assertThat(result.get("forks").get("runs")).hasSize(2);
    assertThat(result.get("probes").get("counting").get("items").asDouble()).isEqualTo(7.0);
    assertThat(result.get("probes").get("counting").get("kind").asText()).isEqualTo("counter");
  }

  @Test
  @DisplayName(
      "in forks, each number joins as the probe declared: the highest, the sum, the lowest or the mean")
  void forkedAsDeclared() throws Exception {
    ListenerRun.Outcome outcome =
        run(ThreeForksTestCases.class, ForkNumberProbe.class.getName()).outcome();
    JsonNode result = outcome.result("forked", "[device=cpu]");
    assertThat(result.get("forks").get("completed").asInt()).isEqualTo(3);
    JsonNode group = result.get("probes").get("fork_number");
    // Forks 1, 2 and 3: their mean would be 20, 2 and 102.
    assertThat(group.get("peak_mb").asDouble()).isEqualTo(30);
    assertThat(group.get("calls").asDouble()).isEqualTo(6);
    assertThat(group.get("lowest_mb").asDouble()).isEqualTo(101);
    assertThat(group.get("mean_mb").asDouble()).isEqualTo(20.0);
    assertThat(group.get("plain").asDouble()).isEqualTo(2.0);
    assertThat(List.of(group.get("peak_mb"), group.get("calls"), group.get("lowest_mb")))
        .as("whole numbers stay whole")
        .allMatch(JsonNode::isIntegralNumber);
    assertThat(group.get("kind").asText()).isEqualTo("fork 1");
    // results.json stays as it was: the figures and their reason, no word of how they joined.
    List<String> names = new ArrayList<>();
    group.fieldNames().forEachRemaining(names::add);
    assertThat(names)
        .containsExactly(
            "peak_mb", "calls", "lowest_mb", "mean_mb", "plain", "kind", "unavailable_reason");
    assertThat(result.has("aggregations")).isFalse();
    assertThat(result.get("memory").has("aggregations")).isFalse();
  }
}
