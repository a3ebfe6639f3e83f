package dev.junitbench.sampling;

import dev.junitbench.config.Defaults;
import dev.junitbench.infra.Device;
import dev.junitbench.machine.GpuInventory;
import dev.junitbench.machine.GpuStream;
import dev.junitbench.machine.NvidiaSmi;
import dev.junitbench.machine.NvidiaSmiException;
import dev.junitbench.results.Aggregation;
import dev.junitbench.spi.Probe;
import dev.junitbench.spi.ProbeEnd;
import dev.junitbench.spi.ProbeFigures;
import dev.junitbench.spi.ProbeScenario;
import java.time.Duration;

/**
 * The busiest NVIDIA GPU through one streaming nvidia-smi, started before the warm-up: its memory,
 * utilization and power draw, added to the memory, utilization and energy groups.
 */
final class GpuProbe implements Probe {

  static final String MEMORY_FIGURES = "gpu_mem_peak_mb, gpu_mem_process_mb";

  private final String nvidiaSmi;
  private final Duration interval;
  private final ProbeFigures missing = new ProbeFigures();
  private GpuStream gpu;

  GpuProbe(String nvidiaSmi, Duration interval) {
    this.nvidiaSmi = nvidiaSmi;
    this.interval = interval;
  }

  @Override
  public String name() {
    return "gpu";
  }

  @Override
  public void scenarioStarts(ProbeScenario scenario) {
    if (scenario.device() == Device.CPU) {
      noGpu("the scenario runs on the cpu", false);
      return;
    }
    GpuInventory inventory = GpuInventory.of(nvidiaSmi);
    if (inventory.gpus().isEmpty()) {
      noGpu("no NVIDIA GPU figures: " + inventory.problem(), true);
      return;
    }
    try {
      gpu = new NvidiaSmi(nvidiaSmi, Defaults.NVIDIA_SMI_TIMEOUT).stream(interval);
    } catch (NvidiaSmiException e) {
      noGpu(e.getMessage(), true);
    }
  }

  private void noGpu(String reason, boolean warn) {
    String told = warn ? ResourceSampler.warn("nvidia-smi", reason) : reason;
    missing.unavailable("memory", MEMORY_FIGURES, told);
    missing.unavailable("utilization", "gpu_util_pct", told);
    missing.unavailable("energy", "nvidia-smi", told);
  }

  @Override
  public void measurementStarts() {
    if (gpu != null) {
      gpu.measurementStarts();
    }
  }

  @Override
  public ProbeFigures measurementEnds(ProbeEnd end) {
    if (gpu == null) {
      return missing;
    }
    GpuStream.Figures figures = gpu.stop();
    ProbeFigures out = new ProbeFigures();
    if (figures.samples() == 0) {
      String reason =
          figures.problem() != null
              ? ResourceSampler.warn("nvidia-smi", figures.problem())
              : figures.linesRead() > 0
                  ? "no nvidia-smi sample fell within the measurement ("
                      + end.wallNs() / 1_000_000
                      + " ms; it reads every "
                      + interval.toMillis()
                      + " ms)"
                  : unusable("nvidia-smi printed nothing while the scenario ran");
      return out.unavailable("memory", MEMORY_FIGURES, reason)
          .unavailable("utilization", "gpu_util_pct", reason)
          .unavailable("energy", "nvidia-smi", reason);
    }
    out.put("memory", "gpu_mem_peak_mb", figures.memoryPeakMb(), Aggregation.MAX);
    // What the process held at the end: across forks the most any held, as for a peak.
    out.put("memory", "gpu_mem_process_mb", processMemory(out), Aggregation.MAX);
    out.put("utilization", "gpu_util_pct", figures.utilizationPct(), Aggregation.AVERAGE);
    out.put("energy", "gpu_power_avg_w", figures.powerAvgW(), Aggregation.AVERAGE);
    if (figures.powerAvgW() == null) {
      out.unavailable("energy", "nvidia-smi", "the GPU reports no power draw");
    }
    return out;
  }

  private Double processMemory(ProbeFigures out) {
    long pid = ProcessHandle.current().pid();
    try {
      Double held =
          new NvidiaSmi(nvidiaSmi, Defaults.NVIDIA_SMI_TIMEOUT)
              .processMemoryMb(pid)
              .map(Long::doubleValue)
              .orElse(null);
      if (held == null) {
        out.unavailable(
            "memory",
            "gpu_mem_process_mb",
            "nvidia-smi lists no compute app with pid "
                + pid
                + " (in a container it may list the host's pids)");
      }
      return held;
    } catch (NvidiaSmiException e) {
      out.unavailable("memory", "gpu_mem_process_mb", unusable(e.getMessage()));
      return null;
    }
  }

  /**
   * nvidia-smi hung or failed in the middle of the run: later scenarios do not wait for it again.
   */
  private String unusable(String reason) {
    GpuInventory.markUnusable(nvidiaSmi, reason);
    return ResourceSampler.warn("nvidia-smi", reason);
  }
}
