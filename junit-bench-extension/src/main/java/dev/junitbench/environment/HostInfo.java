package dev.junitbench.environment;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * The machine a run was measured on: CPU, memory, operating system, the container's limits and the
 * GPUs. Unknown values are null, and {@code unavailableReason} says why.
 *
 * @param name the host's name; null when {@code junit.bench.host.include-name=false}
 * @param osName the JVM's {@code os.name}: {@code Linux}
 * @param osVersion the JVM's {@code os.version} (on Linux the kernel release)
 * @param osArch the JVM's {@code os.arch}
 * @param distribution the operating system as OSHI names it: {@code Debian GNU/Linux 12}
 * @param kernel the kernel's version, as OSHI reads it
 * @param availableProcessors the processors the JVM may use (a container's CPU quota included)
 * @param cpuModel the CPU's model name
 * @param cpuVendor the CPU's vendor
 * @param cpuPhysicalCores physical cores
 * @param cpuLogicalCores logical processors
 * @param cpuMaxFrequencyHz the CPU's maximum frequency
 * @param totalMemoryBytes physical memory
 * @param container the control group's CPU and memory limits, null where there are no cgroups
 * @param gpus the GPUs nvidia-smi lists, and the other graphics cards OSHI sees
 * @param unavailableReason why figures are missing ({@code what: reason; ...}), or null
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record HostInfo(
    String name,
    String osName,
    String osVersion,
    String osArch,
    String distribution,
    String kernel,
    Integer availableProcessors,
    String cpuModel,
    String cpuVendor,
    Integer cpuPhysicalCores,
    Integer cpuLogicalCores,
    Long cpuMaxFrequencyHz,
    Long totalMemoryBytes,
    ContainerLimits container,
    List<GpuInfo> gpus,
    String unavailableReason) {}
