/**
 * What a benchmark is handed: its {@link dev.junitbench.infra.Scenario} (device, batch size, load
 * point, ...), a model's {@link dev.junitbench.infra.ModelInputs} and
 * {@link dev.junitbench.infra.Generator}; it depends on nothing else of the extension.
 */
package dev.junitbench.infra;
