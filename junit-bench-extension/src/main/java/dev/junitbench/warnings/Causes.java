package dev.junitbench.warnings;

import java.util.ArrayList;
import java.util.List;

/** How backends describe why a runtime failed: each cause's class and message, outermost first. */
public final class Causes {

  private Causes() {}

  /**
   * {@code ai.djl.engine.EngineException: Failed to save pytorch index file, caused by
   * java.io.IOException: Offline mode is enabled.}: every cause, so the one a user can act on is
   * there whichever level it sits at. Wrappers that only repeat their cause are left out.
   */
  public static String describe(Throwable thrown) {
    List<String> parts = new ArrayList<>();
    Throwable cause = thrown;
    for (int depth = 0; cause != null && depth < 8; depth++) {
      boolean wrapper =
          cause.getCause() != null
              && (cause.getMessage() == null
                  || cause.getMessage().equals(cause.getCause().toString()));
      if (!wrapper) {
        String message = cause.getMessage() == null ? "" : ": " + cause.getMessage().strip();
        parts.add(cause.getClass().getName() + message);
      }
      cause = cause.getCause() == cause ? null : cause.getCause();
    }
    return String.join(", caused by ", parts);
  }
}
