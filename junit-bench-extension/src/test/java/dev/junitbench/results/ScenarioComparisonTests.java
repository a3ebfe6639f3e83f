package dev.junitbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.Verdict;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The test that compares a scenario with its baseline")
class ScenarioComparisonTests {

  private static final Map<String, Object> PARAMS = Map.of("device", "cpu");

  private static long[] constant(long value) {
    long[] samples = new long[20];
    Arrays.fill(samples, value);
    return samples;
  }

  private static ScenarioResult forked(long... medians) {
    long[][] forks = Arrays.stream(medians).mapToObj(ScenarioComparisonTests::constant).toArray(long[][]::new);
    return RunFolders.forked("a.B#c", PARAMS, forks);
  }

  @Test
  @DisplayName("is Welch's on the fork medians when both runs are forked")
  void welch() {
    ScenarioResult before = forked(1_000, 1_010, 990);
    ScenarioResult now = forked(1_200, 1_210, 1_190);
    Comparison comparison = ScenarioComparison.of(before, before.samplesNs(), now, now.samplesNs(), RegressionRule.DEFAULT);
    assertThat(comparison.test()).isEqualTo(Comparison.WELCH);
    assertThat(comparison.verdict()).isEqualTo(Verdict.REGRESSED);
    assertThat(comparison.note()).isNull();
  }

  @Test
  @DisplayName("falls back to the pooled samples when fork medians have no spread, so a change is still judged")
  void noSpread() {
    ScenarioResult before = forked(1_000, 1_000, 1_000);
    ScenarioResult now = forked(1_200, 1_200, 1_200);
    Comparison comparison = ScenarioComparison.of(before, before.samplesNs(), now, now.samplesNs(), RegressionRule.DEFAULT);
    assertThat(comparison.test()).startsWith("mann-whitney-u");
    assertThat(comparison.verdict()).isEqualTo(Verdict.REGRESSED);
    assertThat(comparison.note()).contains("compared on the pooled samples; between-JVM variance unknown");
  }

  @Test
  @DisplayName("says the between-run variance is unknown when a side ran in fewer than 2 forks")
  void oneFork() {
    ScenarioResult before = forked(1_000);
    ScenarioResult now = forked(1_200, 1_210, 1_190);
    Comparison comparison = ScenarioComparison.of(before, before.samplesNs(), now, now.samplesNs(), RegressionRule.DEFAULT);
    assertThat(comparison.test()).startsWith("mann-whitney-u");
    assertThat(comparison.note()).isEqualTo("the baseline is not forked in 2 JVMs or more: between-JVM variance unknown"
        + " (fork both to measure it)");
  }
}
