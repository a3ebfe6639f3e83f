/**
 * Extension points found through {@code ServiceLoader}: inference backends
 * ({@link dev.junitbench.spi.Backend}) and result formats ({@link dev.junitbench.spi.ResultFormat}).
 */
package dev.junitbench.spi;
