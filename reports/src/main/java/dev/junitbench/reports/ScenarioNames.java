package dev.junitbench.reports;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.UnitFormat;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * How reports name scenarios: a benchmark by its class and method, a scenario by the params that
 * vary among the scenarios of its benchmark (the others are the same for all, said once).
 */
@API(status = INTERNAL, since = "0.1")
public final class ScenarioNames {

  private final Map<String, List<String>> varying;

  private ScenarioNames(Map<String, List<String>> varying) {
    this.varying = varying;
  }

  /** Names for {@code results}, which may come from several runs. */
  public static ScenarioNames of(List<ScenarioResult> results) {
    Map<String, List<ScenarioResult>> byBenchmark = new LinkedHashMap<>();
    results.forEach(r -> byBenchmark.computeIfAbsent(r.benchmark(), k -> new ArrayList<>()).add(r));
    Map<String, List<String>> varying = new LinkedHashMap<>();
    byBenchmark.forEach(
        (benchmark, scenarios) -> {
          List<String> names = new ArrayList<>();
          scenarios.forEach(
              s ->
                  s.params().keySet().stream().filter(n -> !names.contains(n)).forEach(names::add));
          varying.put(
              benchmark,
              names.stream()
                  .filter(
                      name -> {
                        Set<String> values = new HashSet<>();
                        scenarios.forEach(s -> values.add(String.valueOf(s.params().get(name))));
                        return values.size() > 1;
                      })
                  .toList());
        });
    return new ScenarioNames(varying);
  }

  /** The params that vary within {@code benchmark}. */
  public List<String> varying(String benchmark) {
    return varying.getOrDefault(benchmark, List.of());
  }

  /**
   * {@code batch_size=8, mode=eager}: the params of {@code result} that vary within its benchmark;
   * may be empty.
   */
  public String params(ScenarioResult result) {
    return params(result.benchmark(), result.params());
  }

  /** The same for a benchmark and its params. */
  public String params(String benchmark, Map<String, ?> params) {
    return varying(benchmark).stream()
        .filter(params::containsKey)
        .map(name -> name + "=" + params.get(name))
        .collect(Collectors.joining(", "));
  }

  /**
   * {@code device=cpu, sequence_length=128}: the params of {@code result} that do not vary within
   * its benchmark, the same for all its scenarios and said once; may be empty.
   */
  public String shared(ScenarioResult result) {
    List<String> varying = varying(result.benchmark());
    return result.params().entrySet().stream()
        .filter(e -> !varying.contains(e.getKey()))
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(", "));
  }

  /** {@code Class.method [batch_size=8]}, or {@code Class.method} when nothing varies. */
  public String label(ScenarioResult result) {
    String params = params(result);
    return UnitFormat.shortName(result.benchmark()) + (params.isEmpty() ? "" : " [" + params + "]");
  }

  /** All params of {@code result}, {@code device=cpu, batch_size=8}. */
  public static String allParams(ScenarioResult result) {
    return result.params().entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(", "));
  }
}
