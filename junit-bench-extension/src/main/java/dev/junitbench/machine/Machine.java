package dev.junitbench.machine;

import com.sun.jna.NativeLibrary;
import com.sun.management.OperatingSystemMXBean;
import dev.junitbench.model.NativeCaches;
import dev.junitbench.warnings.Causes;
import java.io.BufferedReader;
import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.ToLongFunction;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;

/**
 * What the resource sampler reads of this process and this machine. The real one reads {@code
 * /proc} and the JVM's management beans, and OSHI where Linux's files are not there; tests give
 * fakes, broken ones included.
 */
public interface Machine {

  /** The process's resident set size, in bytes. */
  long rssBytes() throws Exception;

  /**
   * Hands memory the process freed back to the system where the C library keeps it (glibc's {@code
   * malloc_trim}), so the resident set grows with what is allocated next instead of reusing what an
   * earlier model freed. Does nothing where that is not possible.
   */
  default void releaseFreedMemory() {}

  /** The JVM heap in use, in bytes. */
  long heapUsedBytes();

  /** The CPU time this process has used, in nanoseconds; negative when unknown. */
  long processCpuNanos();

  /**
   * The machine's CPU time counters in OSHI's order (user, nice, system, idle, iowait, irq,
   * softirq, steal), summed over all cores.
   */
  long[] systemTicks() throws Exception;

  /** Garbage collections so far, over all collectors; negative when no collector counts them. */
  long gcCount();

  /** Time the collectors report so far, ms; negative when no collector reports it. */
  long gcTimeMs();

  /** Time the JIT compilers have spent compiling so far, ms; negative when the JVM does not say. */
  default long jitTimeMs() {
    return -1;
  }

  /** This process and machine. */
  static Machine real() {
    return RealMachine.INSTANCE;
  }

  /**
   * The real machine: {@code /proc/self/statm} for the resident set on Linux (one short line; the
   * page size is found once against {@code /proc/self/status}), OSHI elsewhere.
   */
  final class RealMachine implements Machine {
    static final RealMachine INSTANCE = new RealMachine();
    private static final Path STATUS = Path.of("/proc/self/status");
    private static final Path STATM = Path.of("/proc/self/statm");

    private volatile CentralProcessor processor;
    private volatile long pageSize;
    private volatile FileChannel statm;

    private RealMachine() {}

    @Override
    public long rssBytes() throws IOException {
      if (!Files.isReadable(STATM)) {
        return Oshi.system().getOperatingSystem().getCurrentProcess().getResidentSetSize();
      }
      if (pageSize == 0) {
        long pages = residentPages();
        long bytes = statusRssBytes();
        // The two files are read a moment apart: the nearest power of two is the page size.
        pageSize =
            Long.highestOneBit(
                Math.max(1024, Math.round((double) bytes / Math.max(1, pages)) * 3 / 2));
      }
      return residentPages() * pageSize;
    }

    /** The second field of {@code /proc/self/statm}: resident pages. */
    private long residentPages() throws IOException {
      if (statm == null) {
        synchronized (this) {
          if (statm == null) {
            statm = FileChannel.open(STATM);
          }
        }
      }
      // A positional read of a file kept open: little code and one system call, as the sampler runs
      // interpreted (it wakes too rarely for the JIT to compile it).
      ByteBuffer buffer = ByteBuffer.allocate(128);
      int length = statm.read(buffer, 0);
      byte[] line = buffer.array();
      int i = 0;
      while (i < length && line[i] != ' ') {
        i++;
      }
      long pages = 0;
      for (i++; i < length && line[i] >= '0' && line[i] <= '9'; i++) {
        pages = pages * 10 + (line[i] - '0');
      }
      return pages;
    }

    private static long statusRssBytes() throws IOException {
      try (BufferedReader lines = Files.newBufferedReader(STATUS, StandardCharsets.US_ASCII)) {
        String line;
        while ((line = lines.readLine()) != null) {
          if (line.startsWith("VmRSS:")) {
            // "VmRSS:    123456 kB"
            return Long.parseLong(line.substring(6).replace("kB", "").strip()) * 1024;
          }
        }
      }
      throw new IOException(STATUS + " has no VmRSS line");
    }

    @Override
    public void releaseFreedMemory() {
      try {
        Oshi.system();
        NativeLibrary.getInstance("c").getFunction("malloc_trim").invokeInt(new Object[] {0});
      } catch (RuntimeException | LinkageError e) {
        // Not glibc (musl, macOS, Windows): the resident set keeps what was freed.
      }
    }

    @Override
    public long heapUsedBytes() {
      Runtime runtime = Runtime.getRuntime();
      return runtime.totalMemory() - runtime.freeMemory();
    }

    @Override
    public long processCpuNanos() {
      if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean bean) {
        return bean.getProcessCpuTime();
      }
      return -1;
    }

    @Override
    public long[] systemTicks() {
      return processor().getSystemCpuLoadTicks();
    }

    private CentralProcessor processor() {
      if (processor == null) {
        processor = Oshi.system().getHardware().getProcessor();
      }
      return processor;
    }

    @Override
    public long gcCount() {
      return sumOverCollectors(GarbageCollectorMXBean::getCollectionCount);
    }

    @Override
    public long gcTimeMs() {
      return sumOverCollectors(GarbageCollectorMXBean::getCollectionTime);
    }

    @Override
    public long jitTimeMs() {
      CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
      return compiler != null && compiler.isCompilationTimeMonitoringSupported()
          ? compiler.getTotalCompilationTime()
          : -1;
    }

    /**
     * The sum of a figure over the collectors that report it (-1 each that does not); -1 when none
     * does.
     */
    private static long sumOverCollectors(ToLongFunction<GarbageCollectorMXBean> figure) {
      long sum = -1;
      for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
        long value = figure.applyAsLong(collector);
        sum = value < 0 ? sum : Math.max(sum, 0) + value;
      }
      return sum;
    }
  }

  /**
   * OSHI's entry point, created once: its first use loads JNA, extracted under target/. A failure
   * is kept, so a platform OSHI cannot read is tried once per process, not once per scenario.
   */
  final class Oshi {
    private static SystemInfo system;
    private static RuntimeException failure;

    private Oshi() {}

    /**
     * The one {@code SystemInfo} of the process.
     *
     * @throws IllegalStateException "OSHI cannot read this machine (...)", the same each time
     */
    public static synchronized SystemInfo system() {
      if (failure != null) {
        throw failure;
      }
      if (system == null) {
        try {
          NativeCaches.prepareJna();
          if (System.getProperty("slf4j.internal.verbosity") == null) {
            // OSHI logs through SLF4J; without a provider SLF4J would print three lines of warning
            // per run.
            System.setProperty("slf4j.internal.verbosity", "ERROR");
          }
          system = new SystemInfo();
          // Reaching the hardware layer loads JNA's native library: fail here, once, if it cannot.
          system.getHardware().getProcessor();
        } catch (RuntimeException | LinkageError e) {
          failure = new IllegalStateException(failureReason(e), e);
          throw failure;
        }
      }
      return system;
    }

    /** How a failure of OSHI is told, the same wherever it shows. */
    public static String failureReason(Throwable e) {
      Throwable cause =
          e instanceof IllegalStateException
                  && e.getCause() != null
                  && String.valueOf(e.getMessage()).startsWith("OSHI cannot read")
              ? e.getCause()
              : e;
      return "OSHI cannot read this machine (" + Causes.describe(cause) + ")";
    }
  }
}
