package dev.junitbench.sampling;

import dev.junitbench.config.Defaults;
import dev.junitbench.results.EnergyFigures;
import dev.junitbench.results.MemoryFigures;
import dev.junitbench.results.UtilizationFigures;
import dev.junitbench.run.RunWarnings;
import dev.junitbench.spi.Causes;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Samples what a scenario costs besides time while it is measured: the process's resident set and
 * heap every interval on a thread of its own; its CPU time, the machine's CPU load, garbage
 * collections and the CPU packages' energy between start and stop; the busiest NVIDIA GPU through
 * one streaming nvidia-smi. The measurement loop never waits for it. A source that fails leaves its
 * figures null, with the reason in the result and once per run on stderr; the scenario still runs.
 */
public final class ResourceSampler {

  private static final double MIB = 1024.0 * 1024.0;

  /**
   * How to sample.
   *
   * @param enabled false: no sampling, every figure null with that reason
   * @param interval between two readings of the resident set and heap
   * @param nvidiaSmi the nvidia-smi command
   * @param powercapRoot where the energy counters are
   */
  public record Settings(boolean enabled, Duration interval, String nvidiaSmi, Path powercapRoot) {}

  /** The three groups of a result. */
  public record Figures(MemoryFigures memory, UtilizationFigures utilization, EnergyFigures energy) {}

  private final Settings settings;
  private final Machine machine;

  /** A sampler of this process and machine. */
  public ResourceSampler(Settings settings) {
    this(settings, Machine.real());
  }

  /** A sampler reading {@code machine}: tests give fakes. */
  public ResourceSampler(Settings settings, Machine machine) {
    this.settings = settings;
    this.machine = machine;
  }

  /** Hands freed memory back to the system, so a footprint measured next is not hidden by reuse. */
  public void releaseFreedMemory() {
    machine.releaseFreedMemory();
  }

  /** The resident set size now, in MiB, or why it cannot be read: for the model's footprint. */
  public Reading rssMb() {
    try {
      return new Reading(machine.rssBytes() / MIB, null);
    } catch (Exception | LinkageError e) {
      return new Reading(null, "the resident set size cannot be read (" + Causes.describe(e) + ")");
    }
  }

  /** A figure, or why there is none. */
  public record Reading(Double value, String problem) {}

  /** Starts sampling; call right before the measurement starts. */
  public Session start() {
    return new Session();
  }

  /** One measurement's sampling. */
  public final class Session {
    private final long startNs = System.nanoTime();
    private final boolean enabled = settings.enabled();
    private final List<String> memoryProblems = new ArrayList<>();
    private final List<String> utilizationProblems = new ArrayList<>();
    private final List<String> energyProblems = new ArrayList<>();
    private long cpuStart = -1;
    private long[] ticksStart;
    private long gcCountStart;
    private long gcTimeStart;
    private long[] energyStart;
    private Powercap powercap;
    private GpuStream gpu;
    private Thread thread;
    private volatile boolean stopping;
    // Written by the sampler thread only; read after it is joined.
    private double rssPeak = -1;
    private double rssSum;
    private double heapPeak = -1;
    private int readings;
    private long samplerCpuNs = -1;
    private String samplerFailure;

    private Session() {
      if (!enabled) {
        return;
      }
      cpuStart = machine.processCpuNanos();
      try {
        ticksStart = machine.systemTicks();
      } catch (Exception | LinkageError e) {
        utilizationProblems.add("cpu_system_pct: " + warn("cpu load", "the machine's CPU load cannot be read ("
            + Causes.describe(e) + ")"));
      }
      gcCountStart = machine.gcCount();
      gcTimeStart = machine.gcTimeMs();
      startEnergy();
      startGpu();
      thread = new Thread(this::sample, "junit-bench resource sampler");
      thread.setDaemon(true);
      thread.start();
    }

    private void startEnergy() {
      powercap = Powercap.at(settings.powercapRoot());
      try {
        energyStart = powercap.read();
      } catch (java.io.IOException | RuntimeException e) {
        energyProblems.add("powercap: " + warn("powercap", e.getMessage()));
      }
    }

    private void startGpu() {
      GpuInventory inventory = GpuInventory.of(settings.nvidiaSmi());
      if (inventory.gpus().isEmpty()) {
        noGpu("no NVIDIA GPU figures: " + inventory.problem());
        return;
      }
      try {
        gpu = new NvidiaSmi(settings.nvidiaSmi(), Defaults.NVIDIA_SMI_TIMEOUT).stream(settings.interval());
      } catch (NvidiaSmiException e) {
        noGpu(e.getMessage());
      }
    }

    private void noGpu(String reason) {
      String warned = warn("nvidia-smi", reason);
      memoryProblems.add("gpu_mem_peak_mb, gpu_mem_process_mb: " + warned);
      utilizationProblems.add("gpu_util_pct: " + warned);
      energyProblems.add("nvidia-smi: " + warned);
    }

    /** The sampler thread: reads, then sleeps an interval, until stopped; one last reading at the end. */
    private void sample() {
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      long cpu0 = threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : -1;
      long intervalNs = settings.interval().toNanos();
      try {
        while (true) {
          boolean last = stopping;
          double rss = machine.rssBytes() / MIB;
          double heap = machine.heapUsedBytes() / MIB;
          rssPeak = Math.max(rssPeak, rss);
          heapPeak = Math.max(heapPeak, heap);
          rssSum += rss;
          readings++;
          if (last) {
            break;
          }
          LockSupport.parkNanos(intervalNs);
        }
      } catch (Exception | LinkageError e) {
        samplerFailure = Causes.describe(e);
      } finally {
        if (cpu0 >= 0) {
          samplerCpuNs = threads.getCurrentThreadCpuTime() - cpu0;
        }
      }
    }

    /**
     * Stops sampling right after the measurement and summarizes it.
     *
     * @param calls the measured calls, for the energy of one
     * @param footprint the model's footprint, or null for a plain benchmark
     */
    public Figures stop(long calls, Reading footprint) {
      long wallNs = System.nanoTime() - startNs;
      if (!enabled) {
        String off = "sampling is off (junit.bench.sampling.enabled=false)";
        Double model = footprint == null ? null : footprint.value();
        return new Figures(new MemoryFigures(null, null, null, model, null, null, off),
            new UtilizationFigures(null, null, null, null, null, null, off), new EnergyFigures(null, null, off));
      }
      long cpuEnd = machine.processCpuNanos();
      long[] ticksEnd = null;
      try {
        ticksEnd = ticksStart == null ? null : machine.systemTicks();
      } catch (Exception | LinkageError e) {
        utilizationProblems.add("cpu_system_pct: " + warn("cpu load", "the machine's CPU load cannot be read ("
            + Causes.describe(e) + ")"));
      }
      long gcCount = machine.gcCount() - gcCountStart;
      long gcTime = machine.gcTimeMs() - gcTimeStart;
      stopping = true;
      LockSupport.unpark(thread);
      try {
        thread.join(Math.max(1000, settings.interval().toMillis() * 4));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      GpuStream.Figures gpuFigures = gpu == null ? null : gpu.stop();
      Double gpuProcessMb = null;
      if (gpuFigures != null && gpuFigures.problem() != null) {
        noGpu(gpuFigures.problem());
      } else if (gpuFigures != null) {
        try {
          gpuProcessMb = new NvidiaSmi(settings.nvidiaSmi(), Defaults.NVIDIA_SMI_TIMEOUT)
              .processMemoryMb(ProcessHandle.current().pid()).map(Long::doubleValue).orElse(null);
          if (gpuProcessMb == null) {
            memoryProblems.add("gpu_mem_process_mb: this process holds no GPU memory");
          }
        } catch (NvidiaSmiException e) {
          memoryProblems.add("gpu_mem_process_mb: " + warn("nvidia-smi", e.getMessage()));
        }
      }
      return new Figures(memory(footprint, gpuFigures, gpuProcessMb), utilization(cpuEnd, ticksEnd, wallNs, gcCount,
          gcTime, gpuFigures), energy(calls, wallNs, gpuFigures));
    }

    private MemoryFigures memory(Reading footprint, GpuStream.Figures gpuFigures, Double gpuProcessMb) {
      List<String> problems = new ArrayList<>(memoryProblems);
      boolean sampled = samplerFailure == null && readings > 0;
      if (!sampled) {
        String reason = warn("sampler", "the resource sampler failed (" + (samplerFailure == null
            ? "it read nothing" : samplerFailure) + ")");
        problems.add(0, "rss_peak_mb, rss_avg_mb, heap_peak_mb: " + reason);
      }
      Double model = footprint == null ? null : footprint.value();
      if (footprint != null && footprint.problem() != null) {
        problems.add("model_footprint_mb: " + footprint.problem());
      } else if (footprint == null) {
        problems.add("model_footprint_mb: the benchmark opens no model");
      }
      return new MemoryFigures(sampled ? rssPeak : null, sampled ? rssSum / readings : null, sampled ? heapPeak : null,
          model, gpuFigures == null ? null : gpuFigures.memoryPeakMb(), gpuProcessMb, reasons(problems));
    }

    private UtilizationFigures utilization(long cpuEnd, long[] ticksEnd, long wallNs, long gcCount, long gcTime,
        GpuStream.Figures gpuFigures) {
      List<String> problems = new ArrayList<>(utilizationProblems);
      Double process = null;
      if (cpuStart < 0 || cpuEnd < 0) {
        problems.add("cpu_process_pct: " + warn("process cpu", "this JVM does not report its CPU time"));
      } else if (cpuEnd <= cpuStart) {
        problems.add("cpu_process_pct: the measurement (" + wallNs / 1_000_000 + " ms) was shorter than the"
            + " resolution of the process's CPU clock");
      } else {
        process = (cpuEnd - cpuStart) * 100.0 / wallNs;
      }
      Double system = ticksEnd == null ? null : busyPct(ticksStart, ticksEnd);
      if (ticksEnd != null && system == null) {
        problems.add("cpu_system_pct: the measurement (" + wallNs / 1_000_000 + " ms) was shorter than the"
            + " machine's CPU counters' tick");
      }
      Double sampler = samplerCpuNs >= 0 ? samplerCpuNs * 100.0 / wallNs : null;
      return new UtilizationFigures(process, system, gcCount, (double) gcTime,
          gpuFigures == null ? null : gpuFigures.utilizationPct(), sampler, reasons(problems));
    }

    private EnergyFigures energy(long calls, long wallNs, GpuStream.Figures gpuFigures) {
      List<String> problems = new ArrayList<>(energyProblems);
      double joules = 0;
      List<String> sources = new ArrayList<>();
      if (energyStart != null) {
        try {
          double cpu = powercap.joulesBetween(energyStart, powercap.read());
          if (cpu > 0) {
            joules += cpu;
            sources.add("powercap");
          } else {
            problems.add("powercap: the energy counters did not advance");
          }
        } catch (java.io.IOException | RuntimeException e) {
          problems.add("powercap: " + warn("powercap", e.getMessage()));
        }
      }
      if (gpuFigures != null && gpuFigures.powerAvgW() != null) {
        joules += gpuFigures.powerAvgW() * wallNs / 1e9;
        sources.add("nvidia-smi");
      } else if (gpuFigures != null && gpuFigures.problem() == null) {
        problems.add("nvidia-smi: the GPU reports no power draw");
      }
      if (sources.isEmpty() || calls <= 0) {
        return new EnergyFigures(null, null, reasons(problems));
      }
      return new EnergyFigures(joules / calls, String.join("+", sources), reasons(problems));
    }
  }

  // OSHI's tick order: user, nice, system, idle, iowait, irq, softirq, steal.
  private static final int IDLE = 3;
  private static final int IOWAIT = 4;

  /** The busy share of all cores between two tick readings, 0-100; null when no tick passed. */
  static Double busyPct(long[] before, long[] after) {
    long total = 0;
    for (int i = 0; i < before.length && i < after.length; i++) {
      total += after[i] - before[i];
    }
    if (total <= 0) {
      return null;
    }
    long idle = (after[IDLE] - before[IDLE]) + (after.length > IOWAIT ? after[IOWAIT] - before[IOWAIT] : 0);
    return (total - idle) * 100.0 / total;
  }

  /** Warns once per run for {@code source}'s {@code reason} and returns the reason for the result. */
  private static String warn(String source, String reason) {
    RunWarnings.warnOnce(source + ": " + reason, reason + " (" + source + " figures are null)");
    return reason;
  }

  private static String reasons(List<String> problems) {
    return problems.isEmpty() ? null : String.join("; ", problems);
  }
}
