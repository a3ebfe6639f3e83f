package dev.junitbench.load;

/**
 * What {@code @Load} asks beyond its nodes: the Server's latency bound (null without one), workers
 * (0: one per processor), the generative bounds in ms (null when not set), the arrival seed and the
 * most probes of a peak search.
 */
public record LoadPlan(
    LatencyBound latencyBound,
    int workers,
    Double ttftBoundMs,
    Double tpotBoundMs,
    long seed,
    int peakProbes) {}
