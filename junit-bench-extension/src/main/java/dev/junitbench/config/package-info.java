/**
 * Configuration parameters ({@code junit.bench.*}), read in one place ({@link
 * dev.junitbench.config.BenchConfig}), with the defaults and the duration and stop-rule syntax they
 * accept.
 *
 * <p>API status: {@code MAINTAINED}: {@link dev.junitbench.config.BenchmarkConfigurationException},
 * the error users see; {@code EXPERIMENTAL}: {@link dev.junitbench.config.BaselineMatch}; {@code
 * INTERNAL}: the rest, public because the engine's packages read it (the parameters themselves are
 * documented in the user guide, docs/configuration.adoc, generated from {@link
 * dev.junitbench.config.ConfigurationKeys}).
 */
package dev.junitbench.config;
