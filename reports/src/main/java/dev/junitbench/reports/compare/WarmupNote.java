package dev.junitbench.reports.compare;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.junitbench.results.Phase;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a compared scenario's warm-up was steady on each side, and the note the outputs write
 * beside its verdict when one was not, as the gate does: its figures may be the warm-up's. The
 * verdict itself stands.
 */
final class WarmupNote {

  /** What the verdict column adds for a scenario with a {@link #of note}. */
  static final String VERDICT_SUFFIX = "warm-up not steady";

  /**
   * A side's warm-up: steady or not, null when it was not run until steady (or the side lacks the
   * scenario); why not, else null.
   */
  record Side(Boolean steady, String reason) {
    static final Side UNCHECKED = new Side(null, null);

    boolean unsteady() {
      return Boolean.FALSE.equals(steady);
    }
  }

  private WarmupNote() {}

  /**
   * {@code warm-up not steady (current: still drifting ...; baseline: ...)}, naming each side whose
   * warm-up did not settle; null when neither side's did not.
   */
  static String of(RunComparison comparison, RunComparison.Row row) {
    List<String> sides = new ArrayList<>();
    Side current = current(comparison, row);
    Side baseline = baseline(comparison, row);
    if (current.unsteady()) {
      sides.add("current: " + current.reason());
    }
    if (baseline.unsteady()) {
      sides.add("baseline: " + baseline.reason());
    }
    return sides.isEmpty() ? null : VERDICT_SUFFIX + " (" + String.join("; ", sides) + ")";
  }

  /** The current side's warm-up of {@code row}: of every current round when rounds were pooled. */
  static Side current(RunComparison comparison, RunComparison.Row row) {
    return comparison.currentRounds() != null
        ? of(comparison.currentRounds().runs(), row.key())
        : of(row.after());
  }

  /** The baseline's warm-up of {@code row}: of every baseline round when rounds were pooled. */
  static Side baseline(RunComparison comparison, RunComparison.Row row) {
    return comparison.baselineRounds() != null
        ? of(comparison.baselineRounds().runs(), row.key())
        : of(row.before());
  }

  /**
   * The {@code warmup} object of a scenario in the JSON output: each side's {@code steady} and
   * {@code steady_reason}, and the {@code note}.
   */
  static ObjectNode json(RunComparison comparison, RunComparison.Row row) {
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    node.set("baseline", json(baseline(comparison, row)));
    node.set("current", json(current(comparison, row)));
    node.put("note", of(comparison, row));
    return node;
  }

  private static ObjectNode json(Side side) {
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    if (side.steady() == null) {
      node.putNull("steady");
    } else {
      node.put("steady", side.steady());
    }
    node.put("steady_reason", side.reason());
    return node;
  }

  private static Side of(ScenarioResult result) {
    Phase warmup = result == null ? null : result.warmup();
    return warmup == null || warmup.steady() == null
        ? Side.UNCHECKED
        : new Side(warmup.steady(), warmup.steadyReason());
  }

  /**
   * A scenario over rounds: steady when every round that checked was, its reason the first unsteady
   * round's, named when there are several.
   */
  private static Side of(List<RunFolder> rounds, ScenarioKey key) {
    Boolean steady = null;
    String reason = null;
    for (int i = 0; i < rounds.size(); i++) {
      for (ScenarioResult result : rounds.get(i).results()) {
        Side side = result.key().equals(key) ? of(result) : Side.UNCHECKED;
        if (side.steady() == null) {
          continue;
        }
        steady = (steady == null || steady) && side.steady();
        if (side.unsteady() && reason == null) {
          reason =
              rounds.size() == 1
                  ? side.reason()
                  : "round " + (i + 1) + " of " + rounds.size() + ": " + side.reason();
        }
      }
    }
    return new Side(steady, reason);
  }
}
