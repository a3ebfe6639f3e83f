/**
 * A run's answer, computed once from its run folders and its baseline: one sentence of what the run
 * is, the verdicts against the baseline, a table per benchmark; shown first by the HTML report and
 * written as Markdown (a step summary, {@code report --format markdown}).
 */
package dev.junitbench.reports.summary;
