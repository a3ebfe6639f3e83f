package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * When a change of the heap allocated per operation counts: the figure moved by more than {@code
 * threshold} of the baseline's (0.05 = 5%) and by at least {@code minBytes} bytes per operation. No
 * statistical test: the figure is deterministic up to TLAB and sampling effects and the JIT's
 * decisions (escape analysis may remove an allocation in one JVM and not in another); the floor
 * keeps a few bytes of noise on a near-zero figure from being called.
 *
 * @param threshold relative change below which nothing is called, 0 or more
 * @param minBytes absolute change in bytes per operation below which nothing is called, 0 or more
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record AllocationRule(double threshold, double minBytes) {

  /** Default relative threshold: 5%. */
  public static final double DEFAULT_THRESHOLD = 0.05;

  /** Default floor: 64 bytes per operation. */
  public static final double DEFAULT_MIN_BYTES = 64;

  /** The rule with both defaults. */
  public static final AllocationRule DEFAULT =
      new AllocationRule(DEFAULT_THRESHOLD, DEFAULT_MIN_BYTES);

  /** The forms {@link #parse} accepts, for error messages. */
  public static final String ACCEPTED =
      "a relative change, optionally a comma and a floor in bytes per operation (5%, 0.05, 5%,64B"
          + " or 10%,1KB; without a floor it is 64B)";

  /** Checks both values. */
  public AllocationRule {
    if (!(threshold >= 0 && Double.isFinite(threshold))) {
      throw new IllegalArgumentException(
          "the allocation threshold must be 0 or more (0.05 = 5%), was " + threshold);
    }
    if (!(minBytes >= 0 && Double.isFinite(minBytes))) {
      throw new IllegalArgumentException(
          "the allocation floor must be 0 or more bytes per operation, was " + minBytes);
    }
  }

  /**
   * The rule {@code text} writes: {@code 5%}, {@code 0.05}, {@code 5%,64B}, {@code 10%,1KB}.
   *
   * @throws IllegalArgumentException naming {@code text} and {@link #ACCEPTED}
   */
  public static AllocationRule parse(String text) {
    String trimmed = text == null ? "" : text.trim();
    int comma = trimmed.indexOf(',');
    String change = comma < 0 ? trimmed : trimmed.substring(0, comma).trim();
    try {
      boolean percent = change.endsWith("%");
      double value =
          Double.parseDouble(percent ? change.substring(0, change.length() - 1).trim() : change);
      double threshold = percent ? value / 100 : value;
      String bare = RelativeChanges.bareNumberProblem(change, threshold);
      if (bare != null) {
        throw new BareNumberException(bare);
      }
      double floor = comma < 0 ? DEFAULT_MIN_BYTES : ByteSizes.parse(trimmed.substring(comma + 1));
      return new AllocationRule(threshold, floor);
    } catch (BareNumberException e) {
      throw e;
    } catch (IllegalArgumentException e) {
      // NumberFormatException is one too: every bad part gets the same message.
      throw new IllegalArgumentException(
          "\"" + text + "\" is not an allocation threshold; use " + ACCEPTED, e);
    }
  }

  /**
   * The change of a rule written as a bare number of 1 or more ({@code 10} meant as 10%): its
   * message says what it would be and how to write it ({@link RelativeChanges#bareNumberProblem}).
   */
  @API(status = API.Status.INTERNAL, since = "0.1")
  public static final class BareNumberException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    BareNumberException(String message) {
      super(message);
    }
  }

  /** The comparison of the bytes per operation of a baseline and a current run, either null. */
  public AllocationComparison judge(Double baselineBytesPerOp, Double currentBytesPerOp) {
    return judge(baselineBytesPerOp, null, currentBytesPerOp, null);
  }

  /**
   * As {@link #judge(Double, Double)}, with why each side's figure is missing (or null), for the
   * note of a comparison that was not judged.
   */
  public AllocationComparison judge(
      Double baselineBytesPerOp, String baselineWhy, Double currentBytesPerOp, String currentWhy) {
    if (baselineBytesPerOp == null || currentBytesPerOp == null) {
      StringBuilder note = new StringBuilder("not judged for allocation: ");
      if (baselineBytesPerOp == null && currentBytesPerOp == null) {
        note.append("neither run has an allocation figure");
      } else if (baselineBytesPerOp == null) {
        note.append("the baseline has no allocation figure");
      } else {
        note.append("this run has no allocation figure");
      }
      String why = baselineBytesPerOp == null ? baselineWhy : currentWhy;
      if (why != null && !why.isBlank()) {
        note.append(" (").append(why).append(')');
      }
      return new AllocationComparison(
          baselineBytesPerOp, currentBytesPerOp, null, null, Verdict.NOT_JUDGED, note.toString());
    }
    double difference = currentBytesPerOp - baselineBytesPerOp;
    Double change = baselineBytesPerOp > 0 ? difference / baselineBytesPerOp : null;
    Verdict verdict = Verdict.UNCHANGED;
    // Relative and absolute both: against a zero baseline any growth is beyond the threshold.
    if (difference > threshold * baselineBytesPerOp && difference >= minBytes && difference > 0) {
      verdict = Verdict.REGRESSED;
    } else if (-difference > threshold * baselineBytesPerOp
        && -difference >= minBytes
        && difference < 0) {
      verdict = Verdict.IMPROVED;
    }
    return new AllocationComparison(
        baselineBytesPerOp, currentBytesPerOp, change, difference, verdict, null);
  }

  /** {@code allocation up > 5% and >= 64 B/op}, for messages. */
  public String describe() {
    return "allocation change > " + percent(threshold) + " and >= " + bytes(minBytes) + "/op";
  }

  /** The rule as the setting writes it: {@code 5%,64B}. */
  public String written() {
    return percent(threshold) + "," + bytes(minBytes).replace(" ", "");
  }

  private static String percent(double fraction) {
    double pct = fraction * 100;
    return (pct == Math.rint(pct) ? String.valueOf((long) pct) : String.valueOf(pct)) + "%";
  }

  /** {@code 64 B}, {@code 1.5 KB}, {@code 2 MB}: binary units, as the settings read them. */
  public static String bytes(double bytes) {
    double magnitude = Math.abs(bytes);
    if (magnitude < 1024) {
      return number(bytes) + " B";
    }
    if (magnitude < 1024 * 1024) {
      return number(bytes / 1024) + " KB";
    }
    return number(bytes / (1024 * 1024)) + " MB";
  }

  private static String number(double value) {
    if (value == Math.rint(value)) {
      return String.valueOf((long) value);
    }
    // A fraction of a byte per operation (JMH's gc profiler gives 1e-4 B/op where nothing is
    // allocated): two significant digits, never a 0.0 that would make a change of it look odd.
    return Math.abs(value) < 0.1
        ? String.format(Locale.ROOT, "%.2g", value)
        : String.format(Locale.ROOT, "%.1f", value);
  }
}
