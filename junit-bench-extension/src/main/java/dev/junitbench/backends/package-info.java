/**
 * The backends of the class path ({@code ServiceLoader} of {@link dev.junitbench.spi.Backend}),
 * found once per run, and the devices they serve here: which backend opens a {@code @Model} type,
 * which device {@code Device.AUTO} stands for, why a device is unavailable.
 */
package dev.junitbench.backends;
