package dev.junitbench.warnings;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Warnings about figures a run cannot give (no nvidia-smi, unreadable energy counters, a host probe
 * that failed): each cause is printed once per run on stderr and kept for results.json, so a
 * missing figure is explained once, not once per scenario.
 *
 * @since 0.1.0
 */
public final class RunWarnings {

  private static final Map<String, String> WARNED = new LinkedHashMap<>();

  private RunWarnings() {}

  /** Starts a new run: every cause may be warned about once again. */
  public static synchronized void reset() {
    WARNED.clear();
  }

  /** Prints {@code message} unless a warning of the same {@code cause} was printed in this run. */
  public static void warnOnce(String cause, String message) {
    warnOnce(cause, message, System.err);
  }

  /**
   * Prints {@code message} on {@code err} unless a warning of the same {@code cause} was printed in
   * this run.
   */
  public static synchronized void warnOnce(String cause, String message, PrintStream err) {
    if (WARNED.putIfAbsent(cause, message) == null) {
      err.println("junit-bench: warning: " + message);
      err.flush();
    }
  }

  /** The warnings of this run so far, in the order they were given. */
  public static synchronized List<String> messages() {
    return new ArrayList<>(WARNED.values());
  }
}
