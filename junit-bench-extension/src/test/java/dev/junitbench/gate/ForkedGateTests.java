package dev.junitbench.gate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.Benchmark;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import dev.junitbench.config.Defaults;
import dev.junitbench.gate.GateTests.GateTestCases;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.JvmRuns;
import dev.junitbench.stats.Verdict;
import dev.junitbench.testkit.BenchmarkTestKit;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The regression gate inside JUnit, forked")
class ForkedGateTests {

  private static final String SPIN = GateTests.SPIN;

  @TempDir Path tempDir;

  @Test
  @DisplayName("compares forked runs with Welch's t-test on their fork medians, and says so")
  void forkedRuns() {
    Path base =
        RunFolders.write(
            tempDir,
            "run-forked",
            List.of(
                RunFolders.forked(
                    SPIN,
                    Map.of("device", "cpu"),
                    RunFolders.around(100_000, 30),
                    RunFolders.around(101_000, 30),
                    RunFolders.around(99_000, 30))));
    ScenarioResult result =
        GateTests.runSpin(base, "junit.bench.forks", "3").result("[device=cpu]");
    assertThat(result.forks().completed()).isEqualTo(3);
    // Welch's test on 3 forks a side; or, when a busy machine slowed some of the forks, the test of
    // two levels on
    // the JVMs of one level.
    assertThat(result.gate().baseline().comparison().test())
        .isIn(Comparison.WELCH, Comparison.LEVELS);
    assertThat(result.gate().message())
        .containsPattern(
            "\\((welch-t-log-fork-medians, 3 vs 3 forks"
                + "|student-t-log-jvm-levels, [1-3] vs [1-3] JVMs)\\)")
        .doesNotContain("variance unknown");
  }

  @Test
  @DisplayName(
      "forked against a baseline of one JVM, measures here too and judges the two alike JVMs by the forks' spread")
  void oneSideForked() {
    ScenarioResult result =
        GateTests.runSpin(GateTests.baseline(tempDir, 100_000), "junit.bench.forks", "3")
            .result("[device=cpu]");
    assertThat(result.forks().completed()).isEqualTo(3);
    assertThat(result.forks().here().count()).as("measured here too, first").isEqualTo(20);
    Comparison comparison = result.gate().baseline().comparison();
    // Alike; or not judged when a busy machine left the forks too spread to confirm what the two
    // JVMs show.
    assertThat(comparison.test()).isIn(Comparison.ALIKE, Comparison.NONE);
    assertThat(result.gate().message()).doesNotContain("variance unknown");
    if (comparison.test().equals(Comparison.ALIKE)) {
      assertThat(comparison.verdict()).as("20x slower").isEqualTo(Verdict.REGRESSED);
      assertThat(result.gate().message())
          .contains("(t-alike-jvms-fork-spread, 1 vs 1 JVMs)")
          .contains(
              "alike: both runs' JUnit JVMs, the spread between JVMs from the current run's 3 forks");
    } else {
      // Never a 20x slowdown called unchanged: only the forks' levels or their disagreement leave
      // it unjudged.
      assertThat(comparison.verdict()).isEqualTo(Verdict.NOT_JUDGED);
      assertThat(JvmRuns.notJudgedKind(comparison.note()))
          .isIn("JVMs bimodal", JvmRuns.UNCONFIRMED);
    }
  }

  @Test
  @DisplayName(
      "with a baseline and no fork count set, a scenario in the baseline forks from the default count against its baseline's JVMs, exactly 10 and here too when that was one; one not in it is not forked")
  void defaultForks() {
    Path base =
        RunFolders.write(
            tempDir,
            "run-unforked",
            List.of(
                RunFolders.passed(
                    DefaultForkTestCases.class.getName() + "#inBaseline",
                    Map.of("device", "cpu"),
                    RunFolders.around(100_000, 30))));
    BenchmarkTestKit.Outcome outcome =
        BenchmarkTestKit.with()
            .config("junit.bench.baseline", base.toString())
            .config("junit.bench.regression.threshold", "300%")
            .run(DefaultForkTestCases.class);
    ScenarioResult forked = outcome.result("inBaseline", "[device=cpu]");
    assertThat(forked.forks().planned()).isEqualTo(Defaults.forksAgainstBaseline(1)).isEqualTo(10);
    // The calibrated count against one JVM is also the most: exactly 10, a fixed count, its
    // interval uncorrected.
    assertThat(forked.forks().adaptive()).isNull();
    assertThat(forked.forks().completed()).isEqualTo(10);
    assertThat(forked.forks().method()).doesNotContain("sequential");
    // Its JUnit JVM against the baseline's, alike, by the forks' spread; or named bimodal when a
    // busy machine
    // slowed some forks.
    assertThat(forked.gate().baseline().comparison().test())
        .isIn(Comparison.ALIKE, Comparison.NONE);
    assertThat(forked.forks().here()).as("measured here too, as its baseline was").isNotNull();
    assertThat(forked.forks().here().count()).isEqualTo(5);
    ScenarioResult added = outcome.result("notInBaseline", "[device=cpu]");
    assertThat(added.forks()).as("nothing to judge it against: not forked").isNull();
    assertThat(added.gate().baseline().judged()).isFalse();
  }

  static class DefaultForkTestCases {
    @Benchmark
    @Warmup(iterations = 0)
    @Measurement(iterations = 5)
    void inBaseline() {
      GateTestCases.spin(200_000);
    }

    @Benchmark
    @Warmup(iterations = 0)
    @Measurement(iterations = 5)
    void notInBaseline() {
      GateTestCases.spin(200_000);
    }
  }
}
