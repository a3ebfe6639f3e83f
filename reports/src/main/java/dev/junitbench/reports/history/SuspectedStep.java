package dev.junitbench.reports.history;

/**
 * A step in the newest runs of a series that change-point detection cannot confirm yet, as {@link
 * SuspectedSteps#detect} reports it: the newest {@code runs} runs all lie beyond the band of the
 * runs before them.
 *
 * @param index the first run of the step (0 is the oldest run)
 * @param runs how many runs the step has: the newest ones, from {@code index} on
 * @param before the level before: the median of the runs the band was drawn from
 * @param after the level after: the geometric mean of the step's runs
 * @param change {@code after / before - 1}: +0.10 is 10% higher (for a latency: slower)
 * @param limit the edge of the band, which every run of the step lies beyond: above it for a figure
 *     where lower is better, below it for one where higher is better
 * @param history how many runs the band was drawn from (at most {@link SuspectedSteps#WINDOW})
 */
public record SuspectedStep(
    int index, int runs, double before, double after, double change, double limit, int history) {}
