package dev.junitbench.engine;

import dev.junitbench.machine.Machine;
import dev.junitbench.measure.AllocationCount;
import dev.junitbench.results.AllocationFigures;
import java.util.ArrayList;
import java.util.List;

/**
 * The whole JVM's garbage collection and compilation over one measurement, read where it starts and
 * ends, joined with what the measuring threads allocated into a result's {@code alloc} group.
 */
final class JvmActivity {

  static final String NO_GC = "no garbage collector of this JVM reports collections";
  static final String NO_JIT = "this JVM does not report the time its compilers spend";

  private final Machine machine;
  private long gcCountAtStart = -1;
  private long gcTimeAtStart = -1;
  private long jitTimeAtStart = -1;

  JvmActivity(Machine machine) {
    this.machine = machine;
  }

  /** Reads the counters as the measurement starts. */
  void start() {
    gcCountAtStart = machine.gcCount();
    gcTimeAtStart = machine.gcTimeMs();
    jitTimeAtStart = machine.jitTimeMs();
  }

  /** The {@code alloc} group of a measurement that ends now, with what its threads allocated. */
  AllocationFigures figures(AllocationCount allocated) {
    List<String> reasons = new ArrayList<>();
    Long bytes = allocated.counted() ? allocated.bytes() : null;
    if (bytes == null) {
      reasons.add("bytes_per_op: " + allocated.unavailableReason());
    }
    Long gcCount = difference(gcCountAtStart, machine.gcCount());
    Long gcTime = difference(gcTimeAtStart, machine.gcTimeMs());
    if (gcCount == null || gcTime == null) {
      reasons.add("gc_count: " + NO_GC);
    }
    Long jitTime = difference(jitTimeAtStart, machine.jitTimeMs());
    if (jitTime == null) {
      reasons.add("jit_time_ms: " + NO_JIT);
    }
    return AllocationFigures.of(
        bytes,
        allocated.operations(),
        allocated.threads(),
        gcCount,
        gcTime == null ? null : gcTime.doubleValue(),
        jitTime == null ? null : jitTime.doubleValue(),
        reasons.isEmpty() ? null : String.join("; ", reasons));
  }

  private static Long difference(long start, long end) {
    return start < 0 || end < 0 ? null : end - start;
  }
}
