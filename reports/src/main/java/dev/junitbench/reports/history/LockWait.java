package dev.junitbench.reports.history;

import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.config.Durations;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.regex.Pattern;

/**
 * Opening a DuckDB store that another process holds. DuckDB lets one process at a time open a file
 * for writing and refuses a second at once ({@code Could not set lock on file ...: Conflicting lock
 * is held in PROGRAM (PID n)}); two imports started together, as two CI jobs on one machine may be,
 * would then fail for nothing. The open is tried again, at growing intervals of 25 ms to 1 s, until
 * the other process lets go or the wait ({@value #PROPERTY}, 60 s by default) is over; then the
 * failure names the file and the process that holds it. Nothing is written before the store is
 * open, so a refused import leaves the store as it was.
 */
final class LockWait {

  /** The system property that bounds the wait: a duration such as {@code 60s} or {@code 5m}. */
  static final String PROPERTY = "junit.bench.history.lock-wait";

  static final Duration DEFAULT = Duration.ofSeconds(60);

  /**
   * DuckDB's refusal, after the quoted file name (which may hold any text): {@code Could not set
   * lock on file "F": Conflicting lock is held in PROGRAM (PID n)}.
   */
  private static final Pattern CONFLICT =
      Pattern.compile(
          "Could not set lock on file \".*\": Conflicting lock is held in .* \\(PID \\d+\\)",
          Pattern.DOTALL);

  /** One attempt to open the store. */
  interface Attempt {
    Connection open() throws SQLException;
  }

  private LockWait() {}

  /**
   * The wait {@value #PROPERTY} sets, else {@link #DEFAULT}.
   *
   * @throws StoreException when the property is not a duration
   */
  static Duration configured() throws StoreException {
    String value = System.getProperty(PROPERTY);
    if (value == null || value.isBlank()) {
      return DEFAULT;
    }
    try {
      return Durations.parse(value, "-D" + PROPERTY);
    } catch (BenchmarkConfigurationException e) {
      throw new StoreException(e.getMessage(), e);
    }
  }

  /** Whether {@code e} is DuckDB refusing a file another process holds. */
  static boolean isConflict(SQLException e) {
    return e.getMessage() != null && CONFLICT.matcher(e.getMessage()).find();
  }

  /**
   * Opens through {@code attempt}, trying again while another process holds the file, for at most
   * {@code wait}; {@code onConflict} hears of each refusal (a test waits on it).
   *
   * @throws StoreException naming {@code location} and the holder when the wait is over
   * @throws SQLException any other failure of the open, at once
   */
  static Connection open(
      Attempt attempt, Duration wait, StoreLocation location, Runnable onConflict)
      throws SQLException, StoreException {
    long deadline = System.nanoTime() + wait.toNanos();
    long pauseMs = 25;
    while (true) {
      try {
        return attempt.open();
      } catch (SQLException e) {
        if (!isConflict(e)) {
          throw e;
        }
        onConflict.run();
        long leftNs = deadline - System.nanoTime();
        if (leftNs <= 0) {
          throw new StoreException(held(location, e, wait), e);
        }
        try {
          Thread.sleep(Math.max(1, Math.min(pauseMs, leftNs / 1_000_000)));
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw new StoreException(
              "interrupted while waiting for the lock on the history store " + location, e);
        }
        pauseMs = Math.min(1000, pauseMs * 2);
      }
    }
  }

  private static String held(StoreLocation location, SQLException e, Duration wait) {
    String message = location.redact(e.getMessage());
    int from = message.indexOf("Conflicting lock");
    String holder = from < 0 ? message : message.substring(from);
    int seeAlso = holder.indexOf(". See also");
    if (seeAlso >= 0) {
      holder = holder.substring(0, seeAlso);
    }
    return "the history store "
        + location
        + " is in use by another process ("
        + holder
        + "), and was still after waiting "
        + Durations.format(wait)
        + ": let that process (an import, a check or a query of the same file) finish, or wait"
        + " longer with -D"
        + PROPERTY
        + "=5m; nothing was read or written";
  }
}
