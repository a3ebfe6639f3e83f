package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * What a comparison of a scenario with its baseline concludes. A change is called only when it is
 * both significant and larger than the noise threshold ({@link RegressionRule}).
 *
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Verdict {
  /** Slower: latency up (or throughput down) beyond the threshold, significantly. */
  REGRESSED,
  /** Faster: latency down (or throughput up) beyond the threshold, significantly. */
  IMPROVED,
  /**
   * Neither: the change is within the threshold or not significant. (A comparison of two statistics
   * alone may be unchanged without a test; the gate and compare call that {@link #NOT_JUDGED}.)
   */
  UNCHANGED,
  /**
   * No verdict: the scenario could not be judged (its JVM runs fell on two levels, say); its note
   * says why. Never a pass by accident: the gate's summary counts it, and {@code
   * junit.bench.baseline.match=all} fails it.
   */
  NOT_JUDGED;

  /** The name in result files and reports: {@code regressed}, {@code not_judged}. */
  @JsonValue
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The name in messages: {@code regressed}, {@code not judged}. */
  public String words() {
    return name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }
}
