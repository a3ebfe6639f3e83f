package dev.junitbench.reports.summary;

import static dev.junitbench.reports.Fixtures.EMBED;
import static dev.junitbench.reports.Fixtures.lognormal;
import static dev.junitbench.reports.Fixtures.params;
import static dev.junitbench.reports.summary.SummaryRuns.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.junitbench.reports.compare.RunComparison;
import dev.junitbench.results.AllocationFigures;
import dev.junitbench.results.BaselineCheck;
import dev.junitbench.results.GateResult;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.stats.AllocationRule;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.RegressionRule;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A run's summary, when allocation regressed")
class AllocationVerdictsTests {

  @TempDir Path tempDir;

  private static ScenarioResult scenario(int batch, long seed, double bytes) {
    return RunFolders.passed(EMBED, params("batch_size", batch), lognormal(seed, 100, 7e6))
        .withAlloc(new AllocationFigures(bytes, null, 100, 1, null, null, null, null, null, null));
  }

  @Test
  @DisplayName("with a baseline comparison: leads with allocation and names the scenario")
  void compared() throws Exception {
    Path base =
        RunFolders.write(tempDir, "run-base", List.of(scenario(1, 1, 1024), scenario(8, 2, 512)));
    Path now =
        RunFolders.write(tempDir, "run-now", List.of(scenario(1, 1, 2048), scenario(8, 2, 512)));
    RunComparison comparison = RunComparison.of(read(base), read(now), RegressionRule.DEFAULT);
    Verdicts verdicts = RunSummary.of(List.of(read(now)), comparison).verdicts();
    assertThat(verdicts.failed()).isTrue();
    assertThat(verdicts.line()).startsWith("allocation: 1 regressed, 0 improved, 1 unchanged");
    assertThat(verdicts.changes())
        .extracting(Verdicts.Change::scenario, Verdicts.Change::words)
        .containsExactly(
            tuple(
                "EmbeddingBenchmarks.embed [batch_size=1]",
                "unchanged, allocation regressed: 1 KB/op -> 2 KB/op (+100.0%, +1 KB/op)"));
  }

  @Test
  @DisplayName("without one: the allocation verdicts the gate recorded")
  void recorded() throws Exception {
    RegressionRule rule = RegressionRule.DEFAULT;
    List<ScenarioResult> results = new ArrayList<>();
    long[] samples = lognormal(1, 100, 7e6);
    Comparison same = Comparison.ofSamples(samples, samples.length, samples, samples.length, rule);
    double[][] bytes = {{1024, 2048}, {512, 512}};
    for (int i = 0; i < bytes.length; i++) {
      BaselineCheck check =
          new BaselineCheck(
              "base/results.json",
              "run-base",
              true,
              0.0,
              same,
              rule,
              null,
              AllocationRule.DEFAULT.judge(bytes[i][0], bytes[i][1]));
      ScenarioResult result =
          RunFolders.passed(EMBED, params("batch_size", i + 1), samples)
              .withGate(new GateResult(check.allocationRegressed(), "allocation", check, null));
      results.add(check.allocationRegressed() ? result.ended(Status.FAILED, "allocation") : result);
    }
    Path run = RunFolders.write(tempDir, "run-gated", results, "ci-1");
    Verdicts verdicts = RunSummary.of(List.of(read(run)), null).verdicts();
    assertThat(verdicts.failed()).isTrue();
    assertThat(verdicts.line())
        .isEqualTo(
            "allocation: 1 regressed, 0 improved, 1 unchanged; latency: 0 regressed, 0 improved,"
                + " 2 unchanged");
    assertThat(verdicts.changes())
        .extracting(Verdicts.Change::words)
        .containsExactly("unchanged, allocation regressed: 1 KB/op -> 2 KB/op (+100.0%, +1 KB/op)");
  }
}
