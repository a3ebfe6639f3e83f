package dev.junitbench.load;

import dev.junitbench.infra.LoadScenario;

/**
 * What a benchmark's {@code @Load} says, as written: the load scenarios, MultiStream's samples per
 * query, Server's target rates, peak search and latency bound, the client counts of Concurrency,
 * workers, the generative bounds and the arrival seed. {@link LoadPlanning} checks it.
 */
public record LoadSpec(
    LoadScenario[] scenarios,
    int samplesPerQuery,
    double[] targetQps,
    int peakSearch,
    String latencyBound,
    int[] concurrency,
    int workers,
    String ttftBound,
    String tpotBound,
    long seed) {}
