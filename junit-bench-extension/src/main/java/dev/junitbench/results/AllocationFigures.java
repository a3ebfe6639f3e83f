package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * The {@code alloc} group of a result: what the measurement allocated on the Java heap, and the
 * garbage collection and compilation that ran meanwhile. The bytes are those the JVM counted for
 * the threads that ran the benchmark body (summed over a load's workers and over forks), read at
 * the measurement's boundaries, without the harness's own allocations. Tensors that ONNX Runtime
 * and DJL allocate natively are not on the Java heap and not counted: the {@code memory} group's
 * resident set size shows native growth. A figure the JVM cannot give is null and {@code
 * unavailableReason} says why.
 *
 * @param bytesPerOp bytes allocated per operation (one call of the benchmark body), as JMH's {@code
 *     gc.alloc.rate.norm}
 * @param bytesTotal bytes allocated by the measuring threads during the measurement
 * @param operations the calls measured
 * @param threads the threads counted: 1, or a load's workers
 * @param gcCount garbage collections during the measurement (every collector, the whole JVM)
 * @param gcTimeMs time the collectors report for them, ms
 * @param gcCountPerOp {@code gcCount} per operation
 * @param gcTimeMsPerOp {@code gcTimeMs} per operation, ms
 * @param jitTimeMs time the JIT compilers spent compiling during the measurement, ms: above zero, a
 *     sign the scenario was not yet warm
 * @param unavailableReason why each null figure is null ({@code figure: reason; ...}), or null
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record AllocationFigures(
    Double bytesPerOp,
    Long bytesTotal,
    long operations,
    int threads,
    Long gcCount,
    Double gcTimeMs,
    Double gcCountPerOp,
    Double gcTimeMsPerOp,
    Double jitTimeMs,
    String unavailableReason) {

  /**
   * The group of a measurement of {@code operations} calls on {@code threads} threads: each per-op
   * figure is its total over {@code operations} (null without operations). A null total is one the
   * JVM did not give; {@code unavailableReason} says why.
   */
  public static AllocationFigures of(
      Long bytesTotal,
      long operations,
      int threads,
      Long gcCount,
      Double gcTimeMs,
      Double jitTimeMs,
      String unavailableReason) {
    return new AllocationFigures(
        perOp(bytesTotal, operations),
        bytesTotal,
        operations,
        threads,
        gcCount,
        gcTimeMs,
        perOp(gcCount, operations),
        perOp(gcTimeMs, operations),
        jitTimeMs,
        unavailableReason);
  }

  /**
   * The groups of several forks as one: bytes, operations, collections and times summed, the per-op
   * figures of the sums, the threads of the first fork; a total any fork lacks is null, with every
   * fork's reasons, each once. Null when no fork has the group.
   */
  public static AllocationFigures pooled(List<AllocationFigures> forks) {
    List<AllocationFigures> present = new ArrayList<>();
    for (AllocationFigures fork : forks) {
      if (fork != null) {
        present.add(fork);
      }
    }
    if (present.isEmpty()) {
      return null;
    }
    long operations = 0;
    Long bytes = 0L;
    Long gcCount = 0L;
    Double gcTimeMs = 0.0;
    Double jitTimeMs = 0.0;
    Set<String> reasons = new LinkedHashSet<>();
    for (AllocationFigures fork : present) {
      operations += fork.operations();
      bytes = bytes == null || fork.bytesTotal() == null ? null : bytes + fork.bytesTotal();
      gcCount = gcCount == null || fork.gcCount() == null ? null : gcCount + fork.gcCount();
      gcTimeMs = gcTimeMs == null || fork.gcTimeMs() == null ? null : gcTimeMs + fork.gcTimeMs();
      jitTimeMs =
          jitTimeMs == null || fork.jitTimeMs() == null ? null : jitTimeMs + fork.jitTimeMs();
      if (fork.unavailableReason() != null) {
        reasons.addAll(List.of(fork.unavailableReason().split("; ")));
      }
    }
    AllocationFigures pooled =
        of(
            bytes,
            operations,
            present.get(0).threads(),
            gcCount,
            gcTimeMs,
            jitTimeMs,
            reasons.isEmpty() ? null : String.join("; ", reasons));
    return bytes == null ? withBytesPerOpOnly(pooled, present) : pooled;
  }

  /**
   * {@code pooled} with the bytes per operation of groups that give no total (a JMH file's, whose
   * gc profiler gives the figure per operation alone): their mean weighted by operations, when
   * every group has one.
   */
  private static AllocationFigures withBytesPerOpOnly(
      AllocationFigures pooled, List<AllocationFigures> present) {
    double weighted = 0;
    long operations = 0;
    for (AllocationFigures fork : present) {
      if (fork.bytesPerOp() == null || fork.operations() <= 0) {
        return pooled;
      }
      weighted += fork.bytesPerOp() * fork.operations();
      operations += fork.operations();
    }
    return new AllocationFigures(
        weighted / operations,
        null,
        pooled.operations(),
        pooled.threads(),
        pooled.gcCount(),
        pooled.gcTimeMs(),
        pooled.gcCountPerOp(),
        pooled.gcTimeMsPerOp(),
        pooled.jitTimeMs(),
        pooled.unavailableReason());
  }

  private static Double perOp(Number total, long operations) {
    return total == null || operations <= 0 ? null : total.doubleValue() / operations;
  }
}
