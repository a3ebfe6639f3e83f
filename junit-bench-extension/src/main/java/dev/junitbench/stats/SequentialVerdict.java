package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A scenario's state in a decision over rounds ({@link SequentialRounds}): settled with its final
 * verdict at a round, or undecided after the rounds so far.
 *
 * @param comparison the comparison of the look that settled it; undecided, the latest look's
 *     figures with the verdict {@link Verdict#NOT_JUDGED} and the reason in its note
 * @param settled whether the verdict is final
 * @param round the round pair it settled at, or the last one looked at when undecided
 * @param why in a few words, why it settled there, or what keeps it open
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record SequentialVerdict(Comparison comparison, boolean settled, int round, String why) {

  /** The verdict: settled, its final one; undecided, {@link Verdict#NOT_JUDGED}. */
  public Verdict verdict() {
    return comparison.verdict();
  }
}
