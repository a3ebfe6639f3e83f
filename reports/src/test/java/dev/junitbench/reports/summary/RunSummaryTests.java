package dev.junitbench.reports.summary;

import static dev.junitbench.reports.Fixtures.CLASSIFY;
import static dev.junitbench.reports.Fixtures.EMBED;
import static dev.junitbench.reports.Fixtures.lognormal;
import static dev.junitbench.reports.Fixtures.params;
import static dev.junitbench.reports.Fixtures.passed;
import static dev.junitbench.reports.summary.SummaryRuns.NO_CUDA;
import static dev.junitbench.reports.summary.SummaryRuns.cuda;
import static dev.junitbench.reports.summary.SummaryRuns.ended;
import static dev.junitbench.reports.summary.SummaryRuns.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.junitbench.reports.compare.RunComparison;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.results.Validity;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.Verdict;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A run's summary")
class RunSummaryTests {

  @TempDir Path tempDir;

  @Test
  @DisplayName(
      "says in one line how many benchmarks and scenarios ran, which did not and why, where and for"
          + " how long")
  void line() throws Exception {
    Path run = SummaryRuns.current(tempDir, "run-a", 1, 1);
    RunSummary summary = RunSummary.of(List.of(read(run)), null);
    assertThat(summary.line())
        .isEqualTo(
            "2 benchmarks, 6 scenarios measured, 2 not run (2 aborted: "
                + NO_CUDA
                + "), on host ci-1 (2 cores), 1 min 0 s");
    assertThat(summary.notRun())
        .singleElement()
        .satisfies(
            group -> {
              assertThat(group.status()).isEqualTo("aborted");
              assertThat(group.reason()).isEqualTo(NO_CUDA);
              assertThat(group.scenarios())
                  .containsExactly(
                      "EmbeddingBenchmarks.embed [device=cuda, batch_size=1, mode=eager]",
                      "EmbeddingBenchmarks.embed [device=cuda, batch_size=8, mode=eager]");
            });
    assertThat(summary.runs()).containsExactly("run-a");
    assertThat(summary.hasBaseline()).isFalse();
  }

  @Test
  @DisplayName(
      "names the largest groups of scenarios not run, their reasons shortened, and counts the rest")
  void reasons() throws Exception {
    String longReason = "java.lang.IllegalStateException: " + "the engine refused ".repeat(40);
    List<ScenarioResult> results = new ArrayList<>();
    results.add(passed(EMBED, params("batch_size", 1), 1, 20, 7e6));
    for (int i = 0; i < 3; i++) {
      results.add(ended(EMBED, cuda("batch_size", i), Status.ABORTED, NO_CUDA));
    }
    results.add(ended(EMBED, params("batch_size", 2), Status.FAILED, longReason));
    results.add(ended(EMBED, params("batch_size", 3), Status.FAILED, longReason));
    results.add(ended(CLASSIFY, params("batch_size", 4), Status.SKIPPED, "disabled on CI"));
    results.add(ended(CLASSIFY, params("batch_size", 5), Status.FAILED, "out of memory"));
    results.add(ended(CLASSIFY, params("batch_size", 6), Status.FAILED, "no such model"));
    Path run = RunFolders.write(tempDir, "run-b", results, "ci-2");
    RunSummary summary = RunSummary.of(List.of(read(run)), null);
    String shortened = summary.notRun().get(1).shortReason();
    assertThat(shortened)
        .hasSizeLessThanOrEqualTo(NotRun.SHORT_REASON)
        .startsWith("java.lang.IllegalStateException: the engine refused")
        .endsWith("…");
    assertThat(summary.line())
        .isEqualTo(
            "2 benchmarks, 1 scenario measured, 8 not run (3 aborted: "
                + NO_CUDA
                + "; 2 failed: "
                + shortened
                + "; 1 skipped: disabled on CI; and 2 more for 2 other reasons), on host ci-2 (2"
                + " cores), 1 min 0 s");
  }

  @Test
  @DisplayName("reads durations as people do")
  void durations() {
    assertThat(RunLine.duration(Duration.ofMillis(800))).isEqualTo("0.8 s");
    assertThat(RunLine.duration(Duration.ofSeconds(42))).isEqualTo("42 s");
    assertThat(RunLine.duration(Duration.ofSeconds(272))).isEqualTo("4 min 32 s");
    assertThat(RunLine.duration(Duration.ofMinutes(125))).isEqualTo("2 h 5 min");
  }

  @Test
  @DisplayName(
      "with a baseline comparison: the counts as compare says them, the regressed first, then the"
          + " improved, each with its change, interval and whether unforked")
  void comparedVerdicts() throws Exception {
    Path base = SummaryRuns.baseline(tempDir);
    Path current = SummaryRuns.current(tempDir, "run-now", 1.2, 0.8);
    RunComparison comparison = RunComparison.of(read(base), read(current), RegressionRule.DEFAULT);
    RunSummary summary = RunSummary.of(List.of(read(current)), comparison);
    Verdicts verdicts = summary.verdicts();
    assertThat(verdicts.line())
        .isEqualTo(comparison.summaryLine())
        .isEqualTo(
            "1 regressed, 1 improved, 3 unchanged: 5 of 8 scenarios judged; NOT JUDGED: 3 (3 not in"
                + " the baseline)");
    assertThat(verdicts.failed()).isTrue();
    assertThat(verdicts.baseline()).isEqualTo("run-base");
    assertThat(verdicts.changes())
        .extracting(Verdicts.Change::scenario)
        .first()
        .isEqualTo("EmbeddingBenchmarks.embed [batch_size=8]");
    assertThat(verdicts.changes())
        .extracting(change -> change.verdict().verdict())
        .containsExactly(Verdict.REGRESSED, Verdict.IMPROVED);
    Verdicts.Change worst = verdicts.largest();
    assertThat(worst.scenario()).isEqualTo("EmbeddingBenchmarks.embed [batch_size=8]");
    assertThat(worst.verdict().change()).matches("\\+(19|20|21)\\.\\d%");
    assertThat(worst.verdict().interval()).matches("\\[\\+\\d+\\.\\d%, \\+\\d+\\.\\d%]");
    assertThat(worst.verdict().unforked()).isTrue();
    assertThat(verdicts.method()).contains("Mann-Whitney U");
    BenchmarkTable embed = summary.benchmarks().get(0);
    assertThat(embed.rows())
        .extracting(row -> row.verdict().kind())
        .containsExactly("unchanged", "regressed", "improved");
    assertThat(embed.rows().get(1).verdict().text())
        .matches("\\+\\d+\\.\\d% regressed \\(unforked\\)");
  }

  @Test
  @DisplayName(
      "without one: the verdicts the gate recorded, counted and listed alike, the changed model first")
  void recordedVerdicts() throws Exception {
    Path run = SummaryRuns.gated(tempDir, "run-gated");
    RunSummary summary = RunSummary.of(List.of(read(run)), null);
    Verdicts verdicts = summary.verdicts();
    assertThat(verdicts.line())
        .isEqualTo(
            "1 regressed, 1 improved, 1 unchanged: 3 of 5 scenarios judged; NOT JUDGED: 2 (1 not in"
                + " the baseline, 1 not passed)");
    assertThat(verdicts.baseline()).isEqualTo(SummaryRuns.BASELINE_FILE);
    assertThat(verdicts.failed()).isTrue();
    assertThat(verdicts.modelChanges())
        .containsExactly(
            "EmbeddingBenchmarks.embed: " + SummaryRuns.MODEL_CHANGE + " in [batch_size=8]");
    assertThat(verdicts.changes())
        .extracting(Verdicts.Change::scenario, Verdicts.Change::words)
        .containsExactly(
            tuple("EmbeddingBenchmarks.embed [batch_size=8]", "regressed"),
            tuple("EmbeddingBenchmarks.embed [batch_size=32]", "improved"));
    ScenarioVerdict regressed = verdicts.largest().verdict();
    assertThat(regressed.change()).matches("\\+(19|20|21)\\.\\d%");
    assertThat(regressed.unforked()).isTrue();
    assertThat(regressed.gateFailed()).isTrue();
    assertThat(regressed.modelChanged()).isTrue();
    assertThat(regressed.text()).matches("model changed, \\+\\d+\\.\\d% regressed \\(unforked\\)");
    assertThat(verdicts.method()).contains("gate").contains("change > 5% and p < 0.01");
    BenchmarkTable classify = summary.benchmarks().get(1);
    assertThat(classify.rows().get(0).verdict().text()).isEqualTo("NOT JUDGED: not in baseline");
    assertThat(classify.rows().get(0).verdict().kind()).isEqualTo("not_judged");
  }

  @Test
  @DisplayName(
      "names each row by the params that vary within its benchmark, those alike said once; a forked"
          + " scenario by its interval across forks")
  void shortenedParams() throws Exception {
    Path run = SummaryRuns.current(tempDir, "run-c", 1, 1);
    RunSummary summary = RunSummary.of(List.of(read(run)), null);
    assertThat(summary.benchmarks())
        .extracting(BenchmarkTable::name, BenchmarkTable::shared, BenchmarkTable::varying)
        .containsExactly(
            tuple("EmbeddingBenchmarks.embed", "device=cpu, mode=eager", List.of("batch_size")),
            tuple("VisionBenchmarks.classify", "device=cpu, batch_size=1", List.of("mode")));
    assertThat(summary.benchmarks().get(0).rows())
        .extracting(BenchmarkTable.Row::scenario)
        .containsExactly("batch_size=1", "batch_size=8", "batch_size=32");
    BenchmarkTable.Row first = summary.benchmarks().get(0).rows().get(0);
    assertThat(first.median()).matches("\\d\\.\\d{3} ms");
    assertThat(first.ci()).matches("\\[\\d\\.\\d{3}, \\d\\.\\d{3}] ms");
    assertThat(first.forks()).isEmpty();
    assertThat(first.throughput()).endsWith("samples/s");
    assertThat(first.verdict().text()).isEmpty();

    Path forked =
        RunFolders.write(
            tempDir,
            "run-forked",
            List.of(
                RunFolders.forked(
                    EMBED,
                    params("batch_size", 1),
                    lognormal(1, 40, 7e6),
                    lognormal(2, 40, 7.2e6),
                    lognormal(3, 40, 6.9e6))));
    ScenarioResult result = read(forked).results().get(0);
    BenchmarkTable.Row row =
        RunSummary.of(List.of(read(forked)), null).benchmarks().get(0).rows().get(0);
    assertThat(row.forks()).isEqualTo("3");
    assertThat(row.medianMs()).isEqualTo(result.forks().medianMs());
    assertThat(row.ci())
        .isEqualTo(
            BenchmarkTable.interval(
                result.forks().ci95Low(), result.forks().ci95High(), result.forks().medianMs()));
    assertThat(row.scenario()).isEmpty();
  }

  @Test
  @DisplayName(
      "never calls a plain latency run of 10 iterations INVALID: it says which percentile the count"
          + " does not support; INVALID only where a minimum was set")
  void validity() throws Exception {
    ScenarioResult few = passed(EMBED, params("batch_size", 1), 1, 10, 7e6);
    long[] samples = lognormal(2, 10, 7e6);
    ScenarioResult belowMinimum =
        RunFolders.passed(EMBED, params("batch_size", 8), samples)
            .withValidity(Validity.of(samples, 70, 100L, null));
    Path run = RunFolders.write(tempDir, "run-few", List.of(few, belowMinimum));
    RunSummary summary = RunSummary.of(List.of(read(run)), null);
    BenchmarkTable.Row plain = summary.benchmarks().get(0).rows().get(0);
    assertThat(plain.invalid()).isFalse();
    assertThat(plain.validity()).isEqualTo("p99 needs 662 samples; 10 measured");
    assertThat(plain.p99Note()).isEqualTo(plain.validity());
    BenchmarkTable.Row minimum = summary.benchmarks().get(0).rows().get(1);
    assertThat(minimum.invalid()).isTrue();
    assertThat(minimum.validity()).startsWith("INVALID: ").contains("minimum of 100");

    Path onlyFew = RunFolders.write(tempDir, "run-only-few", List.of(few));
    RunSummary plainSummary = RunSummary.of(List.of(read(onlyFew)), null);
    assertThat(RunMarkdown.render(plainSummary)).doesNotContain("INVALID").contains("\\*");
    assertThat(plainSummary.line()).doesNotContain("INVALID");
  }
}
