/**
 * What a benchmark is written with: {@code @Benchmark} and the annotations that shape its scenarios
 * ({@code @Devices}, {@code @BatchSizes}, {@code @Model}, {@code @Load}, {@code @Generate}, ...)
 * and {@link dev.junitbench.Blackhole}; and, package-private, the JUnit adapter: the Jupiter
 * extension that expands a benchmark into one invocation per scenario, reads its annotations into
 * the engine's plain plan ({@code dev.junitbench.engine}) and hands each invocation to the engine,
 * which measures and judges it. What the benchmark is handed is in {@link dev.junitbench.infra}.
 *
 * <p>API status: {@code STABLE}: a benchmark is written with these annotations, {@link
 * dev.junitbench.Blackhole} and {@link dev.junitbench.InputFactory}; they change only with a major
 * release.
 */
package dev.junitbench;
