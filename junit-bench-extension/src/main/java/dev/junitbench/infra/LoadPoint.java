package dev.junitbench.infra;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The load one scenario runs under: a {@link LoadScenario} and, for Server, its target rate (null
 * for the peak search), for Concurrency its client count, for MultiStream its samples per query.
 *
 * @param scenario the load scenario
 * @param targetQps Server: the target rate, queries per second; null for the peak search and the
 *     others
 * @param clients Concurrency: closed-loop clients; else null
 * @param samplesPerQuery MultiStream: samples per query; else null
 * @since 0.1.0
 */
@API(status = MAINTAINED, since = "0.1")
public record LoadPoint(
    LoadScenario scenario, Double targetQps, Integer clients, Integer samplesPerQuery) {

  /** Parameter name of the load scenario in display names and result files. */
  public static final String LOAD = "load";

  /** Parameter name of a Server scenario's target rate ({@code peak} for the peak search). */
  public static final String TARGET_QPS = "target_qps";

  /** Parameter name of a Concurrency scenario's client count. */
  public static final String CLIENTS = "clients";

  /** Parameter name of a MultiStream scenario's samples per query. */
  public static final String SAMPLES_PER_QUERY = "samples_per_query";

  /** The {@code target_qps} of the peak search. */
  public static final String PEAK = "peak";

  /** Whether this is a Server peak search. */
  public boolean peakSearch() {
    return scenario == LoadScenario.SERVER && targetQps == null;
  }

  /** Whether several threads call the benchmark at once: Offline, Server and Concurrency. */
  public boolean pooled() {
    return scenario == LoadScenario.OFFLINE
        || scenario == LoadScenario.SERVER
        || scenario == LoadScenario.CONCURRENCY;
  }

  /** The parameters this load adds to a scenario, in display order. */
  Map<String, Object> parameters() {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put(LOAD, scenario.id());
    if (scenario == LoadScenario.SERVER) {
      params.put(TARGET_QPS, targetQps == null ? PEAK : number(targetQps));
    }
    if (clients != null) {
      params.put(CLIENTS, clients);
    }
    if (samplesPerQuery != null) {
      params.put(SAMPLES_PER_QUERY, samplesPerQuery);
    }
    return params;
  }

  /** A rate as written: {@code 40} for 40.0, {@code 12.5} as it is. */
  static Object number(double value) {
    return value == Math.rint(value) && Math.abs(value) < Integer.MAX_VALUE
        ? (Object) (int) value
        : (Object) value;
  }
}
