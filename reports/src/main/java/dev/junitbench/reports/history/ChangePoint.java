package dev.junitbench.reports.history;

/**
 * A point where a series of runs moved to another level, as {@link ChangePoints#detect} reports it.
 *
 * @param index the first run of the new level (0 is the oldest run)
 * @param before the level before: the geometric mean of the runs from the previous change point (or
 *     the first run) up to {@code index}, each wild run first clipped as for the test so that it
 *     does not move the level
 * @param after the level after: the geometric mean of the runs from {@code index} up to the next
 *     change point (or the last run), clipped alike
 * @param change {@code after / before - 1}: +0.10 is 10% higher (for a latency: slower), negative
 *     is lower
 * @param statistic |t| of the two-sample t-test on log values between the runs just before and just
 *     after this split (at most 40 on each side), the largest of the segment searched
 * @param pValue the share of simulated step-free series of the searched segment's length whose
 *     largest statistic is at least this large: the false alarm probability of this finding, not a
 *     textbook t-test p-value
 */
public record ChangePoint(
    int index, double before, double after, double change, double statistic, double pValue) {}
