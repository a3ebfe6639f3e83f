/**
 * The result model: one scenario's figures ({@link dev.junitbench.results.ScenarioResult}), the files
 * a run writes (results.json, results.csv, samples.csv, ...), reading them back, and the console
 * summary.
 */
package dev.junitbench.results;
