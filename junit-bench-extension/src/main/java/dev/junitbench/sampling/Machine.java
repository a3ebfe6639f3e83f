package dev.junitbench.sampling;

import dev.junitbench.model.NativeCaches;
import java.io.BufferedReader;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the resource sampler reads of this process and this machine. The real one reads
 * {@code /proc} and the JVM's management beans, and OSHI where Linux's files are not there; tests
 * give fakes, broken ones included.
 */
public interface Machine {

  /** The process's resident set size, in bytes. */
  long rssBytes() throws Exception;

  /** The JVM heap in use, in bytes. */
  long heapUsedBytes();

  /** The CPU time this process has used, in nanoseconds; negative when unknown. */
  long processCpuNanos();

  /**
   * The machine's CPU time counters in OSHI's order (user, nice, system, idle, iowait, irq,
   * softirq, steal), summed over all cores.
   */
  long[] systemTicks() throws Exception;

  /** Garbage collections so far, over all collectors. */
  long gcCount();

  /** Time the collectors report so far, ms. */
  long gcTimeMs();

  /** This process and machine. */
  static Machine real() {
    return RealMachine.INSTANCE;
  }

  /** The real machine: {@code /proc/self/status} for the resident set on Linux, OSHI elsewhere. */
  final class RealMachine implements Machine {
    static final RealMachine INSTANCE = new RealMachine();
    private static final Path STATUS = Path.of("/proc/self/status");

    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private volatile oshi.hardware.CentralProcessor processor;

    private RealMachine() {}

    @Override
    public long rssBytes() throws IOException {
      if (Files.isReadable(STATUS)) {
        try (BufferedReader lines = Files.newBufferedReader(STATUS, StandardCharsets.US_ASCII)) {
          String line;
          while ((line = lines.readLine()) != null) {
            if (line.startsWith("VmRSS:")) {
              // "VmRSS:    123456 kB"
              String kilobytes = line.substring(6).replace("kB", "").strip();
              return Long.parseLong(kilobytes) * 1024;
            }
          }
        }
        throw new IOException(STATUS + " has no VmRSS line");
      }
      return Oshi.system().getOperatingSystem().getCurrentProcess().getResidentSetSize();
    }

    @Override
    public long heapUsedBytes() {
      return memory.getHeapMemoryUsage().getUsed();
    }

    @Override
    public long processCpuNanos() {
      if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean bean) {
        return bean.getProcessCpuTime();
      }
      return -1;
    }

    @Override
    public long[] systemTicks() {
      return processor().getSystemCpuLoadTicks();
    }

    private oshi.hardware.CentralProcessor processor() {
      if (processor == null) {
        processor = Oshi.system().getHardware().getProcessor();
      }
      return processor;
    }

    @Override
    public long gcCount() {
      long count = 0;
      for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
        count += Math.max(0, collector.getCollectionCount());
      }
      return count;
    }

    @Override
    public long gcTimeMs() {
      long time = 0;
      for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
        time += Math.max(0, collector.getCollectionTime());
      }
      return time;
    }
  }

  /** OSHI's entry point, created once: its first use loads JNA, extracted under target/. */
  final class Oshi {
    private static oshi.SystemInfo system;

    private Oshi() {}

    /** The one {@code SystemInfo} of the process. */
    public static synchronized oshi.SystemInfo system() {
      if (system == null) {
        NativeCaches.prepareJna();
        if (System.getProperty("slf4j.internal.verbosity") == null) {
          // OSHI logs through SLF4J; without a provider SLF4J would print three lines of warning per run.
          System.setProperty("slf4j.internal.verbosity", "ERROR");
        }
        system = new oshi.SystemInfo();
      }
      return system;
    }
  }
}
