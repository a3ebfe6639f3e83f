/**
 * What a benchmark is handed: its {@link dev.junitbench.infra.Scenario} (device, batch size, load
 * point, ...), a model's {@link dev.junitbench.infra.ModelInputs} and {@link
 * dev.junitbench.infra.Generator}; it depends on nothing else of the extension.
 *
 * <p>API status: {@code MAINTAINED}: every benchmark reads what it is handed, so a change comes
 * with a minor release's notice; young, so not yet {@code STABLE}.
 */
package dev.junitbench.infra;
