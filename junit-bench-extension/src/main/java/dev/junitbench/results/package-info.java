/**
 * The result model: one scenario's figures ({@link dev.junitbench.results.ScenarioResult}) and the
 * run they belong to, as results.json holds them, and a run folder read back
 * ({@link dev.junitbench.results.RunFolder}, {@link dev.junitbench.results.Samples}). The run's files
 * are written by {@code dev.junitbench.output}, which is not exported.
 */
package dev.junitbench.results;
