package dev.junitbench.reports.jmh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.reports.compare.RunComparison;
import dev.junitbench.reports.html.HtmlReport;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("JMH's result files, made by JMH 1.37 in this build, read as runs")
class JmhResultsTests {

  private static Path base;
  private static Path slower;

  @BeforeAll
  static void runJmh() throws Exception {
    base = JmhFixtures.base();
    slower = JmhFixtures.slower();
  }

  @Test
  @DisplayName("every mode JMH writes, with its params, forks, throughput and allocation")
  void everyMode() throws Exception {
    RunFolder run = RunFolder.read(base);
    assertThat(run.jmhVersion()).isEqualTo("1.37");
    assertThat(run.hasSamples()).as("sample mode's histograms").isTrue();
    assertThat(run.results())
        .extracting(r -> r.benchmark() + " " + r.params())
        .containsExactlyInAnyOrder(
            "dev.junitbench.reports.jmh.fixtures.ParamBenchmarks#average {size=1000}",
            "dev.junitbench.reports.jmh.fixtures.ParamBenchmarks#average {size=4000}",
            "dev.junitbench.reports.jmh.fixtures.WorkBenchmarks#throughput {}",
            "dev.junitbench.reports.jmh.fixtures.WorkBenchmarks#sample {}",
            "dev.junitbench.reports.jmh.fixtures.WorkBenchmarks#singleShot {}");
    for (ScenarioResult result : run.results()) {
      assertThat(result.forks().completed()).as(result.benchmark()).isEqualTo(JmhFixtures.FORKS);
      assertThat(result.forks().medians()).hasSize(JmhFixtures.FORKS);
      assertThat(result.probes().get("jmh")).containsKey("mode");
    }
    ScenarioResult throughput = scenario(run, "throughput");
    assertThat(throughput.throughput().unit()).isEqualTo("ops/s");
    // 64 ints and the array's header: JMH's gc.alloc.rate.norm.
    assertThat(throughput.alloc().bytesPerOp()).isBetween(256.0, 300.0);
    // The time of one operation is the reciprocal of the throughput.
    assertThat(throughput.latencyMs().median() * throughput.throughput().value() / 1e3)
        .isCloseTo(1, within(0.1));
    ScenarioResult sample = scenario(run, "sample");
    assertThat(sample.latencyMs().count()).isGreaterThan(1000);
    assertThat(run.samples().of(sample.id())).hasSize((int) sample.latencyMs().count());
    assertThat(sample.forks().runs().get(0).ci95Low()).isNotNull();
  }

  @Test
  @DisplayName("a 10% slower run regresses, and each change is the raw data's, within 0.5 points")
  void slowerRegresses() throws Exception {
    RunComparison comparison =
        RunComparison.of(RunFolder.read(base), RunFolder.read(slower), RegressionRule.DEFAULT);
    Map<String, Double> recomputed = changes(base, slower);
    assertThat(comparison.rows()).hasSize(5);
    for (RunComparison.Row row : comparison.rows()) {
      String name = row.key().benchmark() + " " + row.key().params();
      assertThat(row.kind()).isEqualTo(RunComparison.Kind.COMPARED);
      // Sample mode's fork medians fall on JMH's timer ticks and may tie; its samples decide then.
      // A busy machine may put one side's forks on two levels: not judged, and said why.
      assertThat(row.latency().test())
          .as(name)
          .isIn(
              Comparison.WELCH,
              name.contains("#sample") ? Comparison.MANN_WHITNEY : Comparison.WELCH,
              row.verdict() == Verdict.NOT_JUDGED ? Comparison.NONE : Comparison.WELCH);
      assertThat(row.latency().ratio() - 1).as(name).isCloseTo(recomputed.get(name), within(0.005));
      judged(row, Verdict.REGRESSED);
    }
    RunComparison back =
        RunComparison.of(RunFolder.read(slower), RunFolder.read(base), RegressionRule.DEFAULT);
    back.rows().forEach(row -> judged(row, Verdict.IMPROVED));
  }

  /**
   * The verdict a 10% change must get; a busy machine may spread one side's forks so far (10% or
   * more) that the test cannot tell, and then it must say unchanged with p at or above alpha.
   */
  private static void judged(RunComparison.Row row, Verdict expected) {
    double spread =
        Math.max(row.before().forks().betweenForkCv(), row.after().forks().betweenForkCv());
    if (row.verdict() == Verdict.NOT_JUDGED) {
      assertThat(row.latency().note()).as(row.key().toString()).isNotBlank();
    } else if (row.verdict() != expected) {
      assertThat(spread).as(row.key() + " " + row.latency()).isGreaterThanOrEqualTo(0.10);
      assertThat(row.latency().pValue()).isGreaterThanOrEqualTo(RegressionRule.DEFAULT.alpha());
    }
  }

  @Test
  @DisplayName("the report of the two shows JMH, its forks' charts and the jmh figures")
  void report() throws Exception {
    String html = HtmlReport.of(List.of(slower), base, RegressionRule.DEFAULT).render();
    assertThat(html).contains("JMH").contains("1.37");
    // Each scenario's chart of its 5 forks' medians.
    assertThat(html)
        .containsPattern(
            "\"forkCharts\":\\[\\{\"id\":\"forks-1\",\"title\":\"[A-Za-z]+Benchmarks\\.[a-zA-Z]+\","
                + "\"benchmark\":\"dev\\.junitbench\\.reports\\.jmh\\.fixtures\\.")
        .contains("{\"fork\":5,\"median\":");
    assertThat(html).contains("WorkBenchmarks.throughput").contains("gc.alloc.rate.norm (B/op)");
  }

  private static ScenarioResult scenario(RunFolder run, String method) {
    return run.results().stream()
        .filter(r -> r.benchmark().endsWith("#" + method))
        .findFirst()
        .orElseThrow();
  }

  /**
   * Each entry's change recomputed from the files' raw data alone: per fork the median of its
   * iterations (of its sampled operations in sample mode) as time per operation, the geometric mean
   * over forks, the ratio of the two files' less 1.
   */
  private static Map<String, Double> changes(Path before, Path after) throws Exception {
    Map<String, Double> then = centres(before);
    Map<String, Double> now = centres(after);
    Map<String, Double> out = new TreeMap<>();
    now.forEach((name, centre) -> out.put(name, centre / then.get(name) - 1));
    return out;
  }

  private static Map<String, Double> centres(Path file) throws Exception {
    Map<String, Double> out = new TreeMap<>();
    for (JsonNode entry : new ObjectMapper().readTree(file.toFile())) {
      String benchmark = entry.get("benchmark").asText();
      int dot = benchmark.lastIndexOf('.');
      Map<String, String> params = new TreeMap<>();
      entry.path("params").properties().forEach(p -> params.put(p.getKey(), p.getValue().asText()));
      JsonNode primary = entry.get("primaryMetric");
      boolean throughput = entry.get("mode").asText().equals("thrpt");
      boolean sample = entry.get("mode").asText().equals("sample");
      JsonNode forks = sample ? primary.get("rawDataHistogram") : primary.get("rawData");
      double logs = 0;
      for (JsonNode fork : forks) {
        List<Double> values = new ArrayList<>();
        for (JsonNode iteration : fork) {
          if (sample) {
            for (JsonNode pair : iteration) {
              for (long i = 0; i < pair.get(1).asLong(); i++) {
                values.add(pair.get(0).asDouble());
              }
            }
          } else {
            values.add(throughput ? 1 / iteration.asDouble() : iteration.asDouble());
          }
        }
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        logs += Math.log(median);
      }
      out.put(
          benchmark.substring(0, dot) + "#" + benchmark.substring(dot + 1) + " " + params,
          Math.exp(logs / forks.size()));
    }
    return out;
  }
}
