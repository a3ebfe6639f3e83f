package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * One fork of a forked scenario: a fresh JVM that opened the model, ran the scenario's set-up,
 * warmed up and measured, and handed its figures back.
 *
 * @param fork the fork's number, from 1
 * @param status how the fork ended
 * @param error why it failed, or null
 * @param count measured samples it handed back
 * @param medianMs the median of its samples, or null when it measured nothing
 * @param ci95Low the lower bound of its median's 95% interval (order statistics), or null below 6
 *     samples
 * @param ci95High the upper bound, or null likewise
 * @param meanMs the mean of its samples, or null
 * @param warmup its warm-up as it ran, or null
 * @param measurement its measurement as it ran, or null
 * @param wallTimeMs from starting the JVM to its end, ms: start-up, set-up and model loading
 *     included
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ForkRun(
    int fork,
    Status status,
    String error,
    long count,
    Double medianMs,
    Double ci95Low,
    Double ci95High,
    Double meanMs,
    Phase warmup,
    Phase measurement,
    double wallTimeMs) {}
