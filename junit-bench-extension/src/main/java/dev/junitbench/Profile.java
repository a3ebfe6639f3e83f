package dev.junitbench;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * Records a profile of each scenario's measurement (never its warm-up or set-up) and writes it to
 * the run folder as JFR and as a flame graph: {@code profiles/<scenario>.jfr} (one per fork) and
 * {@code profiles/<scenario>.html}, with the frames of the largest self share in results.json.
 * async-profiler records it, or JDK Flight Recorder where async-profiler cannot load; the result
 * says which, and which event it recorded.
 *
 * <p>On a class it applies to every benchmark in it; a method's own annotation wins. The
 * configuration parameter {@code junit.bench.profile} wins over both: a kind set there profiles
 * every benchmark with that kind, {@code off} profiles none; only where it is not set does this
 * annotation ask for a profile. {@code junit.bench.profile.interval} sets the sampling interval of
 * cpu and wall profiles (10 ms by default).
 *
 * <p>A profiler costs the measurement a little (about 1% at the default interval); compare figures
 * of profiled runs with profiled runs only.
 *
 * @since 0.1.0
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@API(status = EXPERIMENTAL, since = "0.1")
public @interface Profile {

  /** What the profile records; {@link Kind#CPU} when left out. */
  Kind value() default Kind.CPU;

  /**
   * What a profile records.
   *
   * @since 0.1.0
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  enum Kind {
    /** Where the CPU time went: samples of the running threads. */
    CPU,
    /** Where the heap was allocated, weighed by bytes. */
    ALLOC,
    /** Where the threads spent wall-clock time, running or waiting (async-profiler only). */
    WALL,
    /** Where threads waited for contended locks, weighed by the time waited. */
    LOCK
  }
}
