package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * The heap allocated per operation of a scenario compared with its baseline's, judged by an {@link
 * AllocationRule}: higher is worse.
 *
 * @param baselineBytesPerOp the baseline's bytes per operation, or null when it has none
 * @param currentBytesPerOp the current bytes per operation, or null when it has none
 * @param change the relative change (+0.12 is 12% more), or null when not judged or the baseline
 *     allocated nothing
 * @param differenceBytes current minus baseline, bytes per operation, or null when not judged
 * @param verdict regressed (more), improved (less), unchanged, or not judged when a side lacks the
 *     figure
 * @param note why it was not judged; for a change of pooled rounds that not every round showed, why
 *     it is unchanged; else null
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record AllocationComparison(
    Double baselineBytesPerOp,
    Double currentBytesPerOp,
    Double change,
    Double differenceBytes,
    Verdict verdict,
    String note) {

  /** Whether both sides had a figure, so the rule decided. */
  public boolean judged() {
    return verdict != Verdict.NOT_JUDGED;
  }

  /** Whether the scenario allocates more beyond the rule. */
  public boolean regressed() {
    return verdict == Verdict.REGRESSED;
  }

  /**
   * {@code 1.2 KB/op -> 2.4 KB/op (+100.0%, +1.2 KB/op)}; for one not judged, its note and the
   * figure of the side that has one.
   */
  public String figures() {
    if (!judged()) {
      return bytesPerOp(baselineBytesPerOp) + " -> " + bytesPerOp(currentBytesPerOp);
    }
    return bytesPerOp(baselineBytesPerOp)
        + " -> "
        + bytesPerOp(currentBytesPerOp)
        + " ("
        + (change == null ? "from 0" : signedPercent(change))
        + ", "
        + (differenceBytes >= 0 ? "+" : "")
        + AllocationRule.bytes(differenceBytes)
        + "/op)";
  }

  /** {@code allocation regressed: 1.2 KB/op -> 2.4 KB/op (+100.0%, +1.2 KB/op)}, or the note. */
  public String describe() {
    return judged() ? "allocation " + verdict.words() + ": " + figures() : note;
  }

  /** {@code 1.2 KB/op}, or {@code n/a}. */
  public static String bytesPerOp(Double bytes) {
    return bytes == null ? "n/a" : AllocationRule.bytes(bytes) + "/op";
  }

  private static String signedPercent(double fraction) {
    return String.format(Locale.ROOT, "%+.1f%%", fraction * 100);
  }
}
