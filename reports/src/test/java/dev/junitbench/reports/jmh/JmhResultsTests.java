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
            "dev.junitbench.reports.jmh.fixtures.ParamBenchmarks#average {mode=avgt, size=1000}",
            "dev.junitbench.reports.jmh.fixtures.ParamBenchmarks#average {mode=avgt, size=4000}",
            "dev.junitbench.reports.jmh.fixtures.WorkBenchmarks#throughput {mode=thrpt}",
            "dev.junitbench.reports.jmh.fixtures.WorkBenchmarks#sample {mode=sample}",
            "dev.junitbench.reports.jmh.fixtures.WorkBenchmarks#singleShot {mode=ss}");
    for (ScenarioResult result : run.results()) {
      assertThat(result.forks().completed()).as(result.benchmark()).isEqualTo(JmhFixtures.FORKS);
      assertThat(result.forks().medians()).hasSize(JmhFixtures.FORKS);
      assertThat(result.probes().get("jmh")).containsKey("mode");
    }
    ScenarioResult throughput = scenario(run, "throughput");
    assertThat(throughput.throughput().unit()).isEqualTo("ops/s");
    // 64 ints and the array's header: JMH's gc.alloc.rate.norm.
    assertThat(throughput.alloc().bytesPerOp()).isBetween(256.0, 300.0);
    // The throughput shown is that of the time per operation judged: the forks' centre.
    assertThat(throughput.forks().medianMs() * throughput.throughput().value() / 1e3)
        .isCloseTo(1, within(1e-12));
    ScenarioResult sample = scenario(run, "sample");
    assertThat(sample.latencyMs().count()).isGreaterThan(1000);
    assertThat(run.samples().of(sample.id())).hasSize((int) sample.latencyMs().count());
    // A fork's figure is its median iteration mean: 5 iterations, no interval of their median.
    assertThat(sample.forks().runs().get(0).ci95Low()).isNull();
    assertThat(sample.forks().runs().get(0).count()).isGreaterThan(100);
  }

  @Test
  @DisplayName(
      "recorded JMH 1.37 files of these benchmarks, 10% slower: every scenario regressed by Welch"
          + " on its 5 forks, the slower one against it improved, each against itself unchanged")
  void recordedVerdicts() throws Exception {
    Path recordedBase = recorded("base.json");
    Path recordedSlower = recorded("slower.json");
    for (RunComparison.Row row : rows(recordedBase, recordedSlower)) {
      assertThat(row.latency().test()).as(row.key().toString()).isEqualTo(Comparison.WELCH);
      assertThat(row.verdict()).as(row.key() + " " + row.latency()).isEqualTo(Verdict.REGRESSED);
    }
    assertThat(rows(recordedSlower, recordedBase))
        .allSatisfy(row -> assertThat(row.verdict()).isEqualTo(Verdict.IMPROVED));
    assertThat(rows(recordedBase, recordedBase))
        .allSatisfy(row -> assertThat(row.verdict()).isEqualTo(Verdict.UNCHANGED));
  }

  @Test
  @DisplayName(
      "a 10% slower run of this build: each change is the raw data's, within 0.5 points, and"
          + " regressed unless this machine spread the forks too far to tell")
  void slowerRegresses() throws Exception {
    for (Path[] pair : List.of(new Path[] {base, slower}, recordedPair())) {
      Map<String, Double> recomputed = changes(pair[0], pair[1]);
      List<RunComparison.Row> rows = rows(pair[0], pair[1]);
      assertThat(rows).hasSize(5);
      for (RunComparison.Row row : rows) {
        String name = row.key().benchmark() + " " + row.key().params();
        assertThat(row.kind()).isEqualTo(RunComparison.Kind.COMPARED);
        assertThat(row.latency().ratio() - 1)
            .as(name)
            .isCloseTo(recomputed.get(name), within(0.005));
        judged(row, Verdict.REGRESSED);
      }
    }
    rows(slower, base).forEach(row -> judged(row, Verdict.IMPROVED));
  }

  private static List<RunComparison.Row> rows(Path before, Path after) throws Exception {
    return RunComparison.of(RunFolder.read(before), RunFolder.read(after), RegressionRule.DEFAULT)
        .rows();
  }

  private static Path[] recordedPair() throws Exception {
    return new Path[] {recorded("base.json"), recorded("slower.json")};
  }

  private static Path recorded(String name) throws Exception {
    return JmhFixtures.recorded(name);
  }

  /**
   * The verdict a 10% change must get; a busy machine may spread one side's forks so far that the
   * test cannot tell: then it must say unchanged, with p at or above alpha and an interval that
   * holds both no change and the change made, or not judged with forks on two levels, named. The
   * recorded files show the verdicts themselves.
   */
  private static void judged(RunComparison.Row row, Verdict expected) {
    double spread =
        Math.max(row.before().forks().betweenForkCv(), row.after().forks().betweenForkCv());
    if (row.verdict() == expected) {
      assertThat(row.latency().test()).as(row.key().toString()).isEqualTo(Comparison.WELCH);
    } else if (row.verdict() == Verdict.NOT_JUDGED) {
      assertThat(row.latency().test()).isEqualTo(Comparison.NONE);
      assertThat(row.latency().note()).as(row.key().toString()).contains("level");
    } else {
      // The test could not tell: not significant, its interval holding the 10% change made (a busy
      // machine spreads the forks; the recorded files show the verdicts).
      assertThat(row.verdict()).as(row.key() + " " + row.latency()).isEqualTo(Verdict.UNCHANGED);
      assertThat(row.latency().pValue())
          .as(row.key() + " " + row.latency())
          .isGreaterThanOrEqualTo(RegressionRule.DEFAULT.alpha());
      double made = expected == Verdict.REGRESSED ? 1.10 : 1 / 1.10;
      // The 95% interval is wider than alpha's (0.01): it must hold the change made, not 1.
      assertThat(row.latency().ci95Low())
          .as(row.key() + " " + row.latency() + ", forks spread " + spread)
          .isLessThanOrEqualTo(made);
      assertThat(row.latency().ci95High()).isGreaterThanOrEqualTo(made);
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
   * iterations' scores as time per operation (in sample mode each iteration's mean sampled time,
   * the score JMH gives an iteration), the geometric mean over forks, the ratio of the two files'
   * less 1.
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
      params.put("mode", entry.get("mode").asText());
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
            double sum = 0;
            long count = 0;
            for (JsonNode pair : iteration) {
              sum += pair.get(0).asDouble() * pair.get(1).asLong();
              count += pair.get(1).asLong();
            }
            values.add(sum / count);
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
