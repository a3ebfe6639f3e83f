package dev.junitbench.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.reports.Fixtures;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("A chart per benchmark")
class BenchmarkChartsTests {

  private static List<ScenarioResult> grid() {
    List<ScenarioResult> results = new ArrayList<>();
    int seed = 1;
    for (String size : List.of("s", "m", "l")) {
      for (String mode : List.of("a", "b")) {
        results.add(
            Fixtures.passed(
                "com.example.B#run",
                Fixtures.params("size", size, "mode", mode, "device", "cpu"),
                seed++,
                40,
                1e6 * seed));
      }
    }
    return results;
  }

  private static BenchmarkCharts.Side side(String label, List<ScenarioResult> results) {
    Map<ScenarioKey, BenchmarkCharts.Bar> bars = new LinkedHashMap<>();
    results.forEach(r -> bars.put(r.key(), BenchmarkCharts.Bar.of(r)));
    return new BenchmarkCharts.Side(label, bars);
  }

  @Test
  @DisplayName(
      "within one run: the param of fewest values as series, the others as the bars' labels, shared params said once")
  void paramsAsSeries() {
    List<ScenarioResult> results = grid();
    List<BenchmarkCharts.Chart> charts =
        BenchmarkCharts.of(List.of(side("median", results)), results);
    assertThat(charts).hasSize(1);
    BenchmarkCharts.Chart chart = charts.get(0);
    assertThat(chart.title()).isEqualTo("B.run");
    assertThat(chart.shared()).isEqualTo("device=cpu");
    assertThat(chart.seriesBy()).isEqualTo("mode");
    assertThat(chart.labels()).containsExactly("size=s", "size=m", "size=l");
    assertThat(chart.datasets())
        .extracting(BenchmarkCharts.Dataset::label)
        .containsExactly("mode=a", "mode=b");
    // Each bar at its scenario's median, whiskers its interval, p99 above.
    for (int i = 0; i < 3; i++) {
      ScenarioResult a = results.get(2 * i);
      assertThat(chart.datasets().get(0).median().get(i)).isEqualTo(a.latencyMs().median());
      assertThat(chart.datasets().get(0).low().get(i)).isEqualTo(a.latencyMs().ci95Low());
      assertThat(chart.datasets().get(0).high().get(i)).isEqualTo(a.latencyMs().ci95High());
      assertThat(chart.datasets().get(0).p99().get(i)).isEqualTo(a.latencyMs().p99());
    }
  }

  @Test
  @DisplayName(
      "with several sides: one series per side on one axis, a missing scenario a gap, never another's figure")
  void sidesAsSeries() {
    List<ScenarioResult> now = grid();
    List<ScenarioResult> before = grid().subList(0, 4);
    List<ScenarioResult> all = new ArrayList<>(now);
    List<BenchmarkCharts.Chart> charts =
        BenchmarkCharts.of(List.of(side("baseline", before), side("current", now)), all);
    BenchmarkCharts.Chart chart = charts.get(0);
    assertThat(chart.seriesBy()).isNull();
    assertThat(chart.labels()).hasSize(6);
    assertThat(chart.datasets())
        .extracting(BenchmarkCharts.Dataset::label)
        .containsExactly("baseline", "current");
    assertThat(chart.datasets().get(0).median().subList(4, 6)).containsOnlyNulls();
    assertThat(chart.datasets().get(1).median()).doesNotContainNull();
  }
}
