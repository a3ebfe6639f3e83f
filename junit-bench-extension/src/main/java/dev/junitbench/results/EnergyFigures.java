package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The {@code energy} group of a result: the energy one inference (one call of the benchmark body, a
 * whole batch) took, from the CPU packages' counters and the GPU's power samples. Null with {@code
 * unavailableReason} where the machine exposes neither, never zero.
 *
 * @param joulesPerInference joules per measured call
 * @param source {@code powercap}, {@code nvidia-smi} or {@code powercap+nvidia-smi}
 * @param gpuPowerAvgW the busiest GPU's mean power draw during the measurement, watts
 * @param unavailableReason why a source is missing ({@code source: reason; ...}), or null
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record EnergyFigures(
    Double joulesPerInference, String source, Double gpuPowerAvgW, String unavailableReason) {}
