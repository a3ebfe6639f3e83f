package dev.junitbench.sampling;

import dev.junitbench.machine.Machine;
import dev.junitbench.warnings.Causes;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * The one thread the built-in probes share during a measurement: it reads the resident set and heap
 * every interval, and the energy counters at least once a second, until stopped; one last reading
 * at the end. Its own CPU time is a figure too (what sampling cost).
 */
final class SamplerThread {

  private static final double MIB = 1024.0 * 1024.0;
  private static final long ENERGY_READ_NS = 1_000_000_000L;

  private final Machine machine;
  private final Duration interval;
  private EnergyMeter energy;
  private Thread thread;
  private volatile boolean stopping;
  private boolean stopped;
  // Written by the thread only; read after it is joined.
  private double rssPeak = -1;
  private double rssSum;
  private double heapPeak = -1;
  private double heapSum;
  private int readings;
  private long cpuNs = -1;
  private String failure;

  SamplerThread(Machine machine, Duration interval) {
    this.machine = machine;
    this.interval = interval;
  }

  /** The energy counters the thread keeps reading; set before {@link #start()}. */
  void readEnergy(EnergyMeter meter) {
    this.energy = meter;
  }

  void start() {
    thread = new Thread(this::run, "junit-bench resource sampler");
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * Whether the thread was started: a scenario that failed before its measurement never starts it.
   */
  boolean started() {
    return thread != null;
  }

  /** Stops the thread and waits for its last reading; true when it stopped in time. */
  boolean stop() {
    if (thread == null) {
      return false;
    }
    if (!stopped) {
      stopping = true;
      LockSupport.unpark(thread);
      try {
        thread.join(Math.max(1000, interval.toMillis() * 4));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      stopped = !thread.isAlive();
    }
    return stopped;
  }

  private void run() {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long cpu0 = threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : -1;
    long intervalNs = interval.toNanos();
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
        if (energy != null && now - lastEnergy >= ENERGY_READ_NS) {
          // Often enough that a counter cannot wrap twice between two readings.
          energy.read();
          lastEnergy = now;
        }
        LockSupport.parkNanos(intervalNs);
      }
    } catch (Exception | LinkageError e) {
      failure = Causes.describe(e);
    } finally {
      if (cpu0 >= 0) {
        cpuNs = threads.getCurrentThreadCpuTime() - cpu0;
      }
    }
  }

  /** Whether its readings stand: it stopped in time, did not fail and read at least once. */
  boolean sampled() {
    return stopped && failure == null && readings > 0;
  }

  /** Why its readings do not stand, once it was started. */
  String failureReason() {
    return failure != null
        ? failure
        : !stopped ? "its thread did not stop in time" : "it read nothing";
  }

  double rssPeakMb() {
    return rssPeak;
  }

  double rssAvgMb() {
    return rssSum / readings;
  }

  double heapPeakMb() {
    return heapPeak;
  }

  double heapAvgMb() {
    return heapSum / readings;
  }

  /** Its own CPU time, ns, or -1 when the JVM does not measure a thread's or it did not stop. */
  long cpuNs() {
    return stopped ? cpuNs : -1;
  }
}
