/**
 * Extension points found through {@code ServiceLoader}: inference backends
 * ({@link dev.junitbench.spi.Backend}), result formats ({@link dev.junitbench.spi.ResultFormat}) and
 * probes that measure something during a measurement ({@link dev.junitbench.spi.Probe}).
 */
package dev.junitbench.spi;
