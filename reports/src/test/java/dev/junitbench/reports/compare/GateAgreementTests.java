package dev.junitbench.reports.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import dev.junitbench.config.BaselineMatch;
import dev.junitbench.infra.Scenario;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.Verdict;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

/**
 * The gate inside JUnit and {@code compare} on the same two runs: the same verdict for each
 * scenario, the same scenarios judged and not, the same refusal when nothing matches, the same
 * failure under {@code match=all}. Runs go through a real Launcher, as a user's build runs them.
 */
@DisplayName("The gate and compare agree")
class GateAgreementTests {

  @TempDir Path tempDir;

  private int runs;

  /**
   * What one run left: its folder (null when it wrote none), what it printed, and how many tests
   * failed.
   */
  record Run(Path dir, String out, long failed, List<String> failures) {}

  private Run run(long nanosPerItem, Map<String, String> extra) throws Exception {
    Path output = tempDir.resolve("out-" + ++runs);
    Map<String, String> config = new LinkedHashMap<>();
    config.put("junit.bench.output.dir", output.toString());
    config.put("junit.bench.progress", "false");
    config.put("junit.bench.format.html", "false");
    config.put("junit.bench.forks", "0");
    config.putAll(extra);
    // A system property, which forks inherit: a static field would stay 0 in a fork's JVM.
    System.setProperty(AgreementTestCases.NANOS, String.valueOf(nanosPerItem));
    SummaryGeneratingListener summary = new SummaryGeneratingListener();
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream original = System.out;
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      LauncherFactory.create()
          .execute(
              LauncherDiscoveryRequestBuilder.request()
                  .selectors(selectClass(AgreementTestCases.class))
                  .enableImplicitConfigurationParameters(false)
                  .configurationParameters(config)
                  .build(),
              summary);
    } finally {
      System.setOut(original);
      System.clearProperty(AgreementTestCases.NANOS);
    }
    List<String> failures =
        summary.getSummary().getFailures().stream()
            .map(failure -> failure.getException().getMessage())
            .toList();
    Path dir = null;
    if (Files.isDirectory(output)) {
      try (Stream<Path> entries = Files.list(output)) {
        dir = entries.findFirst().orElse(null);
      }
    }
    return new Run(
        dir,
        printed.toString(StandardCharsets.UTF_8),
        summary.getSummary().getTotalFailureCount(),
        failures);
  }

  private static Map<String, Verdict> gateVerdicts(Path run) throws Exception {
    Map<String, Verdict> verdicts = new LinkedHashMap<>();
    for (ScenarioResult result : RunFolder.read(run).results()) {
      var check = result.gate().baseline();
      verdicts.put(
          result.displayName(), check.comparison() == null ? null : check.comparison().verdict());
    }
    return verdicts;
  }

  @Test
  @DisplayName(
      "on each scenario's verdict and on the scenarios judged and not, with match=all failing the unjudged in both")
  void sameVerdicts() throws Exception {
    Run base = run(200_000, Map.of("junit.bench.batch-sizes", "1"));
    Run slower = run(800_000, Map.of("junit.bench.baseline", base.dir().toString()));
    assertThat(slower.failed()).as(slower.out()).isEqualTo(1);

    RunComparison compared = RunComparison.of(base.dir(), slower.dir(), RegressionRule.DEFAULT);
    Map<String, Verdict> gate = gateVerdicts(slower.dir());
    for (RunComparison.Row row : compared.rows()) {
      assertThat(gate.get(row.named().displayName()))
          .as(row.named().displayName())
          .isEqualTo(row.verdict());
    }
    assertThat(gate)
        .containsEntry("[device=cpu, batch_size=1]", Verdict.REGRESSED)
        .containsEntry("[device=cpu, batch_size=2]", null);
    assertThat(compared.summaryLine())
        .startsWith(
            "1 regressed, 0 improved, 0 unchanged: 1 of 2 scenarios judged;"
                + " NOT JUDGED: 1 (1 not in the baseline)");
    assertThat(slower.out())
        .contains("junit-bench gate: 1 of 2 scenarios judged against ")
        .contains("(1 regressed); NOT JUDGED: 1 (1 not in the baseline)");
    assertThat(compared.rows())
        .filteredOn(row -> row.latency() != null)
        .allSatisfy(
            row ->
                assertThat(row.latency().note())
                    .startsWith("unforked: between-JVM variance unknown"));

    Run strict =
        run(
            200_000,
            Map.of(
                "junit.bench.baseline",
                base.dir().toString(),
                "junit.bench.baseline.match",
                "all",
                "junit.bench.regression.threshold",
                "500%"));
    assertThat(strict.failures())
        .singleElement()
        .satisfies(
            message ->
                assertThat(message)
                    .startsWith(
                        "[device=cpu, batch_size=2] not judged against the baseline (junit.bench.baseline.match=all): not in"
                            + " the baseline"));
    RunComparison strictly =
        RunComparison.of(base.dir(), strict.dir(), new RegressionRule(5, 0.01), BaselineMatch.ALL);
    assertThat(strictly.regressed()).as("compare --match all fails too").isTrue();
    assertThat(RunComparison.of(base.dir(), strict.dir(), new RegressionRule(5, 0.01)).regressed())
        .as("and passes without it, as the gate does")
        .isFalse();
  }

  @Test
  @DisplayName("on forked runs: the same verdict from the test between JVM runs")
  void forkedVerdicts() throws Exception {
    Run base = run(100_000, Map.of("junit.bench.forks", "3"));
    Run slower =
        run(
            1_000_000,
            Map.of("junit.bench.forks", "3", "junit.bench.baseline", base.dir().toString()));
    RunComparison compared = RunComparison.of(base.dir(), slower.dir(), RegressionRule.DEFAULT);
    Map<String, Verdict> gate = gateVerdicts(slower.dir());
    assertThat(compared.rows())
        .hasSize(2)
        .allSatisfy(
            row -> {
              assertThat(gate.get(row.named().displayName()))
                  .as(row.named().displayName())
                  .isEqualTo(row.verdict());
              // Welch's test, or, when a busy machine slowed some forks, the test of two levels.
              assertThat(row.latency().test()).isIn(Comparison.WELCH, Comparison.LEVELS);
              assertThat(row.verdict()).as("10x slower").isEqualTo(Verdict.REGRESSED);
            });
  }

  @Test
  @DisplayName(
      "on a forked run against an unforked baseline: the same verdict from the two JUnit JVMs measured alike (or, forks slowed onto two levels by a busy machine, the same NOT JUDGED)")
  void alikeVerdicts() throws Exception {
    Run base = run(100_000, Map.of());
    Run slower =
        run(
            1_000_000,
            Map.of("junit.bench.forks", "4", "junit.bench.baseline", base.dir().toString()));
    RunComparison compared = RunComparison.of(base.dir(), slower.dir(), RegressionRule.DEFAULT);
    Map<String, Verdict> gate = gateVerdicts(slower.dir());
    assertThat(compared.rows())
        .hasSize(2)
        .allSatisfy(
            row -> {
              assertThat(gate.get(row.named().displayName()))
                  .as(row.named().displayName())
                  .isEqualTo(row.verdict());
              assertThat(row.after().forks().here())
                  .as("measured in the JUnit JVM too, read back")
                  .isNotNull();
              assertThat(row.latency().currentMedianMs())
                  .isEqualTo(row.after().forks().here().median());
              if (row.verdict() == Verdict.NOT_JUDGED) {
                // A busy machine slowed some forks onto a level of their own: no test, the two
                // levels named (the gate said the same, above).
                assertThat(row.latency().test()).isEqualTo(Comparison.NONE);
                assertThat(row.latency().note()).contains("JVMs bimodal");
                return;
              }
              assertThat(row.latency().test()).isEqualTo(Comparison.ALIKE);
              // 10x slower: regressed, unless a busy machine spread the forks, whose spread is
              // the test's, by 10% or more and the test could not tell (p not below alpha).
              Double spread = row.after().forks().betweenForkCv();
              if (row.verdict() != Verdict.REGRESSED) {
                assertThat(spread).as("10x slower, yet %s", row.verdict()).isNotNull();
                assertThat(spread)
                    .as("10x slower, yet %s from forks that agree", row.verdict())
                    .isGreaterThanOrEqualTo(0.10);
                assertThat(row.latency().pValue())
                    .as("10x slower, yet %s with a p below alpha", row.verdict())
                    .isGreaterThanOrEqualTo(RegressionRule.DEFAULT.alpha());
              }
            });
    assertThat(compared.method())
        .contains(
            "2 scenarios measured in one JVM in the baseline and, alike, in the current"
                + " run's JUnit JVM")
        .doesNotContain("unforked in both runs");
  }

  @Test
  @DisplayName(
      "on a run with no scenario in the baseline: both refuse it, naming the nearest baseline scenario and what differs")
  void nothingInCommon() throws Exception {
    Run base = run(200_000, Map.of("junit.bench.batch-sizes", "1"));
    Run gated =
        run(
            200_000,
            Map.of("junit.bench.batch-sizes", "2", "junit.bench.baseline", base.dir().toString()));
    String why =
        "#spin [batch_size=2, device=cpu]: nearest in the baseline [batch_size=1, device=cpu] (batch_size 2 here, 1"
            + " in the baseline)";
    assertThat(gated.failures())
        .singleElement()
        .satisfies(
            message ->
                assertThat(message)
                    .contains(
                        "none of this run's 1 scenario is in the baseline, so nothing would be judged")
                    .contains(why));

    Run other = run(200_000, Map.of("junit.bench.batch-sizes", "2"));
    assertThatThrownBy(() -> RunComparison.of(base.dir(), other.dir(), RegressionRule.DEFAULT))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("have no scenario in common, so nothing would be" + " judged")
        .hasMessageContaining(why);
  }

  static class AgreementTestCases {
    static final String NANOS = "agreement.nanos.per.item";

    @Benchmark
    @BatchSizes({1, 2})
    @Warmup(iterations = 1)
    @Measurement(iterations = 20)
    void spin(Scenario scenario) {
      long end = System.nanoTime() + Long.getLong(NANOS, 0) * scenario.batchSize();
      while (System.nanoTime() < end) {
        Thread.onSpinWait();
      }
    }
  }
}
