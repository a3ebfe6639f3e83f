package dev.junitbench.infra;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/**
 * How queries reach the model, as MLPerf LoadGen's scenarios define it; chosen with {@link
 * dev.junitbench.Load}.
 *
 * @since 0.1.0
 */
@API(status = MAINTAINED, since = "0.1")
public enum LoadScenario {

  /**
   * One query at a time, the next issued when the last completes; latency per query. The default.
   */
  SINGLE_STREAM("single-stream"),

  /**
   * Queries of K samples issued back to back (K calls of the benchmark per query); latency per
   * query, its p99 first.
   */
  MULTI_STREAM("multi-stream"),

  /** Every query issued at once to a pool of workers sharing the model; throughput. */
  OFFLINE("offline"),

  /**
   * Queries arriving at random (Poisson) at a target rate, issued on schedule by one thread to a
   * pool of workers whatever is still running; latency from each query's scheduled time, held
   * against a bound at a percentile.
   */
  SERVER("server"),

  /**
   * A closed loop of C clients, each issuing its next query when its last completes: throughput
   * against p99.
   */
  CONCURRENCY("concurrency");

  private final String id;

  LoadScenario(String id) {
    this.id = id;
  }

  /** The value of the {@code load} parameter in display names and result files: {@code server}. */
  public String id() {
    return id;
  }
}
