package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The {@code memory} group of a result: what the process held while the scenario was measured. A
 * figure the machine cannot give is null and {@code unavailableReason} says why, never zero.
 *
 * @param rssPeakMb peak resident set size, MiB
 * @param rssAvgMb mean resident set size, MiB
 * @param heapPeakMb peak JVM heap used, MiB
 * @param heapAvgMb mean JVM heap used, MiB
 * @param modelFootprintMb resident set size after opening the model minus before, MiB
 * @param gpuMemPeakMb peak memory used on the busiest GPU (by every process), MiB
 * @param gpuMemProcessMb memory this process held on the GPUs at the end of the measurement, MiB
 * @param unavailableReason why each null figure is null ({@code figure: reason; ...}), or null
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record MemoryFigures(
    Double rssPeakMb,
    Double rssAvgMb,
    Double heapPeakMb,
    Double heapAvgMb,
    Double modelFootprintMb,
    Double gpuMemPeakMb,
    Double gpuMemProcessMb,
    String unavailableReason) {}
