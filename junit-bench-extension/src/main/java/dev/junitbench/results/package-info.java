/**
 * The result model: one scenario's figures ({@link dev.junitbench.results.ScenarioResult}) and the
 * run they belong to, as results.json holds them, and a run folder read back ({@link
 * dev.junitbench.results.RunFolder}, {@link dev.junitbench.results.Samples}). The run's files are
 * written by {@code dev.junitbench.output}, which is not exported.
 *
 * <p>API status: {@code EXPERIMENTAL}: the files are the contract (results.json carries {@code
 * schema_version}); the records that mirror them gain components as groups are added, so their
 * constructors change ({@code UnitFormat}, the console's wording, is {@code INTERNAL}).
 */
package dev.junitbench.results;
