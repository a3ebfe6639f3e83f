package dev.junitbench.gate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.results.BaselineCheck;
import dev.junitbench.results.GateResult;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.JvmRuns;
import dev.junitbench.stats.RegressionRule;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The gate's account of a run")
class GateSummaryTests {

  private static final String SPIN = "dev.example.SpinBenchmarks#spin";
  private static final String FILE = "/runs/run-base/results.json";

  private static ScenarioResult gated(int batch, BaselineCheck check) {
    return RunFolders.passed(SPIN, Map.of("batch_size", batch), RunFolders.around(1_000_000, 30))
        .withGate(new GateResult(false, "gate", check, null));
  }

  private static BaselineCheck judged(double ratio) {
    Comparison comparison =
        Comparison.ofForks(
            new double[] {1.0, 1.01, 0.99},
            new double[] {ratio, ratio * 1.01, ratio * 0.99},
            RegressionRule.DEFAULT);
    return new BaselineCheck(
        FILE, "run-base", true, ratio - 1, comparison, RegressionRule.DEFAULT, null);
  }

  private static BaselineCheck absent() {
    return new BaselineCheck(
        FILE,
        "run-base",
        false,
        null,
        null,
        RegressionRule.DEFAULT,
        "NOT JUDGED: not in the baseline; nearest in the baseline [batch_size=1] (batch_size 4 here, 1 in the baseline)");
  }

  @Test
  @DisplayName(
      "counts the verdicts, every scenario not judged with why, and the baseline's scenarios not run")
  void counts() {
    List<ScenarioResult> results =
        List.of(
            gated(1, judged(2.0)),
            gated(2, judged(1.0)),
            gated(4, absent()),
            RunFolders.ended(SPIN, Map.of("batch_size", 8), Status.ABORTED, "no GPU"));
    List<ScenarioKey> baseline =
        List.of(
            ScenarioKey.of(SPIN, Map.of("batch_size", 1)),
            ScenarioKey.of(SPIN, Map.of("batch_size", 2)),
            ScenarioKey.of(SPIN, Map.of("batch_size", 16)));
    assertThat(GateSummary.line(results, baseline, FILE))
        .isEqualTo(
            "junit-bench gate: 2 of 4 scenarios judged against "
                + FILE
                + " (1 regressed, 1 unchanged); NOT JUDGED: 2 (1 not in the baseline, 1 not measured here); 1 baseline"
                + " scenario not run");
  }

  @Test
  @DisplayName("tells JVMs on two levels from a change of alike JVMs the forks do not show")
  void whyNotJudged() {
    double[] forks = {10.21, 10.53, 9.87, 10.92, 10.14};
    Comparison bimodal =
        JvmRuns.compareAlike(
            16.2,
            27.0,
            new double[] {16.1, 27.3, 15.9, 16.4, 27.5, 16.0},
            true,
            RegressionRule.DEFAULT);
    Comparison unconfirmed = JvmRuns.compareAlike(10.0, 30.0, forks, true, RegressionRule.DEFAULT);
    List<ScenarioResult> results =
        List.of(
            gated(1, judged(1.0)),
            gated(
                2,
                new BaselineCheck(
                    FILE, "run-base", true, null, bimodal, RegressionRule.DEFAULT, bimodal.note())),
            gated(
                4,
                new BaselineCheck(
                    FILE,
                    "run-base",
                    true,
                    null,
                    unconfirmed,
                    RegressionRule.DEFAULT,
                    unconfirmed.note())));
    assertThat(GateSummary.line(results, results.stream().map(ScenarioResult::key).toList(), FILE))
        .isEqualTo(
            "junit-bench gate: 1 of 3 scenarios judged against "
                + FILE
                + " (1 unchanged); NOT JUDGED: 2"
                + " (1 JVMs bimodal, 1 not confirmed by the forks)");
  }

  @Test
  @DisplayName("begins NOT JUDGED when it judged nothing")
  void nothingJudged() {
    List<ScenarioResult> results = List.of(gated(4, absent()));
    assertThat(
            GateSummary.line(results, List.of(ScenarioKey.of(SPIN, Map.of("batch_size", 1))), FILE))
        .isEqualTo(
            "NOT JUDGED: junit-bench gate: 0 of 1 scenario judged against "
                + FILE
                + "; NOT JUDGED: 1 (1 not in"
                + " the baseline); 1 baseline scenario not run");
  }
}
