package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * How a probe's figure measured in several forks (fresh JVMs, {@code @Fork}) joins into the one
 * figure of the scenario's result, as the probe declares it with {@link
 * dev.junitbench.spi.ProbeFigures#put(String, Number, Aggregation)}. A fork that has no number for
 * the figure (null) is left out; none at all gives null. Without forks there is nothing to join and
 * the figure is written as the probe put it.
 *
 * <p>Declare what the figure means, not what looks best: a peak averaged across forks is lower than
 * any peak a JVM reached, and a total averaged is the total of one fork while the result's
 * measurement is all of them.
 *
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Aggregation {

  /**
   * The mean of the forks: for a mean, a rate or a ratio ({@code cpu_process_pct}). The default.
   */
  AVERAGE,

  /**
   * The sum of the forks: for a total over the measurement ({@code gc_count}), since the result's
   * measurement is the forks' measurements together.
   */
  SUM,

  /** The highest fork: for a peak ({@code rss_peak_mb}). */
  MAX,

  /** The lowest fork: for a minimum. */
  MIN
}
