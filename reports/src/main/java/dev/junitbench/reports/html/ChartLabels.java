package dev.junitbench.reports.html;

import dev.junitbench.reports.ScenarioNames;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.UnitFormat;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The labels of one chart's scenarios: each its params (the benchmark's short name when it has
 * none), numbered when two would read alike, since a chart tells its lines and places apart by
 * label.
 */
final class ChartLabels {

  private final ScenarioNames names;
  private final Set<String> used = new HashSet<>();

  ChartLabels(ScenarioNames names) {
    this.names = names;
  }

  /** The label of {@code result}, a scenario of {@code benchmark}, unique in this chart. */
  String of(ScenarioResult result, String benchmark) {
    String base =
        names.params(result).isEmpty() ? UnitFormat.shortName(benchmark) : names.params(result);
    String label = base;
    for (int n = 2; !used.add(label); n++) {
      label = base + " #" + n;
    }
    return label;
  }

  /** The results that {@code charted} keeps, by benchmark, in the run's order: a chart each. */
  static Map<String, List<ScenarioResult>> byBenchmark(
      List<ScenarioResult> results, Predicate<ScenarioResult> charted) {
    Map<String, List<ScenarioResult>> byBenchmark = new LinkedHashMap<>();
    for (ScenarioResult result : results) {
      if (charted.test(result)) {
        byBenchmark.computeIfAbsent(result.benchmark(), k -> new ArrayList<>()).add(result);
      }
    }
    return byBenchmark;
  }
}
