package dev.junitbench.fork;

/**
 * A fork that could not start, failed, was killed or ran past its time bound: the message names the
 * scenario and the fork; when the fork's benchmark threw, the cause is that exception as the fork
 * saw it, with its stack trace.
 */
public final class ForkException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** Wall time the fork took before it failed, ms. */
  private final double wallTimeMs;

  ForkException(String message, double wallTimeMs) {
    super(message);
    this.wallTimeMs = wallTimeMs;
  }

  ForkException(String message, Throwable cause, double wallTimeMs) {
    super(message, cause);
    this.wallTimeMs = wallTimeMs;
  }

  /** Wall time the fork took before it failed, ms: start-up included, 0 when it never started. */
  public double wallTimeMs() {
    return wallTimeMs;
  }
}
