package dev.junitbench.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.time.Duration;
import org.apiguardian.api.API;

/**
 * When a warm-up or measurement phase stops. With no precision: once it has run at least {@code
 * iterations} iterations and at least {@code time}. With a precision: once the median's 95%
 * confidence interval is that narrow (after at least {@code iterations}), or at {@code time}. A
 * warm-up with a {@link SteadyRule} runs at least {@code iterations} and {@code time}, then until
 * steady or its bound.
 *
 * @param iterations minimum iterations, 0 for none
 * @param time minimum duration (the upper bound when a precision is set), null for none
 * @param precision target relative half-width of the median's 95% confidence interval, 0 for none
 * @param steady how a warm-up decides it is steady, or null for a fixed phase
 */
@API(status = INTERNAL, since = "0.1")
public record StopRule(int iterations, Duration time, double precision, SteadyRule steady) {

  /** A rule that runs nothing: warm-up turned off. */
  public static final StopRule OFF = new StopRule(0, null, 0);

  /** A fixed rule: no steadiness check. */
  public StopRule(int iterations, Duration time, double precision) {
    this(iterations, time, precision, null);
  }

  /** This rule, run until steady by {@code rule} after its minimum; off stays off. */
  public StopRule untilSteady(SteadyRule rule) {
    return isOff() ? this : new StopRule(iterations, time, precision, rule);
  }

  /** Whether the phase runs until steady. */
  public boolean isSteady() {
    return steady != null;
  }

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
    if (isSteady()) {
      text.append(", then ").append(steady.describe());
    }
    return text.toString();
  }
}
