/**
 * The run's warnings: each cause told once, on stderr and in results.json's {@code run.warnings}.
 */
package dev.junitbench.warnings;
