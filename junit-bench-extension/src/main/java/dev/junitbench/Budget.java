package dev.junitbench;

import static org.apiguardian.api.API.Status.STABLE;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * Absolute limits a benchmark's scenarios must keep: the median and p99 latency at most so long,
 * the throughput at least so high, the heap allocated per operation at most so much. Checked right
 * after each scenario is measured; a scenario that breaks one fails its test with every limit it
 * broke, and its result keeps its figures, status {@code failed}, with a {@code gate} group saying
 * which limit and by how much.
 *
 * <p>Set at least one limit. Latencies are written like other durations ({@code "10ms"}, {@code
 * "250us"}); {@link #minThroughput()} is in the result's unit, {@code samples/s} (batch items per
 * second). {@link #maxAllocPerOp()} is a size in binary units ({@code "512B"}, {@code "2KB"} = 2048
 * bytes, {@code "1MB"}), against the result's {@code alloc.bytes_per_op}; a scenario without that
 * figure is not checked against it, and its {@code gate} group says so. The figures are point
 * estimates of the measured samples: a p99 of fewer than 100 samples is close to their maximum. On
 * a class it applies to every benchmark in it; a method's own annotation wins.
 *
 * @since 0.1.0
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@API(status = STABLE, since = "0.1")
public @interface Budget {

  /**
   * The value of {@link #minThroughput()} that means "not set" (NaN: any number written is
   * checked).
   */
  double BLANK_THROUGHPUT = 0.0 / 0.0;

  /** Largest acceptable median latency, such as {@code "10ms"}; empty means no limit. */
  String median() default "";

  /** Largest acceptable 99th-percentile latency, such as {@code "25ms"}; empty means no limit. */
  String p99() default "";

  /** Smallest acceptable throughput in samples (batch items) per second; unset means no limit. */
  double minThroughput() default BLANK_THROUGHPUT;

  /**
   * Largest acceptable heap allocated per operation (one call of the benchmark body), such as
   * {@code "2KB"}: units B, KB, MB, GB, binary (1KB = 1024 bytes, as the JVM's {@code -Xmx}); empty
   * means no limit.
   *
   * @since 0.1.0
   */
  String maxAllocPerOp() default "";
}
