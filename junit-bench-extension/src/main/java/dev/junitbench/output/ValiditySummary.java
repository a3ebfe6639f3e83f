package dev.junitbench.output;

import dev.junitbench.load.LoadBounds;
import dev.junitbench.results.LoadFigures;
import dev.junitbench.results.PercentileSupport;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.results.Validity;
import dev.junitbench.stats.EarlyStopping;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The lines below the console tables that say which percentiles the measured scenarios' sample
 * counts support (MLPerf LoadGen's early stopping) and, for the scenarios MLPerf's verdict applies
 * to (a latency bound, a configured minimum), how many are valid. A plain latency benchmark's short
 * run is described, never called INVALID; the verdict is a flag, counted here, never a failure.
 */
final class ValiditySummary {

  private ValiditySummary() {}

  /** The lines, unwrapped: none when nothing was measured. */
  static List<String> lines(List<ScenarioResult> results) {
    List<ScenarioResult> measured = results.stream().filter(r -> r.validity() != null).toList();
    if (measured.isEmpty()) {
      return List.of();
    }
    List<String> lines = new ArrayList<>();
    long p99 = measured.stream().filter(r -> supported(r.validity().p99())).count();
    long p999 = measured.stream().filter(r -> supported(r.validity().p999())).count();
    boolean starred = measured.stream().anyMatch(ValiditySummary::p99Starred);
    lines.add(
        String.format(
            Locale.ROOT,
            "percentiles (MLPerf LoadGen's early stopping, 99%% confidence): p99 supported in %d"
                + " of %d measured scenarios (needs %,d samples), p99.9 in %d (needs %,d)%s",
            p99,
            measured.size(),
            EarlyStopping.minQueries(0.99),
            p999,
            EarlyStopping.minQueries(0.999),
            starred ? "; a p99 marked * is from fewer samples" : ""));
    List<ScenarioResult> judged =
        measured.stream().filter(r -> r.validity().verdictApplies()).toList();
    if (judged.isEmpty()) {
      return lines;
    }
    long valid = judged.stream().filter(r -> !r.validity().invalidWhereItMatters()).count();
    Map<String, Long> invalid = new LinkedHashMap<>();
    judged.stream()
        .filter(r -> r.validity().invalidWhereItMatters())
        .flatMap(r -> whyInvalid(r).stream())
        .forEach(why -> invalid.merge(why, 1L, Long::sum));
    List<String> counts = new ArrayList<>();
    invalid.forEach((why, count) -> counts.add(count + " " + why));
    lines.add(
        "valid: "
            + valid
            + " of "
            + judged.size()
            + (judged.size() == 1 ? " scenario" : " scenarios")
            + " judged on a latency bound or a configured minimum"
            + (counts.isEmpty()
                ? ""
                : " (INVALID: " + String.join(", ", counts) + "; a flag, never a failure)"));
    return lines;
  }

  /**
   * Whether {@code result}'s p99 is from fewer samples than early stopping needs to support it: the
   * table marks it with {@code *}.
   */
  static boolean p99Starred(ScenarioResult result) {
    return result.latencyMs() != null
        && result.validity() != null
        && result.validity().percentileNote() != null;
  }

  /**
   * Why a scenario the verdict applies to is INVALID, by kind: a latency bound missed or undecided,
   * a configured minimum not met, or too few samples for p90.
   */
  private static List<String> whyInvalid(ScenarioResult result) {
    Validity validity = result.validity();
    Set<String> why = new LinkedHashSet<>();
    for (LoadFigures.BoundCheck check : LoadBounds.of(result.load())) {
      UnitFormat.BoundState state = UnitFormat.BoundState.of(check, result.load().queries());
      if (state == UnitFormat.BoundState.MISSED) {
        why.add("latency bound MISSED");
      } else if (state == UnitFormat.BoundState.UNDECIDED) {
        why.add("latency bound undecided");
      }
    }
    if (validity.minimumUnmet()) {
      why.add("under a configured minimum");
    }
    if (why.isEmpty()) {
      why.add("latency bound not held");
    }
    return List.copyOf(why);
  }

  private static boolean supported(PercentileSupport support) {
    return support != null && support.supported();
  }
}
