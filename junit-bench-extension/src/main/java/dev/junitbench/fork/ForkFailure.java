package dev.junitbench.fork;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An exception thrown in a fork, as the JUnit JVM reports it: its {@code toString()} is the fork's
 * exception's, its stack trace the fork's frames (as far as the first {@code Caused by}), so test
 * reports show where the fork failed, not where the JUnit JVM learned of it.
 */
final class ForkFailure extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** {@code at [module/]pkg.Class.method(File.java:12)}, the module and the location optional. */
  private static final Pattern FRAME =
      Pattern.compile("^\\s*at (?:[^ /(]+/)?([^ (]+)\\.([^ .(]+)\\(([^:)]*)(?::(\\d+))?\\)\\s*$");

  private final String description;

  ForkFailure(String description, String stackTrace) {
    super(description, null, false, true);
    this.description = description;
    setStackTrace(frames(stackTrace));
  }

  @Override
  public String toString() {
    return description;
  }

  static StackTraceElement[] frames(String stackTrace) {
    List<StackTraceElement> frames = new ArrayList<>();
    if (stackTrace != null) {
      for (String line : stackTrace.split("\\R")) {
        if (line.startsWith("Caused by:")) {
          break;
        }
        Matcher frame = FRAME.matcher(line);
        if (frame.matches()) {
          String file = frame.group(3);
          frames.add(
              new StackTraceElement(
                  frame.group(1),
                  frame.group(2),
                  file.isEmpty() || file.equals("Native Method") || file.equals("Unknown Source")
                      ? null
                      : file,
                  frame.group(4) == null
                      ? (file.equals("Native Method") ? -2 : -1)
                      : Integer.parseInt(frame.group(4))));
        }
      }
    }
    return frames.toArray(StackTraceElement[]::new);
  }
}
