package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.junitbench.stats.AllocationComparison;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.Verdict;
import org.apiguardian.api.API;

/**
 * A scenario compared with the same scenario (same benchmark and params) of a baseline run.
 *
 * @param file the baseline's results.json
 * @param runId the baseline run's id
 * @param found whether the baseline has this scenario with figures to compare
 * @param change the relative change of the median latency (ratio - 1: +0.12 is 12% slower), or null
 * @param comparison the statistics and their verdict, or null when not found
 * @param rule the rule the verdict followed
 * @param note why nothing was compared, or how (summaries only), or null
 * @param allocation the heap allocated per operation against the baseline's, judged by its own
 *     rule, or null when the baseline lacks the scenario (or the check predates allocation)
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record BaselineCheck(
    String file,
    String runId,
    boolean found,
    Double change,
    Comparison comparison,
    RegressionRule rule,
    String note,
    AllocationComparison allocation) {

  /** A check of the latency alone. */
  public BaselineCheck(
      String file,
      String runId,
      boolean found,
      Double change,
      Comparison comparison,
      RegressionRule rule,
      String note) {
    this(file, runId, found, change, comparison, rule, note, null);
  }

  /**
   * Whether the scenario was judged: compared, with a verdict. Not judged: the baseline lacks it or
   * did not measure it, or its JVM runs fell on two levels.
   */
  public boolean judged() {
    return comparison != null && comparison.verdict() != Verdict.NOT_JUDGED;
  }

  /** Whether the scenario allocates more per operation than the baseline, beyond the rule. */
  public boolean allocationRegressed() {
    return allocation != null && allocation.regressed();
  }

  /** Whether the comparison found the scenario slower. */
  public boolean regressed() {
    return comparison != null && comparison.verdict() == Verdict.REGRESSED;
  }
}
