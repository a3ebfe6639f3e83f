package dev.junitbench.config;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/**
 * A benchmark's annotations or the run's configuration parameters hold a value junit-bench cannot
 * use. The message names the annotation or parameter, the value, and what is accepted.
 */
@API(status = MAINTAINED, since = "0.1")
public final class BenchmarkConfigurationException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** An error with a message that names the bad value and the fix. */
  public BenchmarkConfigurationException(String message) {
    super(message);
  }

  /**
   * {@code what} (the annotation or parameter and its value) is not valid: {@code accepted} says
   * what is.
   */
  public static BenchmarkConfigurationException notValid(String what, String accepted) {
    return new BenchmarkConfigurationException(what + " is not valid: " + accepted);
  }
}
