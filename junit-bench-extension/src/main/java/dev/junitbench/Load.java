package dev.junitbench;

import static org.apiguardian.api.API.Status.STABLE;

import dev.junitbench.infra.Generator;
import dev.junitbench.infra.LoadScenario;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * The load a benchmark is measured under, as MLPerf LoadGen's scenarios: each scenario listed, each
 * target rate of {@link LoadScenario#SERVER}, its peak search and each client count of {@link
 * LoadScenario#CONCURRENCY} is a JUnit node of its own, a {@code load} parameter in its display
 * name ({@code [device=cpu, load=server, target_qps=40]}). A query is one call of the benchmark
 * method. Under the pooled scenarios (Offline, Server, Concurrency) several threads call it at once
 * on the shared model, each with a {@link Blackhole} of its own: the method and its model must be
 * safe to call from several threads (ONNX Runtime sessions and DJL predictors per thread are).
 *
 * <p>The measurement rule gives the queries and the duration: a run issues {@code max(iterations,
 * rate x time)} queries ({@code junit.bench.measurement.iterations} and {@code .time} override it
 * as for any benchmark). On a class it applies to every benchmark in it; a method's own annotation
 * wins.
 *
 * <pre>{@code
 * @Benchmark
 * @Load(value = {LoadScenario.SERVER, LoadScenario.CONCURRENCY}, targetQps = {20, 40}, latencyBound = "p99 <= 50ms",
 *     peakSearch = 4, concurrency = {1, 2, 4})
 * void embed(@Model("classpath:model.onnx") OnnxModel model, ModelInputs inputs, Blackhole bh) throws OrtException {
 *   bh.closeAfterTiming(model.run(inputs));
 * }
 * }</pre>
 *
 * @since 0.1.0
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@API(status = STABLE, since = "0.1")
public @interface Load {

  /** The scenarios, each a node; SingleStream alone by default. */
  LoadScenario[] value() default {LoadScenario.SINGLE_STREAM};

  /** MultiStream: samples per query (K), at least 1. */
  int samplesPerQuery() default 8;

  /** Server: target rates in queries per second, each a node; each above 0. */
  double[] targetQps() default {};

  /**
   * Server: the latency the given percentile of queries must meet, {@code "p99 <= 50ms"}; required
   * for a peak search and for a Server run to be judged valid.
   */
  String latencyBound() default "";

  /**
   * Server: the most Server runs a search for the highest rate that meets the latency bound may
   * make (one more node, {@code target_qps=peak}); 0, the default, searches nothing.
   */
  int peakSearch() default 0;

  /** Concurrency: client counts, each a node; each at least 1. */
  int[] concurrency() default {};

  /**
   * Offline and Server: worker threads sharing the model; 0 (the default) is one per available
   * processor.
   */
  int workers() default 0;

  /**
   * Server with a {@link Generator}: the time to first token the latency bound's percentile of
   * requests must meet, {@code "2s"}; with {@link #tpotBound()} it decides goodput, as MLPerf's LLM
   * rule.
   */
  String ttftBound() default "";

  /**
   * Server with a {@link Generator}: the time per output token the bound's percentile must meet,
   * {@code "100ms"}.
   */
  String tpotBound() default "";

  /** Seed of the Server's arrival times. */
  long seed() default 42;
}
