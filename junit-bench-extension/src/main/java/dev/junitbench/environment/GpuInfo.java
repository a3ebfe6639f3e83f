package dev.junitbench.environment;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A GPU of the machine, as nvidia-smi or OSHI describes it; unknown values are null.
 *
 * @param index the GPU's index (nvidia-smi's order), or null from OSHI
 * @param name {@code NVIDIA H100 80GB HBM3}
 * @param vendor {@code NVIDIA}, or OSHI's vendor string
 * @param memoryTotalMb the GPU's memory in MiB
 * @param driverVersion the driver's version
 * @param cudaVersion the highest CUDA version the driver supports, from nvidia-smi
 * @param source {@code nvidia-smi} or {@code oshi}
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record GpuInfo(
    Integer index,
    String name,
    String vendor,
    Long memoryTotalMb,
    String driverVersion,
    String cudaVersion,
    String source) {}
