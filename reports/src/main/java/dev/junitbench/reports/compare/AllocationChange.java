package dev.junitbench.reports.compare;

import dev.junitbench.results.AllocationFigures;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.AllocationComparison;
import dev.junitbench.stats.AllocationRule;
import dev.junitbench.stats.Verdict;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The heap allocated per operation of a compared scenario, judged by the gate's {@link
 * AllocationRule}, and how a comparison's outputs count and show it: beside the latency, never in
 * place of it.
 */
public final class AllocationChange {

  private AllocationChange() {}

  /**
   * The comparison of a row's bytes per operation; null for a scenario not compared (added,
   * removed, not passed), which is not judged for latency either.
   */
  public static AllocationComparison of(RunComparison.Row row, AllocationRule rule) {
    if (row.kind() != RunComparison.Kind.COMPARED) {
      return null;
    }
    AllocationComparison pooled =
        rule.judge(
            bytesPerOp(row.before()), why(row.before()), bytesPerOp(row.after()), why(row.after()));
    RunComparison.Pool pool = row.pool();
    if (pool == null || pooled.verdict() == Verdict.UNCHANGED || !pooled.judged()) {
      return pooled;
    }
    return everyRound(pooled, pool.baselineBytesPerOp(), pool.currentBytesPerOp(), rule);
  }

  /**
   * {@code pooled}, a change of rounds pooled, if every round agrees: each current round beyond
   * each baseline round by the rule, in the pooled change's direction. Otherwise unchanged, with a
   * note giving each side's range. The figure is near-deterministic within a JVM, but a JVM's
   * one-time work (a deoptimization that re-creates the objects escape analysis removed, a class
   * loaded late) can land in the few operations of one short round, a kilobyte or two spread over
   * them: the rounds that did not see it show the change is not the code's.
   */
  static AllocationComparison everyRound(
      AllocationComparison pooled, double[] baseline, double[] current, AllocationRule rule) {
    if (baseline.length == 0 || current.length == 0 || baseline.length + current.length <= 2) {
      return pooled;
    }
    boolean regressed = pooled.verdict() == Verdict.REGRESSED;
    double from = regressed ? max(baseline) : min(baseline);
    double to = regressed ? min(current) : max(current);
    if (rule.judge(from, to).verdict() == pooled.verdict()) {
      return pooled;
    }
    return new AllocationComparison(
        pooled.baselineBytesPerOp(),
        pooled.currentBytesPerOp(),
        pooled.change(),
        pooled.differenceBytes(),
        Verdict.UNCHANGED,
        "allocation unchanged: not every round moved (baseline rounds "
            + range(baseline)
            + ", current rounds "
            + range(current)
            + "), though the pooled figures did: "
            + pooled.figures());
  }

  private static double min(double[] values) {
    return Arrays.stream(values).min().orElseThrow();
  }

  private static double max(double[] values) {
    return Arrays.stream(values).max().orElseThrow();
  }

  private static String range(double[] values) {
    double low = min(values);
    double high = max(values);
    return low == high
        ? AllocationComparison.bytesPerOp(low)
        : AllocationRule.bytes(low) + " to " + AllocationComparison.bytesPerOp(high);
  }

  private static Double bytesPerOp(ScenarioResult result) {
    AllocationFigures alloc = result == null ? null : result.alloc();
    return alloc == null ? null : alloc.bytesPerOp();
  }

  private static String why(ScenarioResult result) {
    AllocationFigures alloc = result == null ? null : result.alloc();
    return alloc == null ? "no alloc group" : alloc.unavailableReason();
  }

  /** Whether any compared scenario has a figure on either side: only then is allocation shown. */
  static boolean shown(RunComparison comparison) {
    return comparison.rows().stream()
        .map(comparison::allocation)
        .anyMatch(
            a -> a != null && (a.baselineBytesPerOp() != null || a.currentBytesPerOp() != null));
  }

  /** How many compared scenarios regressed in allocation. */
  static int regressed(RunComparison comparison) {
    return (int)
        comparison.rows().stream()
            .map(comparison::allocation)
            .filter(a -> a != null && a.regressed())
            .count();
  }

  /**
   * {@code allocation: 1 regressed, 0 improved, 40 unchanged, NOT JUDGED: 2 (no figure)}, or null
   * when no scenario has a figure on either side.
   */
  static String clause(RunComparison comparison) {
    if (!shown(comparison)) {
      return null;
    }
    Map<Verdict, Integer> counts = new LinkedHashMap<>();
    comparison.rows().stream()
        .map(comparison::allocation)
        .filter(a -> a != null)
        .forEach(a -> counts.merge(a.verdict(), 1, Integer::sum));
    return clause(counts);
  }

  /**
   * {@code allocation: 1 regressed, 0 improved, 40 unchanged, NOT JUDGED: 2 (no figure)} of {@code
   * counts} (a verdict absent counts 0).
   */
  public static String clause(Map<Verdict, Integer> verdicts) {
    Map<Verdict, Integer> counts = new LinkedHashMap<>();
    for (Verdict verdict : Verdict.values()) {
      counts.put(verdict, verdicts.getOrDefault(verdict, 0));
    }
    StringBuilder text =
        new StringBuilder("allocation: ")
            .append(counts.get(Verdict.REGRESSED))
            .append(" regressed, ")
            .append(counts.get(Verdict.IMPROVED))
            .append(" improved, ")
            .append(counts.get(Verdict.UNCHANGED))
            .append(" unchanged");
    if (counts.get(Verdict.NOT_JUDGED) > 0) {
      text.append(", NOT JUDGED: ").append(counts.get(Verdict.NOT_JUDGED)).append(" (no figure)");
    }
    return text.toString();
  }

  /**
   * The comparison's one line: the latency's words, then the allocation's; the allocation's first
   * when only allocation regressed, so the line leads with what regressed.
   */
  static String summaryLine(RunComparison comparison, String latency) {
    return summaryLine(
        latency,
        clause(comparison),
        regressed(comparison) > 0 && comparison.counts().regressed() == 0);
  }

  /**
   * {@code latency} then {@code ; allocation} (a {@link #clause}, or null for none); {@code
   * allocation; latency: latency} when {@code allocationFirst}, as when only allocation regressed.
   */
  public static String summaryLine(String latency, String allocation, boolean allocationFirst) {
    if (allocation == null) {
      return latency;
    }
    return allocationFirst ? allocation + "; latency: " + latency : latency + "; " + allocation;
  }

  /**
   * A table's cell, bytes per operation: {@code 1 KB -> 2 KB +100.0%}, {@code n/a} for a side
   * without the figure, or {@code -} for a scenario not compared.
   */
  public static String cell(AllocationComparison allocation) {
    if (allocation == null) {
      return "-";
    }
    String sides =
        side(allocation.baselineBytesPerOp()) + " -> " + side(allocation.currentBytesPerOp());
    if (!allocation.judged()) {
      return sides;
    }
    return sides
        + " "
        + (allocation.change() == null
            ? "from 0"
            : String.format(Locale.ROOT, "%+.1f%%", allocation.change() * 100))
        + (allocation.note() == null ? "" : " (not in every round)");
  }

  private static String side(Double bytes) {
    return bytes == null ? "n/a" : AllocationRule.bytes(bytes);
  }

  /**
   * The verdict column of {@code row}: its latency's, with {@code , allocation regressed} when
   * allocation moved.
   */
  static String kind(RunComparison comparison, RunComparison.Row row) {
    String suffix = verdictSuffix(comparison.allocation(row));
    return ComparisonText.kind(row) + (suffix == null ? "" : ", " + suffix);
  }

  /** The verdict column's words for a row whose allocation moved: {@code allocation regressed}. */
  static String verdictSuffix(AllocationComparison allocation) {
    return allocation != null && allocation.judged() && allocation.verdict() != Verdict.UNCHANGED
        ? "allocation " + allocation.verdict().words()
        : null;
  }

  /** The method's words for allocation, or null when nothing was shown. */
  static String method(RunComparison comparison) {
    if (!shown(comparison)) {
      return "allocation not judged: neither run recorded alloc.bytes_per_op";
    }
    String rule =
        "allocation (heap bytes per operation, lower is better) judged without a test, as it is"
            + " nearly deterministic: "
            + comparison.allocationRule().describe();
    return comparison.baselineRounds() != null || comparison.currentRounds() != null
        ? rule + ", in the rounds pooled and in every round"
        : rule;
  }
}
