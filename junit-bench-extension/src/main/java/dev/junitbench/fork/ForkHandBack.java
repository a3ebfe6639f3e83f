package dev.junitbench.fork;

import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;

/**
 * What a fork hands back to the JUnit JVM: how its scenario ended, and when it was measured, its
 * result and raw samples.
 *
 * @param status how the scenario ended in the fork
 * @param error why it failed or was aborted (the exception as the fork saw it), else null
 * @param stackTrace the fork's stack trace of that failure, else null
 * @param result the measured result, or null when nothing was measured
 * @param samplesNs its samples in measurement order, ns, or null
 * @param tokenNs the time of every generated token of a generating scenario, request after request, or null
 */
public record ForkHandBack(Status status, String error, String stackTrace, ScenarioResult result,
    long[] samplesNs, long[] tokenNs) {}
