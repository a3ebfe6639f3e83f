package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.io.IOException;
import org.apiguardian.api.API;

/**
 * A result file that cannot be used: missing, empty, cut short, of another schema version, or with
 * values no measurement can have. The message names the file, the problem and the fix.
 *
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ResultFileException extends IOException {

  private static final long serialVersionUID = 1L;

  /** A problem with a result file; {@code message} names the file. */
  public ResultFileException(String message) {
    super(message);
  }

  /** A problem with a result file, caused by {@code cause}. */
  public ResultFileException(String message, Throwable cause) {
    super(message, cause);
  }
}
