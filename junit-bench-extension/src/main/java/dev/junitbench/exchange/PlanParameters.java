package dev.junitbench.exchange;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every {@code junit.bench.*} configuration parameter a run was given, from every source JUnit
 * reads, handed from the listener (which can list them) to the extension (which can only ask for a
 * key it knows), so a fork is given a user's own keys and those of probes and formats as the JUnit
 * JVM has them. Keyed by the benchmark's unique id, as {@link ConfigurationErrors} is.
 */
public final class PlanParameters {

  private static final Map<String, Map<String, String>> PARAMETERS = new ConcurrentHashMap<>();

  private PlanParameters() {}

  /**
   * Records {@code parameters} for each benchmark of {@code benchmarkIds} (test template unique
   * ids).
   */
  public static void publish(Collection<String> benchmarkIds, Map<String, String> parameters) {
    Map<String, String> copy = Map.copyOf(parameters);
    benchmarkIds.forEach(id -> PARAMETERS.put(id, copy));
  }

  /** Forgets them: their run has ended. */
  public static void withdraw(Collection<String> benchmarkIds) {
    benchmarkIds.forEach(PARAMETERS::remove);
  }

  /**
   * The parameters of the run of benchmark {@code benchmarkId}, or none when no listener recorded
   * them.
   */
  public static Map<String, String> of(String benchmarkId) {
    return PARAMETERS.getOrDefault(benchmarkId, Map.of());
  }
}
