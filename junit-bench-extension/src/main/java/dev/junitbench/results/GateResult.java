package dev.junitbench.results;

/**
 * The {@code gate} group of a result: what the regression gate and the budget decided right after
 * the scenario was measured. A scenario the gate failed keeps its figures, status {@code failed}.
 *
 * @param failed whether the gate failed the scenario
 * @param message what it decided, in one line (the test's failure message when it failed)
 * @param baseline the comparison with the baseline, or null when the run names none
 * @param budget the check of {@code @Budget}, or null when the benchmark has none
 * @since 0.1.0
 */
public record GateResult(boolean failed, String message, BaselineCheck baseline, BudgetCheck budget) {}
