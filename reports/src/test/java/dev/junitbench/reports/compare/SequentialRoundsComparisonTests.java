package dev.junitbench.reports.compare;

import static dev.junitbench.reports.Fixtures.CLASSIFY;
import static dev.junitbench.reports.Fixtures.EMBED;
import static dev.junitbench.reports.Fixtures.params;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.config.BaselineMatch;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.action.CompareAction;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.SequentialRounds;
import dev.junitbench.stats.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("compare --max-rounds: rounds decided sequentially, each scenario settled once")
class SequentialRoundsComparisonTests {

  private static final long[] SAMPLES = RunFolders.around(7_000_000, 40);
  private static final SequentialRounds TWO = new SequentialRounds(1, 2);

  @TempDir Path tempDir;

  /** A round under {@code side} of the scenarios given as benchmark, fork scales, benchmark, ... */
  private void round(String side, String name, Object... scenarios) {
    List<ScenarioResult> results = new ArrayList<>();
    for (int i = 0; i < scenarios.length; i += 2) {
      double[] scales = (double[]) scenarios[i + 1];
      long[][] forks = new long[scales.length][];
      for (int f = 0; f < forks.length; f++) {
        forks[f] = scaled(scales[f]);
      }
      results.add(RunFolders.forked((String) scenarios[i], params("batch_size", 1), forks));
    }
    RunFolders.write(tempDir.resolve(side), name, results);
  }

  private static long[] scaled(double factor) {
    long[] scaled = new long[SAMPLES.length];
    for (int i = 0; i < SAMPLES.length; i++) {
      scaled[i] = Math.round(SAMPLES[i] * factor);
    }
    return scaled;
  }

  private static double[] forks(double... scales) {
    return scales;
  }

  private RunComparison compare(SequentialRounds design) throws BadInputException {
    return RunComparison.of(
        tempDir.resolve("base"),
        tempDir.resolve("head"),
        RegressionRule.DEFAULT,
        BaselineMatch.ANY,
        design);
  }

  private static RunComparison.Row row(RunComparison comparison, String benchmark) {
    return comparison.rows().stream()
        .filter(r -> r.key().benchmark().equals(benchmark))
        .findFirst()
        .orElseThrow();
  }

  @Test
  @DisplayName(
      "a tight unchanged scenario settles after round 1, a noisy slowdown waits for round 2 and"
          + " settles regressed there; only its benchmark is named for the next round")
  void settlesRoundByRound() throws Exception {
    round("base", "run-1", EMBED, forks(1.000, 1.003, 0.998), CLASSIFY, forks(1.00, 1.03, 0.97));
    round("head", "run-2", EMBED, forks(1.001, 0.999, 1.002), CLASSIFY, forks(1.08, 1.11, 1.05));

    RunComparison first = compare(TWO);

    assertThat(row(first, EMBED).verdict()).isEqualTo(Verdict.UNCHANGED);
    assertThat(row(first, EMBED).pool().sequential().settled()).isTrue();
    assertThat(row(first, EMBED).pool().sequential().why())
        .startsWith("not regressed: its 95% interval")
        .endsWith("ends below +5%");
    assertThat(row(first, CLASSIFY).verdict()).isEqualTo(Verdict.NOT_JUDGED);
    assertThat(row(first, CLASSIFY).pool().sequential().settled()).isFalse();
    assertThat(SequentialCompare.undecidedBenchmarks(first)).containsExactly(CLASSIFY);
    assertThat(first.summaryLine())
        .contains("NOT JUDGED: 1 (1 undecided)")
        .endsWith("; sequential rounds: 1 round a side, 1 undecided, 6 vs 6 JVM runs used");
    assertThat(first.regressed()).isFalse();

    // Round 2 measures both again; the settled scenario's verdict stays, whatever it shows now.
    round("base", "run-3", EMBED, forks(1.00, 1.00, 1.00), CLASSIFY, forks(0.99, 1.02, 1.00));
    round("head", "run-4", EMBED, forks(1.50, 1.50, 1.50), CLASSIFY, forks(1.09, 1.07, 1.10));

    RunComparison second = compare(TWO);

    assertThat(row(second, EMBED).verdict()).isEqualTo(Verdict.UNCHANGED);
    assertThat(row(second, EMBED).pool().sequential().round()).isEqualTo(1);
    assertThat(row(second, CLASSIFY).verdict()).isEqualTo(Verdict.REGRESSED);
    assertThat(row(second, CLASSIFY).pool().sequential().round()).isEqualTo(2);
    assertThat(row(second, CLASSIFY).pool().sequential().why())
        .startsWith("regressed +")
        .contains("past the boundary of round 2 of 2, p < 0.00");
    assertThat(SequentialCompare.undecidedBenchmarks(second)).isEmpty();
    assertThat(second.regressed()).isTrue();
    assertThat(second.summaryLine())
        .startsWith("1 regressed, 0 improved, 1 unchanged")
        .endsWith(
            "; sequential rounds: 2 rounds a side, every scenario settled, 12 vs 12 JVM runs used");

    assertThat(ComparisonText.render(second))
        .contains("sequential rounds, per scenario:")
        .contains(
            "VisionBenchmarks.classify [device=cpu, batch_size=1]: settled at round 2: regressed +")
        .contains(
            "EmbeddingBenchmarks.embed [device=cpu, batch_size=1]: settled at round 1: not regressed");
    assertThat(ComparisonMarkdown.render(second))
        .contains("<summary>Sequential rounds: where each scenario settled</summary>")
        .contains("settled at round 2");
    JsonNode json = new ObjectMapper().readTree(ComparisonJson.render(second));
    assertThat(json.at("/scenarios/0/sequential/round").asInt()).isEqualTo(2);
    assertThat(json.at("/scenarios/0/sequential/settled").asBoolean()).isTrue();
    assertThat(json.at("/scenarios/1/sequential/why").asText()).startsWith("not regressed");
  }

  @Test
  @DisplayName(
      "a settled scenario need not be measured again: a later round without it is no failure")
  void settledNotMeasuredAgain() throws Exception {
    round("base", "run-1", EMBED, forks(1.000, 1.003, 0.998), CLASSIFY, forks(1.00, 1.03, 0.97));
    round("head", "run-2", EMBED, forks(1.001, 0.999, 1.002), CLASSIFY, forks(1.08, 1.11, 1.05));
    round("base", "run-3", CLASSIFY, forks(0.99, 1.02, 1.00));
    round("head", "run-4", CLASSIFY, forks(1.09, 1.07, 1.10));

    RunComparison comparison = compare(TWO);

    assertThat(comparison.counts().notPassed()).isZero();
    assertThat(row(comparison, EMBED).verdict()).isEqualTo(Verdict.UNCHANGED);
    assertThat(row(comparison, CLASSIFY).verdict()).isEqualTo(Verdict.REGRESSED);
    assertThat(comparison.summaryLine()).endsWith("9 vs 9 JVM runs used");
  }

  @Test
  @DisplayName(
      "an undecided scenario a later current round lacks failed there: the comparison fails closed")
  void undecidedAndLost() throws Exception {
    round("base", "run-1", EMBED, forks(1.000, 1.003, 0.998), CLASSIFY, forks(1.00, 1.08, 0.93));
    round("head", "run-2", EMBED, forks(1.001, 0.999, 1.002), CLASSIFY, forks(1.02, 1.10, 0.95));
    round("base", "run-3", EMBED, forks(1.0, 1.01, 0.99), CLASSIFY, forks(0.99, 1.06, 0.94));
    round("head", "run-4", EMBED, forks(1.0, 1.01, 0.99));

    RunComparison comparison = compare(TWO);

    RunComparison.Row classify = row(comparison, CLASSIFY);
    assertThat(classify.kind()).isEqualTo(RunComparison.Kind.NOT_PASSED);
    assertThat(classify.lost()).isTrue();
    assertThat(classify.after().error())
        .isEqualTo(
            "not in round 2 of 2 while still undecided: that run ended before this scenario did");
    assertThat(comparison.regressed()).isTrue();
    assertThat(row(comparison, EMBED).verdict()).isEqualTo(Verdict.UNCHANGED);
  }

  @Test
  @DisplayName(
      "sides with different round counts, more rounds than the maximum, or a run folder instead of"
          + " rounds are refused, each naming the fix")
  void badInput() {
    round("base", "run-1", EMBED, forks(1.0, 1.01, 0.99));
    round("head", "run-2", EMBED, forks(1.0, 1.01, 0.99));
    round("base", "run-3", EMBED, forks(1.0, 1.01, 0.99));

    assertThatThrownBy(() -> compare(TWO))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("sequential rounds come in pairs (base, head)");

    round("head", "run-4", EMBED, forks(1.0, 1.01, 0.99));
    round("base", "run-5", EMBED, forks(1.0, 1.01, 0.99));
    round("head", "run-6", EMBED, forks(1.0, 1.01, 0.99));
    assertThatThrownBy(() -> compare(TWO))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("holds 3 rounds, more than --max-rounds 2");

    Path single = tempDir.resolve("base").resolve("run-1");
    assertThatThrownBy(
            () ->
                RunComparison.of(
                    single,
                    tempDir.resolve("head"),
                    RegressionRule.DEFAULT,
                    BaselineMatch.ANY,
                    TWO))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("is not a folder of rounds; a sequential decision (--max-rounds)");
  }

  @Test
  @DisplayName("--min-rounds without --max-rounds, and a maximum below the minimum, are refused")
  void badDesign() throws Exception {
    assertThat(CompareAction.design("--min-rounds", null, "--max-rounds", null)).isNull();
    assertThat(CompareAction.design("--min-rounds", null, "--max-rounds", 4))
        .isEqualTo(new SequentialRounds(1, 4));
    assertThatThrownBy(() -> CompareAction.design("--min-rounds", 2, "--max-rounds", null))
        .hasMessage(
            "--min-rounds 2 needs --max-rounds: the sequential decision is made over at most"
                + " --max-rounds rounds a side (e.g. 4)");
    assertThatThrownBy(() -> CompareAction.design("--min-rounds", 3, "--max-rounds", 2))
        .hasMessageStartingWith("--min-rounds 3 --max-rounds 2: the most rounds must be from");
    // A maximum alone is named alone.
    assertThatThrownBy(() -> CompareAction.design("--min-rounds", null, "--max-rounds", 0))
        .hasMessageStartingWith("--max-rounds 0: ");
  }
}
