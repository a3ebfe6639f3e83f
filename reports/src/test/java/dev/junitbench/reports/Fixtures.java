package dev.junitbench.reports;

import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

/** Scenarios with known latencies for the reports' tests. */
public final class Fixtures {

  /** A benchmark of the fixtures. */
  public static final String EMBED = "com.example.EmbeddingBenchmarks#embed";

  /** Another. */
  public static final String CLASSIFY = "com.example.VisionBenchmarks#classify";

  private Fixtures() {}

  /** Params in order: {@code device=cpu}, then {@code name=value} pairs. */
  public static Map<String, Object> params(Object... pairs) {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("device", "cpu");
    for (int i = 0; i < pairs.length; i += 2) {
      params.put((String) pairs[i], pairs[i + 1]);
    }
    return params;
  }

  /** n lognormal latencies (ns) around {@code medianNs}, CV 3%, from {@code seed}. */
  public static long[] lognormal(long seed, int n, double medianNs) {
    Random random = new Random(seed);
    double sigma = Math.sqrt(Math.log(1 + 0.03 * 0.03));
    long[] samples = new long[n];
    for (int i = 0; i < n; i++) {
      samples[i] = Math.max(1, Math.round(medianNs * Math.exp(sigma * random.nextGaussian())));
    }
    return samples;
  }

  /**
   * A passed scenario of {@code benchmark} with {@code n} lognormal samples around {@code
   * medianNs}.
   */
  public static ScenarioResult passed(
      String benchmark, Map<String, Object> params, long seed, int n, double medianNs) {
    return RunFolders.passed(benchmark, params, lognormal(seed, n, medianNs));
  }
}
