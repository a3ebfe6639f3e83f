package dev.junitbench.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/** Parses the durations written in annotations and configuration parameters. */
@API(status = INTERNAL, since = "0.1")
public final class Durations {

  /** What {@link #parse} accepts, for error messages. */
  public static final String ACCEPTED =
      "a positive number with a unit ns, us, ms, s, m or h (\"500ms\", \"2s\", \"1.5m\")"
          + " or an ISO-8601 duration (\"PT2S\")";

  private static final Pattern SIMPLE =
      Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|µs|ms|s|sec|m|min|h)");

  private Durations() {}

  /**
   * The duration {@code text} denotes.
   *
   * @param where names the annotation attribute or parameter, for the error message
   * @throws BenchmarkConfigurationException when {@code text} is not a positive duration
   */
  public static Duration parse(String text, String where) {
    String trimmed = text.trim().toLowerCase(Locale.ROOT);
    Duration duration = null;
    Matcher matcher = SIMPLE.matcher(trimmed);
    if (matcher.matches()) {
      BigDecimal amount = new BigDecimal(matcher.group(1));
      long nanosPerUnit =
          switch (matcher.group(2)) {
            case "ns" -> 1L;
            case "us", "µs" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s", "sec" -> 1_000_000_000L;
            case "m", "min" -> 60_000_000_000L;
            default -> 3_600_000_000_000L;
          };
      try {
        duration =
            Duration.ofNanos(amount.multiply(BigDecimal.valueOf(nanosPerUnit)).longValueExact());
      } catch (ArithmeticException tooLong) {
        duration = null;
      }
    } else if (trimmed.startsWith("pt") || trimmed.startsWith("p")) {
      try {
        duration = Duration.parse(trimmed.toUpperCase(Locale.ROOT));
      } catch (DateTimeParseException e) {
        duration = null;
      }
    }
    if (duration == null || duration.isNegative() || duration.isZero() || !fitsInNanos(duration)) {
      throw new BenchmarkConfigurationException(
          where + " = \"" + text + "\" is not a duration; use " + ACCEPTED);
    }
    return duration;
  }

  @SuppressWarnings("ReturnValueIgnored") // toNanos() is called for its ArithmeticException
  private static boolean fitsInNanos(Duration duration) {
    try {
      duration.toNanos();
      return true;
    } catch (ArithmeticException e) {
      return false;
    }
  }

  /** {@code duration} as people write it: {@code 2s}, {@code 500ms}, {@code 1.5m}. */
  public static String format(Duration duration) {
    long nanos = duration.toNanos();
    if (nanos % 1_000_000_000L == 0) {
      return nanos / 1_000_000_000L + "s";
    }
    if (nanos % 1_000_000L == 0) {
      return nanos / 1_000_000L + "ms";
    }
    if (nanos % 1_000L == 0) {
      return nanos / 1_000L + "us";
    }
    return nanos + "ns";
  }
}
