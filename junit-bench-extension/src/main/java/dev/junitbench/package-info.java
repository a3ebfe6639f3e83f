/**
 * The API a benchmark is written with: {@code @Benchmark} and the annotations that shape its scenarios
 * ({@code @Devices}, {@code @BatchSizes}, {@code @Model}, {@code @Load}, {@code @Generate}, ...), the injected
 * {@link dev.junitbench.infra.Scenario}, {@link dev.junitbench.Blackhole} and {@link dev.junitbench.infra.Generator}; and the
 * Jupiter extension that expands, measures and reports them.
 */
package dev.junitbench;
