package dev.junitbench.load;

/**
 * {@code p99 <= 50ms}: the share of queries ({@code percentile}, in (0, 1)) that must finish within
 * {@code boundMs}.
 */
public record LatencyBound(double percentile, double boundMs, String text) {}
