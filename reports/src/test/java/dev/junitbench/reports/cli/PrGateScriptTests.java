package dev.junitbench.reports.cli;

import static dev.junitbench.reports.Fixtures.CLASSIFY;
import static dev.junitbench.reports.Fixtures.EMBED;
import static dev.junitbench.reports.Fixtures.params;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ci/pr-gate.sh} run by bash with a stand-in for Maven that measures nothing: each round it
 * copies the next prepared run folder of its side into the gate's output and notes the benchmarks
 * it was asked for, so the script's rounds, selections and stops are tested in seconds.
 */
@DisplayName("ci/pr-gate.sh: sequential rounds measure only what is undecided, and stop")
class PrGateScriptTests {

  private static final Path SCRIPT = Path.of("..", "ci", "pr-gate.sh").toAbsolutePath().normalize();
  private static final long[] SAMPLES = RunFolders.around(7_000_000, 40);

  /** Stands in for Maven: copies the next prepared round of the side, notes -Dtest. */
  private static final String FAKE_MAVEN =
      """
      #!/usr/bin/env bash
      out=""
      selected=all
      for argument in "$@"; do
        case $argument in
          -Djunit.bench.output.dir=*) out=${argument#*=} ;;
          -Dtest=*) selected=${argument#*=} ;;
        esac
      done
      [ -n "$out" ] || exit 0
      side=$(basename "$out")
      mkdir -p "$out"
      n=$(( $(find "$out" -maxdepth 1 -name 'run-*' | wc -l) + 1 ))
      echo "$side $n $selected" >> "$FIXTURES/calls.txt"
      cp -r "$FIXTURES/$side/$n/"run-* "$out/"
      """;

  @TempDir Path dir;

  record Result(int code, String out, String err) {}

  private void round(String side, int round, Object... scenarios) {
    List<ScenarioResult> results = new ArrayList<>();
    for (int i = 0; i < scenarios.length; i += 2) {
      double[] scales = (double[]) scenarios[i + 1];
      long[][] forks = new long[scales.length][];
      for (int f = 0; f < forks.length; f++) {
        long[] scaled = new long[SAMPLES.length];
        for (int s = 0; s < scaled.length; s++) {
          scaled[s] = Math.round(SAMPLES[s] * scales[f]);
        }
        forks[f] = scaled;
      }
      results.add(RunFolders.forked((String) scenarios[i], params("batch_size", 1), forks));
    }
    // Run folders sort by their names as by their start: base, head, base, head.
    String name = "run-" + (2 * round - (side.equals("base") ? 1 : 0));
    RunFolders.write(
        dir.resolve("fixtures").resolve(side).resolve(String.valueOf(round)), name, results);
  }

  private static double[] forks(double... scales) {
    return scales;
  }

  private Result gate(Map<String, String> environment) throws Exception {
    for (String tree : List.of("base-tree", "head-tree")) {
      Files.createDirectories(dir.resolve(tree));
      Files.writeString(dir.resolve(tree).resolve("pom.xml"), "<project/>");
    }
    Path maven = dir.resolve("fake-mvn.sh");
    Files.writeString(maven, FAKE_MAVEN);
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    ProcessBuilder builder =
        new ProcessBuilder(
                "bash",
                SCRIPT.toString(),
                dir.resolve("base-tree").toString(),
                dir.resolve("head-tree").toString(),
                dir.resolve("gate").toString())
            .directory(dir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
    Map<String, String> env = new HashMap<>(environment);
    env.putIfAbsent("MVN", "bash " + maven);
    env.put("FIXTURES", dir.resolve("fixtures").toString());
    env.put("GATE_CLI_JAR", HistoryScriptTests.cliJar(dir).toString());
    for (String name : List.of("ROUNDS", "SEQUENTIAL", "MIN_ROUNDS", "MAX_ROUNDS", "FORKS")) {
      builder.environment().remove(name);
    }
    builder.environment().putAll(env);
    Process process = builder.start();
    assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("ci/pr-gate.sh ended").isTrue();
    return new Result(
        process.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  private List<String> calls() throws Exception {
    return Files.readAllLines(dir.resolve("fixtures").resolve("calls.txt"));
  }

  @Test
  @DisplayName(
      "undecided benchmarks of two classes are asked for in one selection: a class's methods joined"
          + " by +, the classes by a comma")
  void selectionGroupsMethodsByClass() throws Exception {
    String detect = "com.example.VisionBenchmarks#detect";
    String summarize = "com.example.TextBenchmarks#summarize";
    round(
        "base",
        1,
        CLASSIFY,
        forks(1.00, 1.03, 0.97),
        detect,
        forks(1.00, 1.03, 0.97),
        summarize,
        forks(1.00, 1.03, 0.97));
    round(
        "head",
        1,
        CLASSIFY,
        forks(1.08, 1.11, 1.05),
        detect,
        forks(1.08, 1.11, 1.05),
        summarize,
        forks(1.08, 1.11, 1.05));
    round(
        "base",
        2,
        CLASSIFY,
        forks(0.99, 1.02, 1.00),
        detect,
        forks(0.99, 1.02, 1.00),
        summarize,
        forks(0.99, 1.02, 1.00));
    round(
        "head",
        2,
        CLASSIFY,
        forks(1.09, 1.07, 1.10),
        detect,
        forks(1.09, 1.07, 1.10),
        summarize,
        forks(1.09, 1.07, 1.10));

    Result result = gate(Map.of("MAX_ROUNDS", "2"));

    assertThat(result.code()).as(result.out() + result.err()).isEqualTo(1);
    List<String> calls = calls();
    assertThat(calls).hasSize(4);
    String selection = calls.get(2).substring("base 2 ".length());
    assertThat(calls.get(3)).isEqualTo("head 2 " + selection);
    assertThat(List.of(selection.split(",")))
        .containsExactlyInAnyOrder(
            "com.example.TextBenchmarks#summarize",
            selection.contains("#classify+detect")
                ? "com.example.VisionBenchmarks#classify+detect"
                : "com.example.VisionBenchmarks#detect+classify");
  }

  @Test
  @DisplayName(
      "a scenario settled after round 1 is not asked for again; the noisy slowdown's benchmark alone"
          + " gets round 2, settles regressed there, and the gate stops before MAX_ROUNDS with exit 1")
  void measuresOnlyUndecided() throws Exception {
    round("base", 1, EMBED, forks(1.000, 1.003, 0.998), CLASSIFY, forks(1.00, 1.03, 0.97));
    round("head", 1, EMBED, forks(1.001, 0.999, 1.002), CLASSIFY, forks(1.08, 1.11, 1.05));
    round("base", 2, CLASSIFY, forks(0.99, 1.02, 1.00));
    round("head", 2, CLASSIFY, forks(1.09, 1.07, 1.10));

    Result result = gate(Map.of("MAX_ROUNDS", "2"));

    assertThat(result.code()).as(result.out() + result.err()).isEqualTo(1);
    assertThat(calls())
        .containsExactly(
            "base 1 all",
            "head 1 all",
            "base 2 com.example.VisionBenchmarks#classify",
            "head 2 com.example.VisionBenchmarks#classify");
    assertThat(result.out())
        .contains("pr-gate: after round 1: 1 benchmarks with undecided scenarios measured again")
        .contains("pr-gate: comparing 2 rounds a side, decided sequentially (at most 2)")
        .contains("pr-gate: a scenario regressed");
    String markdown = Files.readString(dir.resolve("gate").resolve("comparison.md"));
    assertThat(markdown)
        .contains(
            "sequential rounds: 2 rounds a side, every scenario settled, 9 vs 9 JVM runs used")
        .contains("settled at round 1\\: not regressed");
    assertThat(Files.readString(dir.resolve("gate").resolve("comparison.txt")))
        .startsWith("1 regressed, 0 improved, 1 unchanged");
  }

  @Test
  @DisplayName("when every scenario settles after round 1 the gate stops there with exit 0")
  void stopsWhenAllSettled() throws Exception {
    round("base", 1, EMBED, forks(1.000, 1.003, 0.998));
    round("head", 1, EMBED, forks(1.001, 0.999, 1.002));

    Result result = gate(Map.of());

    assertThat(result.code()).as(result.out() + result.err()).isZero();
    assertThat(calls()).containsExactly("base 1 all", "head 1 all");
    assertThat(result.out())
        .contains("pr-gate: round 1 of at most 4: base, 3 forks per scenario")
        .contains("pr-gate: every scenario settled after round 1 of at most 4");
  }

  @Test
  @DisplayName(
      "compare --undecided writes the benchmarks still undecided; without --max-rounds it is a usage"
          + " error, as is --min-rounds alone")
  void compareOptions() throws Exception {
    round("base", 1, EMBED, forks(1.000, 1.003, 0.998), CLASSIFY, forks(1.00, 1.03, 0.97));
    round("head", 1, EMBED, forks(1.001, 0.999, 1.002), CLASSIFY, forks(1.08, 1.11, 1.05));
    Path base = dir.resolve("fixtures").resolve("base").resolve("1");
    Path head = dir.resolve("fixtures").resolve("head").resolve("1");
    Path undecided = dir.resolve("undecided.txt");

    HistoryCommandTests.Run sequential =
        HistoryCommandTests.run(
            "compare",
            base.toString(),
            head.toString(),
            "--max-rounds",
            "3",
            "--undecided",
            undecided.toString());

    assertThat(sequential.code()).as(sequential.err()).isZero();
    assertThat(Files.readAllLines(undecided)).containsExactly(CLASSIFY);
    assertThat(sequential.out()).contains("1 undecided");

    HistoryCommandTests.Run alone =
        HistoryCommandTests.run(
            "compare", base.toString(), head.toString(), "--undecided", undecided.toString());
    assertThat(alone.code()).isEqualTo(2);
    assertThat(alone.err()).contains("needs --max-rounds: only a sequential decision leaves");
    HistoryCommandTests.Run minOnly =
        HistoryCommandTests.run("compare", base.toString(), head.toString(), "--min-rounds", "2");
    assertThat(minOnly.code()).isEqualTo(2);
    assertThat(minOnly.err()).contains("--min-rounds 2 needs --max-rounds");
  }

  @Test
  @DisplayName(
      "ROUNDS beside SEQUENTIAL=true, MAX_ROUNDS below MIN_ROUNDS, a SEQUENTIAL that is neither"
          + " true nor false, and MAX_ROUNDS with SEQUENTIAL=false are refused with exit 2")
  void badSettings() throws Exception {
    Result both = gate(Map.of("SEQUENTIAL", "true", "ROUNDS", "2"));
    assertThat(both.code()).isEqualTo(2);
    assertThat(both.err())
        .contains(
            "ROUNDS=2 fixes the rounds, which SEQUENTIAL=false does; with SEQUENTIAL=true set");

    Result below = gate(Map.of("MIN_ROUNDS", "3", "MAX_ROUNDS", "2"));
    assertThat(below.code()).isEqualTo(2);
    assertThat(below.err()).contains("MAX_ROUNDS=2 must be from MIN_ROUNDS (3) to 20");

    Result neither = gate(Map.of("SEQUENTIAL", "maybe"));
    assertThat(neither.code()).isEqualTo(2);
    assertThat(neither.err()).contains("SEQUENTIAL=maybe is neither true nor false");

    Result fixed = gate(Map.of("SEQUENTIAL", "false", "MAX_ROUNDS", "3"));
    assertThat(fixed.code()).isEqualTo(2);
    assertThat(fixed.err())
        .contains("MAX_ROUNDS=3 is for sequential rounds; with SEQUENTIAL=false set ROUNDS");
  }
}
