package dev.junitbench.reports.compare;

import static dev.junitbench.reports.Fixtures.CLASSIFY;
import static dev.junitbench.reports.Fixtures.EMBED;
import static dev.junitbench.reports.Fixtures.params;
import static dev.junitbench.reports.Fixtures.passed;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.junitbench.config.BaselineMatch;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.Status;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("compare: two runs, scenario by scenario")
class RunComparisonTests {

  @TempDir Path tempDir;

  private Path baseline() {
    return RunFolders.write(
        tempDir,
        "run-base",
        List.of(
            passed(EMBED, params("batch_size", 1), 1, 100, 7e6),
            passed(EMBED, params("batch_size", 8), 2, 100, 44e6),
            passed(EMBED, params("batch_size", 32), 3, 100, 170e6),
            passed(CLASSIFY, params("batch_size", 1), 4, 100, 350e6),
            RunFolders.ended(CLASSIFY, params("batch_size", 8), Status.ABORTED, "no GPU"),
            passed(CLASSIFY, params("batch_size", 64), 5, 100, 9e9)));
  }

  /**
   * The current run: ids in another order, batch 8 12% slower, batch 32 10% faster, one added, one
   * removed.
   */
  private Path current() {
    return RunFolders.write(
        tempDir,
        "run-now",
        List.of(
            passed(CLASSIFY, params("batch_size", 128), 11, 100, 20e9),
            passed(EMBED, params("batch_size", 32), 12, 100, 153e6),
            passed(EMBED, params("batch_size", 8), 13, 100, 44e6 * 1.12),
            passed(EMBED, params("batch_size", 1), 14, 100, 7e6),
            passed(CLASSIFY, params("batch_size", 1), 15, 100, 350e6),
            passed(CLASSIFY, params("batch_size", 8), 16, 100, 2e9)));
  }

  @Test
  @DisplayName("matches on benchmark and params, never on the result id, and calls each change")
  void verdicts() throws Exception {
    RunComparison comparison = RunComparison.of(baseline(), current(), RegressionRule.DEFAULT);
    assertThat(comparison.counts()).isEqualTo(new RunComparison.Counts(1, 1, 2, 0, 1, 1, 1, 0));
    assertThat(comparison.summaryLine())
        .isEqualTo(
            "1 regressed, 1 improved, 2 unchanged: 4 of 6 scenarios judged;"
                + " NOT JUDGED: 2 (1 not in the baseline, 1 not passed); 1 baseline scenario not run");
    assertThat(comparison.regressed()).isTrue();

    RunComparison.Row first = comparison.rows().get(0);
    assertThat(first.verdict()).as("regressions first").isEqualTo(Verdict.REGRESSED);
    assertThat(first.key().params()).containsEntry("batch_size", "8");
    assertThat(first.latency().ratio()).isBetween(1.10, 1.14);
    assertThat(first.latency().ci95Low()).isGreaterThan(1.05);
    assertThat(first.latency().pValue()).isLessThan(1e-10);
    assertThat(first.latency().test()).isEqualTo("mann-whitney-u");
    assertThat(first.throughputRatio()).as("throughput: higher is better").isLessThan(1);

    RunComparison.Row faster = comparison.rows().get(1);
    assertThat(faster.verdict()).isEqualTo(Verdict.IMPROVED);
    assertThat(faster.key().params()).containsEntry("batch_size", "32");
    assertThat(faster.throughputRatio()).isGreaterThan(1);

    assertThat(comparison.rows())
        .filteredOn(r -> r.kind() == RunComparison.Kind.ADDED)
        .singleElement()
        .satisfies(r -> assertThat(r.key().params()).containsEntry("batch_size", "128"));
    assertThat(comparison.rows())
        .filteredOn(r -> r.kind() == RunComparison.Kind.REMOVED)
        .singleElement()
        .satisfies(r -> assertThat(r.key().params()).containsEntry("batch_size", "64"));
    assertThat(comparison.rows())
        .filteredOn(r -> r.kind() == RunComparison.Kind.NOT_PASSED)
        .singleElement()
        .satisfies(r -> assertThat(r.before().status()).isEqualTo(Status.ABORTED));
    assertThat(comparison.method())
        .contains("Mann-Whitney U")
        .contains("Price-Bonett")
        .contains("p < 0.01")
        .contains("5.0%");
  }

  @Test
  @DisplayName(
      "a scenario measured in the baseline that fails now counts against the run, like a regression; one aborted now is NOT JUDGED")
  void lost() throws Exception {
    Path base = baseline();
    Path broken =
        RunFolders.write(
            tempDir,
            "run-broken",
            List.of(
                passed(EMBED, params("batch_size", 1), 21, 100, 7e6),
                RunFolders.ended(
                    EMBED,
                    params("batch_size", 8),
                    Status.FAILED,
                    "java.lang.OutOfMemoryError: Java heap space"),
                RunFolders.ended(EMBED, params("batch_size", 32), Status.ABORTED, "no GPU")));
    RunComparison comparison = RunComparison.of(base, broken, RegressionRule.DEFAULT);
    assertThat(comparison.counts().lost())
        .as("the failed one; the aborted one is not judged")
        .isEqualTo(1);
    assertThat(comparison.regressed()).isTrue();
    assertThat(comparison.summaryLine())
        .isEqualTo(
            "0 regressed, 0 improved, 1 unchanged: 1 of 3 scenarios judged;"
                + " NOT JUDGED: 2 (2 not passed (1 failed, measured in the baseline)); 3 baseline scenarios not run");
    assertThat(comparison.rows().get(0).lost()).as("first").isTrue();
    assertThat(ComparisonText.render(comparison)).contains("no longer passes (passed -> failed)");
    assertThat(ComparisonMarkdown.render(comparison))
        .startsWith(":red_circle: **0 regressed, 0 improved");

    Path aborted =
        RunFolders.write(
            tempDir,
            "run-aborted",
            List.of(
                passed(EMBED, params("batch_size", 1), 21, 100, 7e6),
                RunFolders.ended(EMBED, params("batch_size", 32), Status.ABORTED, "no GPU")));
    RunComparison notHere = RunComparison.of(base, aborted, RegressionRule.DEFAULT);
    assertThat(notHere.regressed()).as("aborted here: not judged, as in the gate").isFalse();
    assertThat(ComparisonMarkdown.render(notHere))
        .startsWith(":warning: **0 regressed, 0 improved, 1 unchanged: 1 of 2");
    assertThat(
            RunComparison.of(base, aborted, RegressionRule.DEFAULT, BaselineMatch.ALL).regressed())
        .as("--match all")
        .isTrue();
  }

  @Test
  @DisplayName("refuses a baseline that measured none of the run's scenarios, as the gate does")
  void baselineMeasuredNothing() throws Exception {
    Path none =
        RunFolders.write(
            tempDir,
            "run-none",
            List.of(RunFolders.ended(EMBED, params("batch_size", 1), Status.SKIPPED, "dry run")));
    Path now =
        RunFolders.write(
            tempDir, "run-now", List.of(passed(EMBED, params("batch_size", 1), 21, 100, 7e6)));
    assertThatThrownBy(() -> RunComparison.of(none, now, RegressionRule.DEFAULT))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("have no scenario in common, so nothing would be" + " judged");
  }

  @Test
  @DisplayName(
      "forked on both sides, compares fork medians with Welch's t-test and says so; unforked, says the between-run variance is unknown")
  void forked() throws Exception {
    long[] fast = RunFolders.around(7_000_000, 40);
    Path base =
        RunFolders.write(
            tempDir,
            "run-forked-a",
            List.of(
                RunFolders.forked(
                    EMBED,
                    params("batch_size", 1),
                    scaled(fast, 1.00),
                    scaled(fast, 1.02),
                    scaled(fast, 0.99),
                    scaled(fast, 1.01),
                    scaled(fast, 0.98))));
    Path now =
        RunFolders.write(
            tempDir,
            "run-forked-b",
            List.of(
                RunFolders.forked(
                    EMBED,
                    params("batch_size", 1),
                    scaled(fast, 1.20),
                    scaled(fast, 1.22),
                    scaled(fast, 1.19),
                    scaled(fast, 1.21),
                    scaled(fast, 1.18))));
    RunComparison comparison = RunComparison.of(base, now, RegressionRule.DEFAULT);
    RunComparison.Row row = comparison.rows().get(0);
    assertThat(row.latency().test()).isEqualTo(Comparison.WELCH);
    assertThat(row.latency().baselineCount()).isEqualTo(5);
    assertThat(row.verdict()).isEqualTo(Verdict.REGRESSED);
    assertThat(row.latency().ratio()).isCloseTo(1.20, within(0.001));
    assertThat(comparison.method())
        .contains("1 scenario forked in both runs: Welch's t-test on the log fork medians")
        .doesNotContain("Mann-Whitney");
    String text = ComparisonText.render(comparison);
    assertThat(text).contains("+20.0%");

    RunComparison unforked = RunComparison.of(baseline(), current(), RegressionRule.DEFAULT);
    assertThat(unforked.rows().get(0).latency().note())
        .isEqualTo("unforked: between-JVM variance unknown");
    assertThat(unforked.method()).contains("not between runs (fork both runs to measure it)");
    Path single =
        RunFolders.write(
            tempDir, "run-single", List.of(passed(EMBED, params("batch_size", 1), 1, 100, 7e6)));
    RunComparison oneForked = RunComparison.of(single, now, RegressionRule.DEFAULT);
    assertThat(oneForked.rows().get(0).latency().test()).isEqualTo(Comparison.PREDICTION);
    assertThat(oneForked.method())
        .contains(
            "1 scenario forked in one run only: the other run's JVM (or two) judged"
                + " against the forked run's spread")
        .doesNotContain("Mann-Whitney");
  }

  private static long[] scaled(long[] samples, double factor) {
    long[] scaled = new long[samples.length];
    for (int i = 0; i < samples.length; i++) {
      scaled[i] = Math.round(samples[i] * factor);
    }
    return scaled;
  }

  @Test
  @DisplayName("a side without samples.csv is compared on medians and intervals, and says so")
  void summariesOnly() throws Exception {
    Path base = baseline();
    Files.delete(base.resolve("samples.csv"));
    RunComparison comparison =
        RunComparison.of(base.resolve("results.json"), current(), RegressionRule.DEFAULT);
    assertThat(comparison.baselineHasSamples()).isFalse();
    assertThat(comparison.rows().get(0).latency().test()).isEqualTo("wald-log-median-ratio");
    assertThat(comparison.rows().get(0).verdict()).isEqualTo(Verdict.REGRESSED);
    assertThat(comparison.method())
        .contains("Wald test")
        .contains(base.resolve("samples.csv") + " is missing");
  }

  @Test
  @DisplayName("a looser rule calls fewer changes")
  void rule() throws Exception {
    RunComparison comparison =
        RunComparison.of(baseline(), current(), new RegressionRule(0.15, 0.01));
    assertThat(comparison.counts().regressed()).isZero();
    assertThat(comparison.counts().improved()).isZero();
    assertThat(comparison.regressed()).isFalse();
  }

  @Test
  @DisplayName("refuses runs with nothing in common, and latencies of zero, naming the files")
  void badInput() throws Exception {
    Path base = baseline();
    Path other =
        RunFolders.write(
            tempDir, "run-other", List.of(passed("com.example.Other#run", params(), 1, 10, 1e6)));
    assertThatThrownBy(() -> RunComparison.of(base, other, RegressionRule.DEFAULT))
        .isInstanceOf(BadInputException.class)
        .hasMessage(
            base.resolve("results.json").toAbsolutePath()
                + " and "
                + other.resolve("results.json").toAbsolutePath()
                + " have no scenario in common, so nothing would be judged; the baseline holds none of this run's"
                + " benchmarks (com.example.Other#run); it measured com.example.EmbeddingBenchmarks#embed,"
                + " com.example.VisionBenchmarks#classify: give the baseline of these benchmarks");

    Path zero =
        RunFolders.write(
            tempDir,
            "run-zero",
            List.of(
                RunFolders.passed(
                    EMBED, params("batch_size", 1), new long[] {0, 10, 10, 10, 10, 10, 10})));
    assertThatThrownBy(() -> RunComparison.of(base, zero, RegressionRule.DEFAULT))
        .hasMessageContaining(zero.resolve("samples.csv").toAbsolutePath() + ": result 1 (" + EMBED)
        .hasMessageContaining("has a latency of 0 ns; a ratio needs latencies above 0");
    Path zeros =
        RunFolders.write(
            tempDir,
            "run-zeros",
            List.of(RunFolders.passed(EMBED, params("batch_size", 1), new long[7])));
    assertThatThrownBy(() -> RunComparison.of(base, zeros, RegressionRule.DEFAULT))
        .hasMessageContaining(zeros.resolve("results.json").toAbsolutePath() + ": result 1")
        .hasMessageContaining("has a median latency of 0.0 ms");
  }
}
