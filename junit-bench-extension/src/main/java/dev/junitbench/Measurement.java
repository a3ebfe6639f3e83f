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
 * How long a benchmark is measured: a number of iterations, a duration, or both (then it runs until
 * both are reached), optionally until a target precision.
 *
 * <p>With {@link #precision()} {@code p}, measurement stops as soon as the 95% confidence interval
 * of the median is narrow enough: {@code (ci95_high - ci95_low) / 2 <= p * median}, after at least
 * {@link #iterations()} iterations; {@link #time()} is then the upper bound (30 s when not set) and
 * the result records whether the precision was reached.
 *
 * <p>Without the annotation, or with nothing set: at least 10 iterations and 3 s (see {@code
 * dev.junitbench.config.Defaults}). Every measurement also stops at 1,000,000 samples. On a class
 * it applies to every benchmark in it; a method's own annotation wins. The configuration parameters
 * {@code junit.bench.measurement.iterations} and {@code junit.bench.measurement.time} replace this
 * whole rule (precision included) for a run.
 *
 * @since 0.1.0
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@API(status = STABLE, since = "0.1")
public @interface Measurement {

  /** The value of {@link #iterations()} that means "not set". */
  int BLANK_ITERATIONS = -1;

  /** The value of {@link #precision()} that means "not set". */
  double BLANK_PRECISION = -1;

  /** Measured iterations, at least 1. */
  int iterations() default BLANK_ITERATIONS;

  /**
   * Measurement duration such as {@code "10s"}, {@code "500ms"}, {@code "2m"}; empty means not set.
   */
  String time() default "";

  /** Target relative half-width of the median's 95% confidence interval, in (0, 1): 0.01 = 1%. */
  double precision() default BLANK_PRECISION;
}
