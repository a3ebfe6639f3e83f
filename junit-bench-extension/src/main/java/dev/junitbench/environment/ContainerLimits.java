package dev.junitbench.environment;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The CPU and memory limits of the control group this process runs in: a 2-core container on a
 * 64-core host is a different machine from the host. The tightest limit on the way from the
 * process's own group up to the root counts (a limit on a parent, a Slurm job's or a systemd
 * slice's, binds its children). Read from cgroup v2 ({@code cpu.max}, {@code memory.max}) or v1
 * ({@code cpu/cpu.cfs_quota_us}, {@code memory/memory.limit_in_bytes}); null means no limit.
 *
 * @param cgroupVersion 1 or 2
 * @param cpuLimitCores the CPU quota in cores ({@code 2.0}), null when there is none
 * @param memoryLimitBytes the memory limit, null when there is none
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ContainerLimits(int cgroupVersion, Double cpuLimitCores, Long memoryLimitBytes) {}
