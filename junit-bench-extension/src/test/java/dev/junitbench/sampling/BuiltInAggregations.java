package dev.junitbench.sampling;

import static dev.junitbench.results.Aggregation.AVERAGE;
import static dev.junitbench.results.Aggregation.MAX;
import static dev.junitbench.results.Aggregation.SUM;

import dev.junitbench.results.Aggregation;
import java.util.Map;

/**
 * How the built-in probes declare each figure to join across forks, written out once: what {@code
 * ResourceSamplerTests} expects the sampler to declare, and what {@code ForkPoolTests} pools by.
 */
public final class BuiltInAggregations {

  /** Peaks take the highest fork, totals the sum, means and rates the mean. */
  public static final Map<String, Map<String, Aggregation>> DECLARED =
      Map.of(
          "memory",
              Map.of(
                  "rss_peak_mb",
                  MAX,
                  "rss_avg_mb",
                  AVERAGE,
                  "heap_peak_mb",
                  MAX,
                  "heap_avg_mb",
                  AVERAGE,
                  "model_footprint_mb",
                  MAX,
                  "gpu_mem_peak_mb",
                  MAX,
                  "gpu_mem_process_mb",
                  MAX),
          "utilization",
              Map.of(
                  "cpu_process_pct",
                  AVERAGE,
                  "cpu_system_pct",
                  AVERAGE,
                  "gc_count",
                  SUM,
                  "gc_time_ms",
                  SUM,
                  "gpu_util_pct",
                  AVERAGE,
                  "sampler_cpu_pct",
                  AVERAGE),
          "energy", Map.of("joules_per_inference", AVERAGE, "gpu_power_avg_w", AVERAGE));

  private BuiltInAggregations() {}
}
