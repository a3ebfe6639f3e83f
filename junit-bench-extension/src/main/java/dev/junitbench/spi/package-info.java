/**
 * Extension points found through {@code ServiceLoader}: inference backends ({@link
 * dev.junitbench.spi.Backend}), result formats ({@link dev.junitbench.spi.ResultFormat}) and probes
 * that measure something during a measurement ({@link dev.junitbench.spi.Probe}).
 *
 * <p>API status: {@code EXPERIMENTAL}: the extension points are new, and the first probes, formats
 * and backends written against them may still reshape them.
 */
package dev.junitbench.spi;
