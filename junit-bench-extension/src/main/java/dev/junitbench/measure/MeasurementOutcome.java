package dev.junitbench.measure;

import dev.junitbench.results.LoadFigures;
import dev.junitbench.results.Phase;
import dev.junitbench.results.QueryTimes;
import dev.junitbench.results.Throughput;

/**
 * What measuring one scenario gave, under whichever load: its samples, the phase as it ran, the
 * items it measured and their throughput, and under a load its figures, each query's wait in the
 * queue (null but for a pooled load of a generating benchmark) and its times (null but for a pooled
 * load), and what the threads that ran the body allocated meanwhile.
 */
public record MeasurementOutcome(
    long[] samplesNs,
    Phase phase,
    long elapsedNs,
    long items,
    Throughput throughput,
    LoadFigures load,
    long[] queueNs,
    QueryTimes queryTimes,
    AllocationCount allocation) {}
