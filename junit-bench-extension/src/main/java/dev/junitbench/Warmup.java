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
 * How long a benchmark warms up before it is measured: a number of iterations, a duration, or both
 * (then it runs until both are reached). Warm-up samples are discarded. On a class it applies to
 * every benchmark in it; a method's own annotation wins.
 *
 * <p>Without the annotation, or with neither attribute set: 3 iterations and 1 s (see {@code
 * dev.junitbench.config.Defaults}). {@code iterations = 0} with no time turns warm-up off. The
 * configuration parameters {@code junit.bench.warmup.iterations} and {@code
 * junit.bench.warmup.time} replace this whole rule for a run.
 *
 * @since 0.1.0
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@API(status = STABLE, since = "0.1")
public @interface Warmup {

  /** The value of {@link #iterations()} that means "not set". */
  int BLANK_ITERATIONS = -1;

  /** Warm-up iterations, at least 0. */
  int iterations() default BLANK_ITERATIONS;

  /**
   * Warm-up duration such as {@code "2s"}, {@code "500ms"}, {@code "1.5m"}; empty means not set.
   */
  String time() default "";
}
