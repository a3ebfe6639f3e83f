package dev.junitbench.reports;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Input the reports cannot use: a missing or damaged run, runs with nothing in common. The message
 * names the file or argument and the fix; the command line exits with 2.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class BadInputException extends Exception {

  private static final long serialVersionUID = 1L;

  /** A problem with the input; {@code message} names the file and the fix. */
  public BadInputException(String message) {
    super(message);
  }

  /** The same, with its cause. */
  public BadInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
