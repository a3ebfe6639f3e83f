package dev.junitbench.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.time.Duration;
import org.apiguardian.api.API;

/**
 * When a warm-up or measurement phase stops. With no precision: once it has run at least {@code
 * iterations} iterations and at least {@code time}. With a precision: once the median's 95%
 * confidence interval is that narrow (after at least {@code iterations}), or at {@code time}.
 *
 * @param iterations minimum iterations, 0 for none
 * @param time minimum duration (the upper bound when a precision is set), null for none
 * @param precision target relative half-width of the median's 95% confidence interval, 0 for none
 */
@API(status = INTERNAL, since = "0.1")
public record StopRule(int iterations, Duration time, double precision) {

  /** A rule that runs nothing: warm-up turned off. */
  public static final StopRule OFF = new StopRule(0, null, 0);

  /** Whether the phase runs no iteration at all. */
  public boolean isOff() {
    return iterations == 0 && time == null;
  }

  /** Whether the phase stops on a target precision. */
  public boolean hasPrecision() {
    return precision > 0;
  }

  /** How people write this rule: {@code 10 iterations and 3s}. */
  public String describe() {
    if (isOff()) {
      return "off";
    }
    StringBuilder text = new StringBuilder();
    if (iterations > 0) {
      text.append(iterations).append(" iterations");
    }
    if (time != null && !hasPrecision()) {
      text.append(text.length() > 0 ? " and " : "").append(Durations.format(time));
    }
    if (hasPrecision()) {
      text.append(text.length() > 0 ? ", then " : "")
          .append("until ±")
          .append(precision * 100)
          .append("% of the median or ")
          .append(Durations.format(time));
    }
    return text.toString();
  }
}
