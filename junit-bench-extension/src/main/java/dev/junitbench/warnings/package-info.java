/**
 * The run's warnings: each cause told once, on stderr and in results.json's {@code run.warnings};
 * and how a failure's causes are described.
 */
package dev.junitbench.warnings;
