package dev.junitbench.reports.history;

/**
 * A history store that cannot be used: unreachable, refused, of another schema version, not a
 * junit-bench store. The message names the store (never its password) and the fix.
 */
public final class StoreException extends Exception {

  private static final long serialVersionUID = 1L;

  /** A problem with the store; {@code message} names it and the fix. */
  public StoreException(String message) {
    super(message);
  }

  /** The same, with its cause. */
  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
