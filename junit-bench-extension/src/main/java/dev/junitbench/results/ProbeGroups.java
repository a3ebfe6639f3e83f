package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * What a scenario's probes hand to its result: the groups of the probes a user added, and how each
 * number of every group, the built-in {@code memory}, {@code utilization} and {@code energy} too,
 * joins across forks.
 *
 * @param figures the users' groups by probe name, as {@link ScenarioResult#probes()} holds them
 * @param aggregations by group ({@code memory}, a user probe's name, ...) and figure: how it joins
 *     across forks, as its probe declared it; a number without one is averaged
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ProbeGroups(
    Map<String, Map<String, Object>> figures, Map<String, Map<String, Aggregation>> aggregations) {

  /** Null stands for none. */
  public ProbeGroups {
    figures = figures == null ? Map.of() : figures;
    aggregations = copyOf(aggregations);
  }

  /** An unmodifiable copy of {@code aggregations} (group by group), or empty for null. */
  static Map<String, Map<String, Aggregation>> copyOf(
      Map<String, Map<String, Aggregation>> aggregations) {
    if (aggregations == null) {
      return Map.of();
    }
    Map<String, Map<String, Aggregation>> copy = new LinkedHashMap<>();
    aggregations.forEach((group, figures) -> copy.put(group, Map.copyOf(figures)));
    return Collections.unmodifiableMap(copy);
  }
}
