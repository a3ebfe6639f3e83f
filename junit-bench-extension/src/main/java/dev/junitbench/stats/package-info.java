/**
 * Statistics computed from raw samples: exact percentiles, the median's interval, the comparisons and
 * tests the gate and compare use, MLPerf's early stopping, token timings.
 */
package dev.junitbench.stats;
