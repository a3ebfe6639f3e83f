package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.junitbench.stats.ForkStopRule;
import org.apiguardian.api.API;

/**
 * How forks that run until the answer is known went: their rule and why they stopped. Each fork
 * from {@code min} on tests the 95% interval across forks (stopping-corrected, see {@code
 * dev.junitbench.stats.ForkStopRule}) against {@code precision}.
 *
 * @param min fewest forks
 * @param max most forks
 * @param precision the relative half-width aimed at: 0.02 = +-2%
 * @param halfWidth the relative half-width reached, {@code (ci95_high - ci95_low) / (2 x
 *     median_ms)} of the group's interval; null before {@code min} forks measured or when a fork
 *     median is 0
 * @param stopped {@code precision_reached} (at {@code completed} forks), {@code max_reached} (with
 *     {@code halfWidth} still above {@code precision}), or null when a fork failed first
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record AdaptiveForks(int min, int max, double precision, Double halfWidth, String stopped) {

  /** {@link #stopped()} when the interval reached the precision. */
  public static final String PRECISION_REACHED = "precision_reached";

  /** {@link #stopped()} when {@code max} forks ran first. */
  public static final String MAX_REACHED = "max_reached";

  /**
   * How forks under {@code rule} went: {@code look} is the look at the last of the {@code measured}
   * forks (null when none was taken), and a {@code failed} fork stops them without a reason here.
   */
  public static AdaptiveForks of(
      ForkStopRule rule, ForkStopRule.Look look, int measured, boolean failed) {
    String stopped = null;
    if (!failed && look != null && look.stop() != ForkStopRule.Stop.CONTINUE) {
      stopped = look.stop().id();
    } else if (!failed && look == null && measured >= rule.max()) {
      // Medians of 0 give no interval to look at: the forks ran on to max.
      stopped = MAX_REACHED;
    }
    return new AdaptiveForks(
        rule.min(), rule.max(), rule.precision(), look == null ? null : look.halfWidth(), stopped);
  }
}
