package dev.junitbench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
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
    long[][] forks =
        Arrays.stream(medians).mapToObj(ScenarioComparisonTests::constant).toArray(long[][]::new);
    return RunFolders.forked("a.B#c", PARAMS, forks);
  }

  @Test
  @DisplayName("is Welch's on the fork medians when both runs are forked")
  void welch() {
    ScenarioResult before = forked(1_000, 1_010, 990);
    ScenarioResult now = forked(1_200, 1_210, 1_190);
    Comparison comparison =
        ScenarioComparison.of(
            before, before.samplesNs(), now, now.samplesNs(), RegressionRule.DEFAULT);
    assertThat(comparison.test()).isEqualTo(Comparison.WELCH);
    assertThat(comparison.verdict()).isEqualTo(Verdict.REGRESSED);
    assertThat(comparison.note()).isNull();
  }

  @Test
  @DisplayName(
      "falls back to the pooled samples when fork medians have no spread, so a change is still judged")
  void noSpread() {
    ScenarioResult before = forked(1_000, 1_000, 1_000);
    ScenarioResult now = forked(1_200, 1_200, 1_200);
    Comparison comparison =
        ScenarioComparison.of(
            before, before.samplesNs(), now, now.samplesNs(), RegressionRule.DEFAULT);
    assertThat(comparison.test()).startsWith("mann-whitney-u");
    assertThat(comparison.verdict()).isEqualTo(Verdict.REGRESSED);
    assertThat(comparison.note())
        .contains("compared on the pooled samples; between-JVM variance unknown");
  }

  @Test
  @DisplayName(
      "judges a side of one JVM against the spread of the other side's forks: the prediction interval of one more JVM")
  void oneFork() {
    ScenarioResult before = forked(1_000);
    ScenarioResult now = forked(1_200, 1_210, 1_190);
    Comparison comparison =
        ScenarioComparison.of(
            before, before.samplesNs(), now, now.samplesNs(), RegressionRule.DEFAULT);
    assertThat(comparison.test()).isEqualTo(Comparison.PREDICTION);
    assertThat(comparison.verdict()).isEqualTo(Verdict.REGRESSED);
    assertThat(comparison.baselineCount()).isEqualTo(1);
    assertThat(comparison.currentCount()).isEqualTo(3);
    assertThat(comparison.countUnit()).isEqualTo("JVMs");
    assertThat(comparison.note()).isNull();
  }

  @Test
  @DisplayName("marks a verdict of one JVM against one JVM unforked, first in its note")
  void unforked() {
    ScenarioResult before = RunFolders.passed("a.B#c", PARAMS, RunFolders.around(1_000_000, 30));
    ScenarioResult now = RunFolders.passed("a.B#c", PARAMS, RunFolders.around(1_300_000, 30));
    Comparison comparison =
        ScenarioComparison.of(
            before, before.samplesNs(), now, now.samplesNs(), RegressionRule.DEFAULT);
    assertThat(comparison.test()).startsWith("mann-whitney-u");
    assertThat(comparison.betweenJvms()).isFalse();
    assertThat(comparison.note()).isEqualTo("unforked: between-JVM variance unknown");
  }

  @Test
  @DisplayName("does not judge a side whose forks fell on two levels, naming how many were slow")
  void bimodal() {
    ScenarioResult before = forked(1_000, 1_010, 990, 1_005);
    ScenarioResult now = forked(1_000, 1_700, 1_010, 1_690, 995);
    Comparison comparison =
        ScenarioComparison.of(
            before, before.samplesNs(), now, now.samplesNs(), RegressionRule.DEFAULT);
    assertThat(comparison.verdict()).isEqualTo(Verdict.NOT_JUDGED);
    assertThat(comparison.pValue()).isNull();
    assertThat(comparison.note())
        .startsWith("not judged: JVMs bimodal (2 of 5 slow, 67% apart) in the current run");
  }

  @Test
  @DisplayName(
      "does not call a change unchanged when no test was possible: too few samples on a side is NOT JUDGED")
  void untested() {
    ScenarioResult before =
        RunFolders.passed("a.B#c", PARAMS, new long[] {1_000_000, 1_010_000, 990_000});
    ScenarioResult now = RunFolders.passed("a.B#c", PARAMS, RunFolders.around(1_300_000, 30));
    Comparison comparison = ScenarioComparison.of(before, null, now, null, RegressionRule.DEFAULT);
    assertThat(comparison.verdict()).isEqualTo(Verdict.NOT_JUDGED);
    assertThat(comparison.ratio()).isGreaterThan(1.2);
    assertThat(comparison.note())
        .startsWith(
            "not judged: no test possible (unforked: between-JVM variance unknown;"
                + " fewer than 6 samples on a side: no interval, no test)");
  }
}
