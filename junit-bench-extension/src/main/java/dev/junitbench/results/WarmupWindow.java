package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * One window of a steady warm-up: a point of its curve.
 *
 * @param endMs when the window ended, ms after the warm-up started
 * @param iterations the calls it held
 * @param medianMs the median of their latencies (of the most recent 1,024 when it held more)
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record WarmupWindow(double endMs, long iterations, double medianMs) {}
