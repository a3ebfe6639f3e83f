package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The {@code utilization} group of a result: how busy the process, the machine and the GPU were
 * while the scenario was measured. A figure the machine cannot give is null and {@code
 * unavailableReason} says why, never zero.
 *
 * @param cpuProcessPct this process's CPU time over the wall time, in units of one core (100 = one
 *     core busy, as {@code top} shows)
 * @param cpuSystemPct the machine's busy share of all cores, 0-100
 * @param gcCount garbage collections during the measurement
 * @param gcTimeMs time the collectors report for them, ms
 * @param gpuUtilPct mean utilization of the busiest GPU, 0-100
 * @param samplerCpuPct the sampler thread's own CPU time over the wall time, in units of one core
 * @param unavailableReason why each null figure is null ({@code figure: reason; ...}), or null
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record UtilizationFigures(
    Double cpuProcessPct,
    Double cpuSystemPct,
    Long gcCount,
    Double gcTimeMs,
    Double gpuUtilPct,
    Double samplerCpuPct,
    String unavailableReason) {}
