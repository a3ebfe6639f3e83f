package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Parses the sizes in bytes written in annotations and configuration parameters. Units are binary,
 * as the JVM's {@code -Xmx} reads them: {@code 1KB} = {@code 1KiB} = 1024 bytes.
 */
@API(status = INTERNAL, since = "0.1")
public final class ByteSizes {

  /** What {@link #parse} accepts, for error messages. */
  public static final String ACCEPTED =
      "a number of bytes with a unit B, KB (= KiB, 1024 B), MB (= MiB) or GB (= GiB), such as"
          + " \"64B\", \"2KB\" or \"1.5MB\"";

  private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmg]i?)?b?");

  private ByteSizes() {}

  /**
   * The bytes {@code text} denotes, 0 or more; a bare number is bytes.
   *
   * @throws IllegalArgumentException naming {@code text} and {@link #ACCEPTED}
   */
  public static double parse(String text) {
    String trimmed = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    Matcher matcher = SIZE.matcher(trimmed);
    if (!trimmed.isEmpty() && matcher.matches()) {
      double amount = Double.parseDouble(matcher.group(1));
      String unit = matcher.group(2) == null ? "" : matcher.group(2).substring(0, 1);
      double factor =
          switch (unit) {
            case "k" -> 1024.0;
            case "m" -> 1024.0 * 1024;
            case "g" -> 1024.0 * 1024 * 1024;
            default -> 1.0;
          };
      double bytes = amount * factor;
      if (Double.isFinite(bytes)) {
        return bytes;
      }
    }
    throw new IllegalArgumentException("\"" + text + "\" is not a size; use " + ACCEPTED);
  }
}
