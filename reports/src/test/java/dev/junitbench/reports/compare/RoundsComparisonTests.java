package dev.junitbench.reports.compare;

import static dev.junitbench.reports.Fixtures.CLASSIFY;
import static dev.junitbench.reports.Fixtures.EMBED;
import static dev.junitbench.reports.Fixtures.params;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.results.AllocationFigures;
import dev.junitbench.results.ProfileFigures;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.stats.AllocationComparison;
import dev.junitbench.stats.AllocationRule;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@DisplayName("compare: rounds of one build pooled as the forks of one run")
class RoundsComparisonTests {

  private static final long[] SAMPLES = RunFolders.around(7_000_000, 40);

  @TempDir Path tempDir;

  /**
   * A round under {@code side}: EMBED batch 1 measured in one fork per scale (unforked for a single
   * scale).
   */
  private Path round(String side, String name, double... forkScales) {
    return RunFolders.write(tempDir.resolve(side), name, List.of(scenario(EMBED, forkScales)));
  }

  private static ScenarioResult scenario(String benchmark, double... forkScales) {
    if (forkScales.length == 1) {
      return RunFolders.passed(benchmark, params("batch_size", 1), scaled(SAMPLES, forkScales[0]));
    }
    long[][] forks = new long[forkScales.length][];
    for (int i = 0; i < forks.length; i++) {
      forks[i] = scaled(SAMPLES, forkScales[i]);
    }
    return RunFolders.forked(benchmark, params("batch_size", 1), forks);
  }

  private static long[] scaled(long[] samples, double factor) {
    long[] scaled = new long[samples.length];
    for (int i = 0; i < samples.length; i++) {
      scaled[i] = Math.round(samples[i] * factor);
    }
    return scaled;
  }

  private static double[] medians(double... scales) {
    double median = RunFolders.passed(EMBED, params(), SAMPLES).latencyMs().median();
    double[] medians = new double[scales.length];
    for (int i = 0; i < scales.length; i++) {
      medians[i] =
          RunFolders.passed(EMBED, params(), scaled(SAMPLES, scales[i])).latencyMs().median();
    }
    assertThat(median).isPositive();
    return medians;
  }

  @Test
  @DisplayName(
      "two forked rounds a side: every fork of every round is one JVM run of Welch's test, and the outputs say so")
  void forkedRounds() throws Exception {
    round("base", "run-1", 1.00, 1.02, 0.99);
    round("head", "run-2", 1.20, 1.22, 1.19);
    round("base", "run-3", 1.01, 0.98, 1.00);
    round("head", "run-4", 1.21, 1.18, 1.20);
    RunComparison comparison =
        RunComparison.of(tempDir.resolve("base"), tempDir.resolve("head"), RegressionRule.DEFAULT);

    assertThat(comparison.pooled()).isTrue();
    assertThat(comparison.baselineRounds().runs()).hasSize(2);
    assertThat(comparison.current().dir().getFileName()).hasToString("run-4");
    RunComparison.Row row = comparison.rows().get(0);
    assertThat(row.verdict()).isEqualTo(Verdict.REGRESSED);
    assertThat(row.latency())
        .isEqualTo(
            Comparison.ofForks(
                medians(1.00, 1.02, 0.99, 1.01, 0.98, 1.00),
                medians(1.20, 1.22, 1.19, 1.21, 1.18, 1.20),
                RegressionRule.DEFAULT));
    assertThat(row.latency().test()).isEqualTo(Comparison.WELCH);
    assertThat(row.latency().ratio()).isCloseTo(1.20, within(0.005));
    assertThat(row.pool().baselineRounds()).isEqualTo(2);
    assertThat(row.pool().currentMs()).hasSize(6);

    assertThat(comparison.method())
        .contains("rounds pooled: 2 rounds of the baseline and 2 rounds of the current build")
        .contains("1 scenario: Welch's t-test on the log medians of the JVM runs (6 vs 6 JVM runs)")
        .doesNotContain("Mann-Whitney");
    String text = ComparisonText.render(comparison);
    assertThat(text)
        .startsWith("1 regressed, 0 improved, 0 unchanged\n")
        .contains(
            "baseline: "
                + tempDir.resolve("base").toAbsolutePath()
                + " (2 rounds pooled: run-1, run-3; host"
                + " bench-host (Test CPU))")
        .contains(
            "current:  "
                + tempDir.resolve("head").toAbsolutePath()
                + " (2 rounds pooled: run-2, run-4;")
        .contains("+20.0%");
    String markdown = ComparisonMarkdown.render(comparison);
    assertThat(markdown)
        .startsWith(
            ":red_circle: **1 regressed**, 0 improved, 0 unchanged: the largest,"
                + " EmbeddingBenchmarks\\.embed, is +20")
        .contains("Baseline 2 rounds pooled (Test CPU) → current 2 rounds pooled (Test CPU)")
        .contains("rounds pooled\\: 2 rounds of the baseline")
        .contains("Welch\\'s t\\-test");
    JsonNode json = new ObjectMapper().readTree(ComparisonJson.render(comparison));
    assertThat(json.at("/baseline/rounds").asInt()).isEqualTo(2);
    assertThat(json.at("/baseline/runs/1/run_id").asText()).isEqualTo("run-3");
    assertThat(json.at("/scenarios/0/rounds/current").asInt()).isEqualTo(2);
    assertThat(json.at("/scenarios/0/rounds/current_jvm_medians_ms")).hasSize(6);
    assertThat(json.at("/scenarios/0/latency/test").asText()).isEqualTo(Comparison.WELCH);
  }

  /** An unforked round under {@code side} of EMBED batch 1, allocating {@code bytesPerOp}. */
  private Path allocatingRound(String side, String name, double bytesPerOp) {
    ScenarioResult result =
        scenario(EMBED, 1.0)
            .withAlloc(
                AllocationFigures.of(Math.round(bytesPerOp * 40), 40, 1, 0L, 0.0, 0.0, null));
    return RunFolders.write(tempDir.resolve(side), name, List.of(result));
  }

  @Test
  @DisplayName("judges allocation on every round's bytes pooled, not on the latest round's alone")
  void allocationPooled() throws Exception {
    allocatingRound("base", "run-1", 1000);
    allocatingRound("head", "run-2", 2000);
    allocatingRound("base", "run-3", 1000);
    allocatingRound("head", "run-4", 1100);

    RunComparison comparison =
        RunComparison.of(tempDir.resolve("base"), tempDir.resolve("head"), RegressionRule.DEFAULT);

    RunComparison.Row row = comparison.rows().get(0);
    assertThat(row.after().alloc().operations()).isEqualTo(80);
    assertThat(row.after().alloc().bytesPerOp()).isEqualTo(1550.0);
    assertThat(row.before().alloc().bytesPerOp()).isEqualTo(1000.0);
    assertThat(row.pool().currentBytesPerOp()).containsExactly(2000.0, 1100.0);
    assertThat(comparison.allocation(row).regressed()).isTrue();
    assertThat(comparison.allocation(row).change()).isEqualTo(0.55);
    assertThat(comparison.regressed()).isTrue();
    assertThat(comparison.summaryLine()).startsWith("allocation: 1 regressed");
    assertThat(comparison.method())
        .contains("allocation change > 5% and >= 64 B/op, in the rounds pooled and in every round");
  }

  @ParameterizedTest(name = "baseline rounds {0} B/op, current rounds {1} B/op")
  @CsvSource({
    // One round's one-time work (1.5 KB over 10 operations) on the baseline's side, then on the
    // current side: the other round of that side shows the change is not the code's.
    "149.4 0, 0 0",
    "0 0, 0 149.4",
    "1000 1000, 2000 1000",
  })
  @DisplayName("calls no allocation change of pooled rounds that one round of a side does not show")
  void allocationChangeEveryRoundShows(String baseline, String current) throws Exception {
    String[] before = baseline.split(" ");
    String[] after = current.split(" ");
    for (int round = 0; round < 2; round++) {
      allocatingRound("base", "run-" + (2 * round + 1), Double.parseDouble(before[round]));
      allocatingRound("head", "run-" + (2 * round + 2), Double.parseDouble(after[round]));
    }

    RunComparison comparison =
        RunComparison.of(tempDir.resolve("base"), tempDir.resolve("head"), RegressionRule.DEFAULT);

    RunComparison.Row row = comparison.rows().get(0);
    AllocationComparison allocation = comparison.allocation(row);
    assertThat(
            AllocationRule.DEFAULT
                .judge(row.before().alloc().bytesPerOp(), row.after().alloc().bytesPerOp())
                .verdict())
        .as("the pooled figures alone moved beyond the rule")
        .isNotEqualTo(Verdict.UNCHANGED);
    assertThat(allocation.verdict()).isEqualTo(Verdict.UNCHANGED);
    assertThat(allocation.note())
        .startsWith("allocation unchanged: not every round moved (baseline rounds ");
    assertThat(AllocationChange.cell(allocation)).endsWith(" (not in every round)");
    assertThat(comparison.regressed()).isFalse();
    assertThat(comparison.summaryLine())
        .endsWith("allocation: 0 regressed, 0 improved, 1 unchanged");
  }

  @Test
  @DisplayName("calls an allocation improvement of pooled rounds that every round shows")
  void allocationImprovedEveryRound() throws Exception {
    allocatingRound("base", "run-1", 149.4);
    allocatingRound("head", "run-2", 0);
    allocatingRound("base", "run-3", 120);
    allocatingRound("head", "run-4", 40);

    RunComparison comparison =
        RunComparison.of(tempDir.resolve("base"), tempDir.resolve("head"), RegressionRule.DEFAULT);

    assertThat(comparison.allocation(comparison.rows().get(0)).verdict())
        .isEqualTo(Verdict.IMPROVED);
  }

  @Test
  @DisplayName(
      "says why a regressed scenario of rounds, profiled, gets no differential flame graph and how"
          + " to get one")
  void noDifferentialFlameGraphForRounds() throws Exception {
    for (String[] round :
        new String[][] {
          {"base", "run-1"}, {"head", "run-2"}, {"base", "run-3"}, {"head", "run-4"}
        }) {
      double level = round[0].equals("base") ? 1.00 : 1.20;
      ScenarioResult result =
          scenario(EMBED, level, level * 1.01, level * 0.99)
              .withProfile(
                  new ProfileFigures(
                      "cpu",
                      "cpu",
                      "async-profiler 4.5",
                      List.of("profiles/embed-fork-1.jfr"),
                      null,
                      100L,
                      List.of(),
                      null));
      RunFolders.write(tempDir.resolve(round[0]), round[1], List.of(result));
    }
    RunComparison comparison =
        RunComparison.of(tempDir.resolve("base"), tempDir.resolve("head"), RegressionRule.DEFAULT);

    RegressionProfiles profiles = RegressionProfiles.of(comparison, tempDir, tempDir);

    assertThat(comparison.regressed()).isTrue();
    assertThat(profiles.byScenario()).isEmpty();
    assertThat(profiles.note()).isEqualTo(RegressionProfiles.ROUNDS_NOTE);
    assertThat(ComparisonText.render(comparison, profiles))
        .contains("where to look first: no differential flame graph for rounds: each round is a")
        .contains("compare two single runs (a round of each side) for one");
    assertThat(ComparisonMarkdown.render(comparison, profiles))
        .contains("**Where to look first**\n\nno differential flame graph for rounds");
    assertThat(RegressionProfiles.of(unprofiledRounds(), tempDir, tempDir).note())
        .as("rounds never profiled need no word of it")
        .isNull();
  }

  private RunComparison unprofiledRounds() throws Exception {
    round("plain-base", "run-1", 1.00, 1.01, 0.99);
    round("plain-head", "run-2", 1.20, 1.21, 1.19);
    return RunComparison.of(
        tempDir.resolve("plain-base"), tempDir.resolve("plain-head"), RegressionRule.DEFAULT);
  }

  @Test
  @DisplayName(
      "an unforked round is one observation, beside a forked round's forks; unchanged rounds stay unchanged")
  void unforkedRounds() throws Exception {
    round("base", "run-1", 1.00);
    round("base", "run-2", 1.03, 0.99);
    round("base", "run-3", 0.98);
    round("head", "run-4", 1.01);
    round("head", "run-5", 0.99);
    round("head", "run-6", 1.02);
    RunComparison comparison =
        RunComparison.of(tempDir.resolve("base"), tempDir.resolve("head"), RegressionRule.DEFAULT);
    RunComparison.Row row = comparison.rows().get(0);
    assertThat(row.latency())
        .isEqualTo(
            Comparison.ofForks(
                medians(1.00, 1.03, 0.99, 0.98),
                medians(1.01, 0.99, 1.02),
                RegressionRule.DEFAULT));
    assertThat(row.verdict()).isEqualTo(Verdict.UNCHANGED);
    assertThat(comparison.regressed()).isFalse();
    assertThat(comparison.method())
        .contains("3 rounds of the baseline and 3 rounds of the current build")
        .contains("(4 vs 3 JVM runs)");
    assertThat(ComparisonMarkdown.render(comparison))
        .startsWith(":white_check_mark: **0 regressed, 0 improved," + " 1 unchanged**");
  }

  @Test
  @DisplayName(
      "one unforked round a side leaves Welch nothing to test: the pooled samples are compared, and that is said")
  void oneRoundEach() throws Exception {
    round("base", "run-1", 1.00);
    round("head", "run-2", 1.30);
    RunComparison comparison =
        RunComparison.of(tempDir.resolve("base"), tempDir.resolve("head"), RegressionRule.DEFAULT);
    RunComparison.Row row = comparison.rows().get(0);
    assertThat(row.latency().test()).startsWith("mann-whitney-u");
    assertThat(row.verdict()).isEqualTo(Verdict.REGRESSED);
    assertThat(row.latency().note())
        .isEqualTo(
            "unforked: between-JVM variance unknown; one JVM run (round x fork) a"
                + " side: compared on the rounds' pooled samples");
    assertThat(comparison.method())
        .contains("1 round of the baseline and 1 round of the current build")
        .contains(
            "1 scenario with fewer than 2 JVM runs a side or no spread between them: two-sided Mann-Whitney U");
  }

  @Test
  @DisplayName("a run folder beside a folder of rounds is one round")
  void runFolderAsOneRound() throws Exception {
    Path single = round("base", "run-1", 1.00, 1.01, 0.99);
    round("head", "run-2", 1.00, 1.02);
    round("head", "run-3", 0.99, 1.01);
    RunComparison comparison =
        RunComparison.of(single, tempDir.resolve("head"), RegressionRule.DEFAULT);
    assertThat(comparison.pooled()).isTrue();
    assertThat(comparison.baselineRounds().folder()).isNull();
    assertThat(comparison.rows().get(0).pool().baselineMs()).hasSize(3);
    assertThat(comparison.rows().get(0).pool().currentMs()).hasSize(4);
    assertThat(ComparisonText.render(comparison).replace("\n  ", " "))
        .contains(
            "baseline: "
                + single.resolve("results.json").toAbsolutePath()
                + " (run run-1, host bench-host, 2026-11-23T08:00:00Z), pooled"
                + " as 1 round");
  }

  @Test
  @DisplayName(
      "a scenario that failed in one round, or that a round lacks, is not passed for its side; measured in the baseline, it counts against the build")
  void roundThatLostAScenario() throws Exception {
    RunFolders.write(
        tempDir.resolve("base"),
        "run-1",
        List.of(scenario(EMBED, 1.0, 1.01), scenario(CLASSIFY, 1.0)));
    RunFolders.write(
        tempDir.resolve("base"),
        "run-3",
        List.of(scenario(EMBED, 1.0, 0.99), scenario(CLASSIFY, 1.0)));
    RunFolders.write(
        tempDir.resolve("head"),
        "run-2",
        List.of(scenario(EMBED, 1.0, 1.01), scenario(CLASSIFY, 1.0)));
    RunFolders.write(
        tempDir.resolve("head"),
        "run-4",
        List.of(
            RunFolders.ended(
                EMBED,
                params("batch_size", 1),
                Status.FAILED,
                "java.lang.OutOfMemoryError: Java heap space")));
    RunComparison comparison =
        RunComparison.of(tempDir.resolve("base"), tempDir.resolve("head"), RegressionRule.DEFAULT);
    assertThat(comparison.counts().lost()).isEqualTo(2);
    assertThat(comparison.regressed()).isTrue();
    assertThat(comparison.rows())
        .allSatisfy(row -> assertThat(row.kind()).isEqualTo(RunComparison.Kind.NOT_PASSED));
    assertThat(comparison.rows())
        .extracting(row -> row.after().error())
        .containsExactlyInAnyOrder(
            "java.lang.OutOfMemoryError: Java heap space",
            "not in round 2 of 2 (run-4): that run ended before this scenario did");
    assertThat(ComparisonText.render(comparison)).contains("no longer passes (passed -> failed)");
  }

  @Test
  @DisplayName(
      "refuses a folder without runs, a damaged round (naming it), and rounds of different machines or commits")
  void badRounds() throws Exception {
    round("head", "run-2", 1.0);
    Path head = tempDir.resolve("head");
    Path empty = Files.createDirectories(tempDir.resolve("empty"));
    assertThatThrownBy(() -> RunComparison.of(empty, head, RegressionRule.DEFAULT))
        .isInstanceOf(BadInputException.class)
        .hasMessage(
            empty
                + " holds no results.json and no run folders (run-<time>-<id>); give a run folder, its"
                + " results.json, or a folder of rounds: run folders of one build measured on one"
                + " machine, or JMH result files (*.json) of one build");

    round("base", "run-1", 1.0);
    Path truncated = round("base", "run-3", 1.0);
    Files.writeString(truncated.resolve("results.json"), "{\"schema_version\": 1, \"run\": {");
    Path base = tempDir.resolve("base");
    assertThatThrownBy(() -> RunComparison.of(base, head, RegressionRule.DEFAULT))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith(
            base
                + ": round 2 of 2, run-3, is damaged: "
                + truncated.resolve("results.json").toAbsolutePath()
                + " is not valid JSON")
        .hasMessageEndingWith("; measure that round again or remove its folder");
    Files.delete(truncated.resolve("results.json"));
    assertThatThrownBy(() -> RunComparison.of(base, head, RegressionRule.DEFAULT))
        .hasMessage(
            base
                + ": round 2 of 2, run-3, holds no results.json (its run ended before any scenario did);"
                + " measure that round again or remove its folder");

    RunFolders.write(tempDir.resolve("hosts"), "run-1", List.of(scenario(EMBED, 1.0)), "runner-a");
    RunFolders.write(tempDir.resolve("hosts"), "run-2", List.of(scenario(EMBED, 1.0)), "runner-b");
    Path hosts = tempDir.resolve("hosts");
    assertThatThrownBy(() -> RunComparison.of(hosts, head, RegressionRule.DEFAULT))
        .hasMessage(
            hosts.toAbsolutePath()
                + ": rounds come from different machines (run-1 on host runner-a (Test CPU),"
                + " run-2 on host runner-b (Test CPU)); rounds must come from one machine: measure base and head"
                + " alternately on one runner, or compare one run folder per side");

    Path commits = tempDir.resolve("commits");
    withCommit(RunFolders.write(commits, "run-1", List.of(scenario(EMBED, 1.0))), "1111111111aaaa");
    withCommit(RunFolders.write(commits, "run-2", List.of(scenario(EMBED, 1.0))), "2222222222bbbb");
    assertThatThrownBy(() -> RunComparison.of(head, commits, RegressionRule.DEFAULT))
        .hasMessage(
            commits.toAbsolutePath()
                + ": rounds measure different commits (run-1 at 1111111111, run-2 at"
                + " 2222222222); the rounds of a side must measure one build: put each commit's rounds in a folder of its"
                + " own");

    Path other =
        RunFolders.write(
            tempDir.resolve("other"), "run-1", List.of(scenario("com.example.Other#run", 1.0)));
    assertThatThrownBy(() -> RunComparison.of(other.getParent(), head, RegressionRule.DEFAULT))
        .hasMessage(
            other.getParent().toAbsolutePath()
                + " and "
                + head.toAbsolutePath()
                + " have no scenario in common,"
                + " so nothing would be judged; the baseline holds none of this run's benchmarks"
                + " (com.example.EmbeddingBenchmarks#embed); it measured com.example.Other#run: give the baseline of these"
                + " benchmarks");
  }

  /** Sets the run's git commit, as a run inside a git checkout records it. */
  private static void withCommit(Path run, String commit) throws Exception {
    ObjectMapper mapper = new ObjectMapper();
    Path file = run.resolve("results.json");
    ObjectNode tree = (ObjectNode) mapper.readTree(file.toFile());
    ObjectNode git = ((ObjectNode) tree.get("run")).putObject("git");
    git.put("commit", commit);
    git.put("branch", "main");
    git.put("dirty", false);
    mapper.writeValue(file.toFile(), tree);
  }

  @Test
  @DisplayName(
      "many rounds of many scenarios: each scenario pools its own JVM runs, whatever order the rounds list them in")
  void manyScenarios() throws Exception {
    List<ScenarioResult> first = new ArrayList<>();
    List<ScenarioResult> second = new ArrayList<>();
    for (int batch = 1; batch <= 4; batch++) {
      first.add(RunFolders.passed(EMBED, params("batch_size", batch), scaled(SAMPLES, batch)));
      second.add(
          0, RunFolders.passed(EMBED, params("batch_size", batch), scaled(SAMPLES, batch * 1.01)));
    }
    RunFolders.write(tempDir.resolve("base"), "run-1", first);
    RunFolders.write(tempDir.resolve("base"), "run-2", second);
    RunFolders.write(tempDir.resolve("head"), "run-3", second);
    RunFolders.write(tempDir.resolve("head"), "run-4", first);
    RunComparison comparison =
        RunComparison.of(tempDir.resolve("base"), tempDir.resolve("head"), RegressionRule.DEFAULT);
    assertThat(comparison.rows())
        .hasSize(4)
        .allSatisfy(
            row -> {
              assertThat(row.latency().ratio()).isCloseTo(1.0, within(1e-9));
              assertThat(row.pool().baselineMs()).hasSize(2);
              assertThat(row.verdict()).isEqualTo(Verdict.UNCHANGED);
            });
  }
}
