package dev.junitbench.reports;

import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import dev.junitbench.reports.compare.ComparisonText;
import dev.junitbench.reports.compare.RunComparison;
import dev.junitbench.reports.html.HtmlReport;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.RegressionRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

/**
 * What {@code compare} and {@code report} cost on a large pair of runs: 100 scenarios of 10,000
 * samples a side (1,000,000 samples each), read from their files, compared, and the report written
 * (target: at most 3 s on 2 cores); and the report of one run of 500 scenarios x 2,000 samples
 * (1,000,000), read from its files and written (target: at most 3 s). The result's memory group
 * shows what the process held. Runs only with the self-benchmark command (tag {@code self}); it
 * reports, never asserts.
 */
@Tag("self")
@Warmup(iterations = 1)
@Measurement(iterations = 5)
class ReportsSelfBenchmarks {

  private static final int SCENARIOS = 100;
  private static final int SAMPLES = 10_000;

  private static Path folder;
  private static Path baseline;
  private static Path current;
  private static Path wide;

  @BeforeAll
  static void write() throws IOException {
    folder = Files.createTempDirectory("junit-bench-reports-self");
    baseline = RunFolders.write(folder, "run-base", runOf(0, 1.0));
    current = RunFolders.write(folder, "run-now", runOf(1000, 1.02));
    wide = RunFolders.write(folder, "run-wide", wideRun());
  }

  /** 25 benchmarks of 20 scenarios, 2,000 samples each. */
  private static List<ScenarioResult> wideRun() {
    List<ScenarioResult> results = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      int batch = 1 << (i % 5);
      results.add(
          Fixtures.passed(
              "com.example.Model" + (i / 20) + "Benchmarks#infer",
              Fixtures.params("batch_size", batch, "variant", "v" + (i % 20 / 5)),
              5000 + i,
              2000,
              1e6 * batch));
    }
    return results;
  }

  private static List<ScenarioResult> runOf(int seeds, double factor) {
    List<ScenarioResult> results = new ArrayList<>();
    for (int i = 0; i < SCENARIOS; i++) {
      int batch = 1 << (i % 6);
      results.add(
          Fixtures.passed(
              "com.example.Model" + (i / 12) + "Benchmarks#infer",
              Fixtures.params("batch_size", batch, "variant", "v" + (i % 12 / 6)),
              seeds + i,
              SAMPLES,
              5e6 * batch * factor));
    }
    return results;
  }

  @AfterAll
  static void delete() throws IOException {
    try (var paths = Files.walk(folder)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
  }

  @Benchmark
  void compareAndReport(Blackhole blackhole) throws Exception {
    RunComparison comparison = RunComparison.of(baseline, current, RegressionRule.DEFAULT);
    blackhole.consume(ComparisonText.render(comparison));
    HtmlReport.of(List.of(current), baseline, RegressionRule.DEFAULT)
        .write(folder.resolve("report.html"));
  }

  @Benchmark
  void reportOf500Scenarios(Blackhole blackhole) throws Exception {
    HtmlReport.of(List.of(wide), null, RegressionRule.DEFAULT)
        .write(folder.resolve("report-wide.html"));
    blackhole.consume(Files.size(folder.resolve("report-wide.html")));
  }
}
