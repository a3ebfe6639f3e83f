/**
 * Statistics computed from raw samples: exact percentiles, the median's interval, the comparisons
 * and tests the gate and compare use, MLPerf's early stopping, token timings.
 *
 * <p>API status: {@code EXPERIMENTAL}: the statistics name their method in the output, and methods
 * and their signatures may still change as the gate learns.
 */
package dev.junitbench.stats;
