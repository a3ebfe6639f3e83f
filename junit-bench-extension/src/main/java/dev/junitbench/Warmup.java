package dev.junitbench;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
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
 * junit.bench.warmup.time} replace the count and time for a run.
 *
 * <p>{@code until = Until.STEADY} makes the count and time a minimum: the warm-up then runs in
 * windows (at least 250 ms and 5 calls each) and ends once the medians of the last 8 windows drift
 * by at most 2% end to end, or at {@link #maxTime()} (30 s when not set), where the scenario is
 * measured anyway and flagged not steady with the drift it still showed. Each fork decides on its
 * own. The configuration parameter {@code junit.bench.warmup.mode} ({@code steady} or {@code
 * fixed}) replaces {@code until} for a run, {@code junit.bench.warmup.max-time} the bound.
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

  /**
   * How the warm-up ends: {@link Until#FIXED} after its count and time, {@link Until#STEADY} once
   * the benchmark is steady; {@link Until#DEFAULT} leaves it to the run ({@code
   * junit.bench.warmup.mode}, fixed when not set).
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  Until until() default Until.DEFAULT;

  /**
   * The longest a steady warm-up runs, such as {@code "20s"}; empty means 30 s. Only with {@code
   * until = Until.STEADY}.
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  String maxTime() default "";

  /** How a warm-up ends. */
  @API(status = EXPERIMENTAL, since = "0.1")
  enum Until {
    /** As the run says ({@code junit.bench.warmup.mode}), fixed when it says nothing. */
    DEFAULT,
    /** After the count and time. */
    FIXED,
    /** Once the benchmark is steady, after the count and time, at the latest at the bound. */
    STEADY
  }
}
