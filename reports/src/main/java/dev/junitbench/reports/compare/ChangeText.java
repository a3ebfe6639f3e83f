package dev.junitbench.reports.compare;

import dev.junitbench.internal.ScenarioComparison;
import dev.junitbench.reports.ScenarioNames;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.stats.Comparison;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The figures of a compared scenario as the outputs write them: {@code +12.3%}, {@code [+10.1%,
 * +14.6%]}; the run's summary writes its verdicts with them too.
 */
public final class ChangeText {

  private ChangeText() {}

  /** {@code +12.3%} for a ratio of 1.123. */
  public static String change(Double ratio) {
    return ratio == null ? "-" : UnitFormat.change(ratio - 1);
  }

  /** {@code [+10.1%, +14.6%]}, or {@code -} without an interval. */
  public static String interval(Comparison comparison) {
    return comparison.ci95Low() == null
        ? "-"
        : "[" + change(comparison.ci95Low()) + ", " + change(comparison.ci95High()) + "]";
  }

  /** {@code 0.034}, {@code 3.2e-12}, or {@code -} when no test was possible. */
  public static String p(Comparison comparison) {
    return comparison.pValue() == null ? "-" : UnitFormat.pValue(comparison.pValue());
  }

  /**
   * A result's figure: its median, or for a forked one the centre of its forks' medians (as a
   * comparison between JVM runs takes it); {@code -} without one.
   */
  static String median(ScenarioResult result) {
    if (result == null || result.latencyMs() == null) {
      return "-";
    }
    // A forked scenario's figure is the centre of its forks' medians, as when it is compared.
    Double centre = ScenarioComparison.forked(result) ? result.forks().medianMs() : null;
    return UnitFormat.duration(centre != null ? centre : result.latencyMs().median());
  }

  /**
   * The model changes among {@code rows}, each with the rows it applies to, in order: what the
   * outputs say of a benchmark before its figures.
   */
  static Map<String, List<RunComparison.Row>> modelChanges(List<RunComparison.Row> rows) {
    Map<String, List<RunComparison.Row>> changes = new LinkedHashMap<>();
    for (RunComparison.Row row : rows) {
      if (row.modelChange() != null) {
        changes.computeIfAbsent(row.modelChange(), change -> new ArrayList<>()).add(row);
      }
    }
    return changes;
  }

  /**
   * {@code change} with where it applies among a benchmark's {@code rows}: as it is when it applies
   * to every scenario both runs have, else followed by {@code in} and those it applies to, by the
   * params that vary in the benchmark: {@code in [batch_size=8]}.
   */
  static String applied(
      String change,
      List<RunComparison.Row> changed,
      List<RunComparison.Row> rows,
      ScenarioNames names) {
    long inBoth = rows.stream().filter(row -> row.before() != null && row.after() != null).count();
    return applied(change, changed.stream().map(RunComparison.Row::named).toList(), inBoth, names);
  }

  /**
   * The same for the {@code changed} results of a benchmark of which {@code inBoth} scenarios are
   * in both runs: what the run's summary says of the model changes its gate recorded.
   */
  public static String applied(
      String change, List<ScenarioResult> changed, long inBoth, ScenarioNames names) {
    return changed.size() == inBoth
        ? change
        : change
            + " in "
            + String.join(
                ", ",
                changed.stream()
                    .map(
                        result ->
                            names.params(result).isEmpty()
                                ? result.displayName()
                                : "[" + names.params(result) + "]")
                    .toList());
  }

  /**
   * The median a row's change is the ratio of: for a test between JVM runs what it compared (the
   * geometric mean of the fork medians, or the JUnit JVM's median of a scenario measured alike),
   * for pooled rounds likewise, else the result's {@link #median(ScenarioResult) figure} (of a
   * forked one, the centre of its forks).
   */
  static String median(RunComparison.Row row, boolean baseline) {
    Comparison latency = row.latency();
    // A scenario not judged still shows the figures its change is the ratio of.
    if (latency != null
        && (latency.betweenJvms()
            || Comparison.NONE.equals(latency.test())
            || row.pool() != null)) {
      return UnitFormat.duration(baseline ? latency.baselineMedianMs() : latency.currentMedianMs());
    }
    return median(baseline ? row.before() : row.after());
  }
}
