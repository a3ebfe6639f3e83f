/**
 * Configuration parameters ({@code junit.bench.*}), read in one place ({@link dev.junitbench.config.BenchConfig}),
 * with the defaults and the duration and stop-rule syntax they accept.
 */
package dev.junitbench.config;
