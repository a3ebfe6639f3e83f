/**
 * MLPerf LoadGen's Server scenario: a precomputed Poisson schedule and the scheduler that issues
 * queries to workers at their intended times.
 */
package dev.junitbench.load;
