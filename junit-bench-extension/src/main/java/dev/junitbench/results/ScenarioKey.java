package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * What makes a scenario the same across runs: its benchmark ({@code fqcn#method}) and its params,
 * compared as text ({@code batch_size=8} read back from JSON equals the {@code 8} measured). Never
 * the result's id, which is unique only within a run.
 *
 * @param benchmark {@code fully.qualified.Class#method}
 * @param params the params as text, sorted by name
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ScenarioKey(String benchmark, Map<String, String> params) {

  /** A benchmark's id, {@code fully.qualified.Class#method}: the one place it is made. */
  public static String benchmarkId(String className, String methodName) {
    return className + "#" + methodName;
  }

  /** The key of {@code benchmark} with {@code params} (values of any type, compared as text). */
  public static ScenarioKey of(String benchmark, Map<String, ?> params) {
    Map<String, String> text = new TreeMap<>();
    params.forEach((name, value) -> text.put(name, String.valueOf(value)));
    return new ScenarioKey(benchmark, Collections.unmodifiableMap(text));
  }

  @Override
  public String toString() {
    return benchmark + " " + params;
  }
}
