/**
 * The run's files as it runs: the JUnit listener that writes results.json, results.csv and
 * samples.csv after each scenario and the summary at the end, and the result formats it calls.
 */
package dev.junitbench.output;
