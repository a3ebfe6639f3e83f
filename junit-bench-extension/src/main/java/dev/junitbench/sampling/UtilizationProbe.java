package dev.junitbench.sampling;

import dev.junitbench.machine.Machine;
import dev.junitbench.results.Aggregation;
import dev.junitbench.spi.Probe;
import dev.junitbench.spi.ProbeEnd;
import dev.junitbench.spi.ProbeFigures;
import java.util.function.LongSupplier;

/**
 * How busy the process and the machine were, and what the garbage collectors did: counters read at
 * the measurement's start and end; and what the sampler thread itself cost.
 */
final class UtilizationProbe implements Probe, ResourceSampler.CountersFirst {

  // OSHI's tick order: user, nice, system, idle, iowait, irq, softirq, steal.
  private static final int IDLE = 3;
  private static final int IOWAIT = 4;

  private final Machine machine;
  private final SamplerThread thread;
  private final ProbeFigures problems = new ProbeFigures();
  private long cpuStart = -1;
  private long[] ticksStart;
  private long gcCountStart = -1;
  private long gcTimeStart = -1;
  private boolean started;
  private boolean ended;
  private long cpuEnd = -1;
  private long[] ticksEnd;
  private long gcCount = -1;
  private long gcTime = -1;

  UtilizationProbe(Machine machine, SamplerThread thread) {
    this.machine = machine;
    this.thread = thread;
  }

  @Override
  public String name() {
    return "utilization";
  }

  @Override
  public void measurementStarts() {
    started = true;
    cpuStart = safely(machine::processCpuNanos);
    try {
      ticksStart = machine.systemTicks();
    } catch (Exception | LinkageError e) {
      problems.unavailable(
          "cpu_system_pct", ResourceSampler.warn("oshi", Machine.Oshi.failureReason(e)));
    }
    gcCountStart = safely(machine::gcCount);
    gcTimeStart = safely(machine::gcTimeMs);
  }

  @Override
  public ProbeFigures measurementEnds(ProbeEnd end) {
    if (!started) {
      return new ProbeFigures(); // the measurement never started: nothing to read
    }
    readCountersEnd();
    long wallNs = end.wallNs();
    ProbeFigures out = new ProbeFigures();
    Double process = null;
    if (cpuStart < 0 || cpuEnd < 0) {
      out.unavailable(
          "cpu_process_pct",
          ResourceSampler.warn("process cpu", "this JVM does not report its CPU time"));
    } else if (cpuEnd <= cpuStart) {
      out.unavailable(
          "cpu_process_pct",
          "the measurement ("
              + wallNs / 1_000_000
              + " ms) was shorter than the"
              + " resolution of the process's CPU clock");
    } else {
      process = (cpuEnd - cpuStart) * 100.0 / wallNs;
    }
    Double system = ticksEnd == null ? null : busyPct(ticksStart, ticksEnd);
    if (ticksEnd != null && system == null) {
      out.unavailable(
          "cpu_system_pct",
          "the measurement ("
              + wallNs / 1_000_000
              + " ms) was shorter than the"
              + " machine's CPU counters' tick");
    }
    if (gcCount < 0) {
      out.unavailable(
          "gc_count, gc_time_ms",
          ResourceSampler.warn("gc", "no garbage collector of this JVM counts its collections"));
    }
    long samplerNs = thread.cpuNs();
    Double sampler = samplerNs >= 0 ? samplerNs * 100.0 / wallNs : null;
    if (sampler == null) {
      out.unavailable(
          "sampler_cpu_pct",
          "this JVM does not measure a thread's CPU time, or the sampler failed");
    }
    problems
        .problems(ProbeFigures.OWN)
        .forEach(
            problem -> {
              int colon = problem.indexOf(": ");
              out.unavailable(problem.substring(0, colon), problem.substring(colon + 2));
            });
    // Shares of the wall time average across forks; the collectors' counts are totals, and add up.
    return out.put("cpu_process_pct", process, Aggregation.AVERAGE)
        .put("cpu_system_pct", system, Aggregation.AVERAGE)
        .put("gc_count", gcCount < 0 ? null : gcCount, Aggregation.SUM)
        .put("gc_time_ms", gcTime < 0 ? null : (double) gcTime, Aggregation.SUM)
        .put("sampler_cpu_pct", sampler, Aggregation.AVERAGE);
  }

  @Override
  public void readCountersEnd() {
    if (!started || ended) {
      return;
    }
    ended = true;
    cpuEnd = safely(machine::processCpuNanos);
    try {
      ticksEnd = ticksStart == null ? null : machine.systemTicks();
    } catch (Exception | LinkageError e) {
      problems.unavailable(
          "cpu_system_pct", ResourceSampler.warn("oshi", Machine.Oshi.failureReason(e)));
    }
    gcCount = difference(gcCountStart, safely(machine::gcCount));
    gcTime = difference(gcTimeStart, safely(machine::gcTimeMs));
  }

  private static long safely(LongSupplier reading) {
    try {
      return reading.getAsLong();
    } catch (RuntimeException | LinkageError e) {
      return -1;
    }
  }

  private static long difference(long start, long end) {
    return start < 0 || end < 0 ? -1 : end - start;
  }

  /** The busy share of all cores between two tick readings, 0-100; null when no tick passed. */
  static Double busyPct(long[] before, long[] after) {
    long total = 0;
    for (int i = 0; i < before.length && i < after.length; i++) {
      total += after[i] - before[i];
    }
    if (total <= 0) {
      return null;
    }
    long idle =
        (after[IDLE] - before[IDLE]) + (after.length > IOWAIT ? after[IOWAIT] - before[IOWAIT] : 0);
    return (total - idle) * 100.0 / total;
  }
}
