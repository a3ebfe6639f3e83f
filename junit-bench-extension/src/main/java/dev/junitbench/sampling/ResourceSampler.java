package dev.junitbench.sampling;

import dev.junitbench.Device;
import dev.junitbench.config.Defaults;
import dev.junitbench.results.EnergyFigures;
import dev.junitbench.results.MemoryFigures;
import dev.junitbench.results.UtilizationFigures;
import dev.junitbench.warnings.RunWarnings;
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
 * heap every interval, and the CPU packages' energy counters at least once a second, on a thread of
 * its own; its CPU time, the machine's CPU load and garbage collections at the start and end; the
 * busiest NVIDIA GPU through one streaming nvidia-smi, started before the warm-up. The measurement
 * loop never waits for it. A source that fails leaves its figures null, with the reason in the
 * result and once per run on stderr; the scenario still runs.
 */
public final class ResourceSampler {

  private static final double MIB = 1024.0 * 1024.0;
  private static final long ENERGY_READ_NS = 1_000_000_000L;

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

  /** A figure, or why there is none. */
  public record Reading(Double value, String problem) {}

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

  /**
   * Prepares a scenario on {@code device}: starts nvidia-smi for a GPU scenario, so its start-up
   * falls in the warm-up. Call {@link Session#measurementStarts()} when the measurement starts.
   */
  public Session prepare(Device device) {
    return new Session(device);
  }

  /** One scenario's sampling. */
  public final class Session {
    private final boolean enabled = settings.enabled();
    private final List<String> memoryProblems = new ArrayList<>();
    private final List<String> utilizationProblems = new ArrayList<>();
    private final List<String> energyProblems = new ArrayList<>();
    private final Device device;
    private GpuStream gpu;
    private long startNs;
    private long cpuStart = -1;
    private long[] ticksStart;
    private long gcCountStart = -1;
    private long gcTimeStart = -1;
    private EnergyMeter energy;
    private Thread thread;
    private volatile boolean stopping;
    // Written by the sampler thread only; read after it is joined.
    private double rssPeak = -1;
    private double rssSum;
    private double heapPeak = -1;
    private double heapSum;
    private int readings;
    private long samplerCpuNs = -1;
    private String samplerFailure;

    private Session(Device device) {
      this.device = device;
      if (enabled) {
        startGpu();
      }
    }

    private void startGpu() {
      if (device == Device.CPU) {
        noGpu("the scenario runs on the cpu", false);
        return;
      }
      GpuInventory inventory = GpuInventory.of(settings.nvidiaSmi());
      if (inventory.gpus().isEmpty()) {
        noGpu("no NVIDIA GPU figures: " + inventory.problem(), true);
        return;
      }
      try {
        gpu = new NvidiaSmi(settings.nvidiaSmi(), Defaults.NVIDIA_SMI_TIMEOUT).stream(settings.interval());
      } catch (NvidiaSmiException e) {
        noGpu(e.getMessage(), true);
      }
    }

    private void noGpu(String reason, boolean warn) {
      String told = warn ? warn("nvidia-smi", reason) : reason;
      memoryProblems.add("gpu_mem_peak_mb, gpu_mem_process_mb: " + told);
      utilizationProblems.add("gpu_util_pct: " + told);
      energyProblems.add("nvidia-smi: " + told);
    }

    /** The measurement starts now: reads the start of every counter and starts the sampler thread. */
    public void measurementStarts() {
      if (!enabled) {
        return;
      }
      cpuStart = safely(machine::processCpuNanos);
      try {
        ticksStart = machine.systemTicks();
      } catch (Exception | LinkageError e) {
        utilizationProblems.add("cpu_system_pct: " + warn("oshi", Machine.Oshi.failureReason(e)));
      }
      gcCountStart = safely(machine::gcCount);
      gcTimeStart = safely(machine::gcTimeMs);
      energy = EnergyMeter.start(Powercap.at(settings.powercapRoot()));
      energy.failure().ifPresent(reason -> energyProblems.add("powercap: " + warn("powercap", reason)));
      thread = new Thread(this::sample, "junit-bench resource sampler");
      thread.setDaemon(true);
      if (gpu != null) {
        gpu.measurementStarts();
      }
      startNs = System.nanoTime();
      thread.start();
    }

    /** The sampler thread: reads, then sleeps an interval, until stopped; one last reading at the end. */
    private void sample() {
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      long cpu0 = threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : -1;
      long intervalNs = settings.interval().toNanos();
      long lastEnergy = System.nanoTime();
      try {
        while (true) {
          boolean last = stopping;
          double rss = machine.rssBytes() / MIB;
          double heap = machine.heapUsedBytes() / MIB;
          rssPeak = Math.max(rssPeak, rss);
          heapPeak = Math.max(heapPeak, heap);
          rssSum += rss;
          heapSum += heap;
          readings++;
          if (last) {
            break;
          }
          long now = System.nanoTime();
          if (now - lastEnergy >= ENERGY_READ_NS) {
            // Often enough that a counter cannot wrap twice between two readings.
            energy.read();
            lastEnergy = now;
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
     * Stops sampling right after the measurement and summarizes it; call once, also when the
     * measurement failed (the figures are then not wanted, but nvidia-smi and the thread must stop).
     *
     * @param samples the measured calls times the batch size, for the energy of one inference
     * @param footprint the model's footprint, or null for a plain benchmark
     */
    public Figures stop(long samples, Reading footprint) {
      long wallNs = System.nanoTime() - startNs;
      if (!enabled) {
        String off = "sampling is off (junit.bench.sampling.enabled=false)";
        Double model = footprint == null ? null : footprint.value();
        return new Figures(new MemoryFigures(null, null, null, null, model, null, null, off),
            new UtilizationFigures(null, null, null, null, null, null, off), new EnergyFigures(null, null, null, off));
      }
      // Every counter's end first, at the measurement's end; then what takes time to stop.
      long cpuEnd = safely(machine::processCpuNanos);
      long[] ticksEnd = null;
      try {
        ticksEnd = ticksStart == null ? null : machine.systemTicks();
      } catch (Exception | LinkageError e) {
        utilizationProblems.add("cpu_system_pct: " + warn("oshi", Machine.Oshi.failureReason(e)));
      }
      long gcCount = difference(gcCountStart, safely(machine::gcCount));
      long gcTime = difference(gcTimeStart, safely(machine::gcTimeMs));
      Double cpuJoules = energy == null ? null : energy.stop();
      GpuStream.Figures gpuFigures = gpu == null ? null : gpu.stop();
      boolean threadStopped = stopThread();
      Double gpuProcessMb = gpuProcessMemory(gpuFigures, wallNs);
      return new Figures(memory(footprint, gpuFigures, gpuProcessMb, threadStopped),
          utilization(cpuEnd, ticksEnd, wallNs, gcCount, gcTime, gpuFigures, threadStopped),
          energy(samples, wallNs, cpuJoules, gpuFigures));
    }

    private boolean stopThread() {
      if (thread == null) {
        // Never started: the scenario ended before its measurement did (it failed or was aborted).
        return false;
      }
      stopping = true;
      LockSupport.unpark(thread);
      try {
        thread.join(Math.max(1000, settings.interval().toMillis() * 4));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return !thread.isAlive();
    }

    private Double gpuProcessMemory(GpuStream.Figures gpuFigures, long wallNs) {
      if (gpuFigures == null) {
        return null;
      }
      if (gpuFigures.samples() == 0) {
        String reason = gpuFigures.problem() != null ? warn("nvidia-smi", gpuFigures.problem())
            : gpuFigures.linesRead() > 0 ? "no nvidia-smi sample fell within the measurement (" + wallNs / 1_000_000
                + " ms; it reads every " + settings.interval().toMillis() + " ms)"
            : unusable("nvidia-smi printed nothing while the scenario ran");
        memoryProblems.add("gpu_mem_peak_mb, gpu_mem_process_mb: " + reason);
        utilizationProblems.add("gpu_util_pct: " + reason);
        energyProblems.add("nvidia-smi: " + reason);
        return null;
      }
      long pid = ProcessHandle.current().pid();
      try {
        Double held = new NvidiaSmi(settings.nvidiaSmi(), Defaults.NVIDIA_SMI_TIMEOUT).processMemoryMb(pid)
            .map(Long::doubleValue).orElse(null);
        if (held == null) {
          memoryProblems.add("gpu_mem_process_mb: nvidia-smi lists no compute app with pid " + pid
              + " (in a container it may list the host's pids)");
        }
        return held;
      } catch (NvidiaSmiException e) {
        memoryProblems.add("gpu_mem_process_mb: " + unusable(e.getMessage()));
        return null;
      }
    }

    /** nvidia-smi hung or failed in the middle of the run: later scenarios do not wait for it again. */
    private String unusable(String reason) {
      GpuInventory.markUnusable(settings.nvidiaSmi(), reason);
      return warn("nvidia-smi", reason);
    }

    private MemoryFigures memory(Reading footprint, GpuStream.Figures gpuFigures, Double gpuProcessMb,
        boolean threadStopped) {
      List<String> problems = new ArrayList<>(memoryProblems);
      boolean sampled = threadStopped && samplerFailure == null && readings > 0;
      if (thread == null) {
        // Nothing failed: there was no measurement to sample, and no figure is wanted.
        problems.add(0, "rss_peak_mb, rss_avg_mb, heap_peak_mb, heap_avg_mb: not sampled, the scenario ended before"
            + " its measurement started");
      } else if (!sampled) {
        String reason = warn("sampler", "the resource sampler failed (" + (samplerFailure != null ? samplerFailure
            : !threadStopped ? "its thread did not stop in time" : "it read nothing") + ")");
        problems.add(0, "rss_peak_mb, rss_avg_mb, heap_peak_mb, heap_avg_mb: " + reason);
      }
      Double model = footprint == null ? null : footprint.value();
      if (footprint == null) {
        problems.add("model_footprint_mb: the benchmark opens no model");
      } else if (footprint.problem() != null) {
        problems.add("model_footprint_mb: " + footprint.problem());
      }
      return new MemoryFigures(sampled ? rssPeak : null, sampled ? rssSum / readings : null, sampled ? heapPeak : null,
          sampled ? heapSum / readings : null, model, gpuFigures == null ? null : gpuFigures.memoryPeakMb(), gpuProcessMb, reasons(problems));
    }

    private UtilizationFigures utilization(long cpuEnd, long[] ticksEnd, long wallNs, long gcCount, long gcTime,
        GpuStream.Figures gpuFigures, boolean threadStopped) {
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
      if (gcCount < 0) {
        problems.add("gc_count, gc_time_ms: " + warn("gc", "no garbage collector of this JVM counts its collections"));
      }
      Double sampler = threadStopped && samplerCpuNs >= 0 ? samplerCpuNs * 100.0 / wallNs : null;
      if (sampler == null) {
        problems.add("sampler_cpu_pct: this JVM does not measure a thread's CPU time, or the sampler failed");
      }
      return new UtilizationFigures(process, system, gcCount < 0 ? null : gcCount, gcTime < 0 ? null : (double) gcTime,
          gpuFigures == null ? null : gpuFigures.utilizationPct(), sampler, reasons(problems));
    }

    private EnergyFigures energy(long samples, long wallNs, Double cpuJoules, GpuStream.Figures gpuFigures) {
      List<String> problems = new ArrayList<>(energyProblems);
      double joules = 0;
      List<String> sources = new ArrayList<>();
      if (cpuJoules != null && cpuJoules > 0) {
        joules += cpuJoules;
        sources.add("powercap");
      } else if (energy != null && energy.failure().isEmpty()) {
        problems.add("powercap: " + energy.stopFailure().orElse("the energy counters did not advance"));
      }
      if (gpuFigures != null && gpuFigures.powerAvgW() != null) {
        joules += gpuFigures.powerAvgW() * wallNs / 1e9;
        sources.add("nvidia-smi");
      } else if (gpuFigures != null && gpuFigures.samples() > 0) {
        problems.add("nvidia-smi: the GPU reports no power draw");
      }
      if (samples <= 0) {
        problems.add("joules_per_inference: no inference was measured");
      }
      Double power = gpuFigures == null ? null : gpuFigures.powerAvgW();
      if (sources.isEmpty() || samples <= 0) {
        return new EnergyFigures(null, null, power, reasons(problems));
      }
      return new EnergyFigures(joules / samples, String.join("+", sources), power, reasons(problems));
    }
  }

  private static long safely(java.util.function.LongSupplier reading) {
    try {
      return reading.getAsLong();
    } catch (RuntimeException | LinkageError e) {
      return -1;
    }
  }

  private static long difference(long start, long end) {
    return start < 0 || end < 0 ? -1 : end - start;
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
