package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Whether a run's queries support one latency percentile by MLPerf LoadGen's early-stopping rule
 * (99% confidence), and the conservative estimate they support.
 *
 * @param minQueries queries the percentile needs before it has any estimate
 * @param supported whether the run had that many
 * @param estimateMs the early-stopping estimate (the t-th highest latency, LoadGen discarding the t
 *     - 1 above it; at or above the percentile itself), or null when not supported
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record PercentileSupport(long minQueries, boolean supported, Double estimateMs) {}
