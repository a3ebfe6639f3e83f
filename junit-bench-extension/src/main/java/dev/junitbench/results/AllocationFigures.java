package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

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
    String unavailableReason) {}
