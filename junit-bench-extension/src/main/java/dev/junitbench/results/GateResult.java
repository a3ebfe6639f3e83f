package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The {@code gate} group of a result: what the regression gate and the budget decided right after
 * the scenario was measured. A scenario the gate failed keeps its figures, status {@code failed}.
 *
 * @param failed whether the gate failed the scenario
 * @param message what it decided (the test's failure message when it failed): for a failure, a
 *     short first line for a test report's list of failures, then the long form
 * @param baseline the comparison with the baseline, or null when the run names none
 * @param budget the check of {@code @Budget}, or null when the benchmark has none
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record GateResult(
    boolean failed, String message, BaselineCheck baseline, BudgetCheck budget) {

  /** The message's first line: for a failure, the one a test report lists. */
  public String headline() {
    int end = message.indexOf('\n');
    return end < 0 ? message : message.substring(0, end);
  }

  /** The message's long form: all after the first line of a failure, else the whole message. */
  public String detail() {
    int end = message.indexOf('\n');
    return end < 0 ? message : message.substring(end + 1);
  }
}
