package dev.junitbench.reports.compare;

import dev.junitbench.reports.BadInputException;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * A comparison's rows: one per scenario of either side, the scenarios both measured compared, in
 * the order the outputs list them (regressed first, then improved, then the rest).
 */
final class ComparisonRows {

  private ComparisonRows() {}

  /** Compares a scenario both sides measured. */
  interface ScenarioComparer {
    RunComparison.Row compare(ScenarioKey key, ScenarioResult then, ScenarioResult now)
        throws BadInputException;
  }

  /** One row per scenario of either side, in order; null when the sides share no scenario. */
  static List<RunComparison.Row> rows(
      Map<ScenarioKey, ScenarioResult> before,
      Map<ScenarioKey, ScenarioResult> after,
      ScenarioComparer comparer)
      throws BadInputException {
    List<RunComparison.Row> rows = new ArrayList<>();
    boolean common = false;
    for (Map.Entry<ScenarioKey, ScenarioResult> entry : after.entrySet()) {
      ScenarioResult now = entry.getValue();
      ScenarioResult then = before.get(entry.getKey());
      if (then == null) {
        rows.add(
            new RunComparison.Row(entry.getKey(), RunComparison.Kind.ADDED, null, now, null, null));
        continue;
      }
      // In common only with figures there: a baseline that measured nothing of this run judges
      // nothing.
      common |= measured(then);
      if (!measured(then) || !measured(now)) {
        rows.add(
            new RunComparison.Row(
                entry.getKey(), RunComparison.Kind.NOT_PASSED, then, now, null, null));
        continue;
      }
      rows.add(comparer.compare(entry.getKey(), then, now));
    }
    for (Map.Entry<ScenarioKey, ScenarioResult> entry : before.entrySet()) {
      if (!after.containsKey(entry.getKey())) {
        rows.add(
            new RunComparison.Row(
                entry.getKey(), RunComparison.Kind.REMOVED, entry.getValue(), null, null, null));
      }
    }
    if (!common) {
      return null;
    }
    rows.sort(Comparator.comparingInt(ComparisonRows::order));
    return List.copyOf(rows);
  }

  static int order(RunComparison.Row row) {
    if (row.lost()) {
      return 0;
    }
    if (row.kind() != RunComparison.Kind.COMPARED) {
      return 3 + row.kind().ordinal();
    }
    return switch (row.verdict()) {
      case REGRESSED -> 0;
      case IMPROVED -> 1;
      case NOT_JUDGED -> 2;
      case UNCHANGED -> 2;
    };
  }

  /** A result with figures: passed, or failed by a gate (which keeps them). */
  static boolean measured(ScenarioResult result) {
    return result != null
        && result.latencyMs() != null
        && (result.status() == Status.PASSED || result.status() == Status.FAILED);
  }
}
