package dev.junitbench.reports.history;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Where a history store is and how to log in: a JDBC URL ({@code jdbc:duckdb:FILE}, {@code
 * jdbc:postgresql://host:5432/db}) or a plain file path (a DuckDB file), with a user and a password
 * for servers. {@link #toString()} never shows the password.
 *
 * @param url the JDBC URL
 * @param user the user, or null
 * @param password the password, or null
 */
public record StoreLocation(String url, String user, String password) {

  /** The default store: a DuckDB file in the working folder. */
  public static final String DEFAULT_FILE = "benchmark-history.duckdb";

  /** The store {@code where} names: a JDBC URL, or a file path taken as a DuckDB file. */
  public static StoreLocation of(String where, String user, String password) {
    String url =
        where.startsWith("jdbc:") ? where : "jdbc:duckdb:" + Path.of(where).toAbsolutePath();
    return new StoreLocation(url, blankToNull(user), blankToNull(password));
  }

  /**
   * The DuckDB file the URL names, or null for another engine or DuckDB's in-memory database: what
   * the commands that only read the store look for before they open it (DuckDB creates a missing
   * file).
   */
  public Path duckDbFile() {
    String prefix = "jdbc:duckdb:";
    if (!url.startsWith(prefix)) {
      return null;
    }
    String path = url.substring(prefix.length());
    int query = path.indexOf('?');
    path = query < 0 ? path : path.substring(0, query);
    if (path.isEmpty()
        || path.startsWith(":memory:")
        || path.startsWith("md:")
        || path.startsWith("motherduck:")
        || path.contains("://")) {
      // In memory, MotherDuck's service, or a remote file: nothing on this machine to look for.
      return null;
    }
    try {
      return Path.of(path);
    } catch (InvalidPathException e) {
      return null;
    }
  }

  /** The engine of the URL, or null when junit-bench has no store for it. */
  Engine engine() {
    return Engine.of(url);
  }

  /**
   * {@code text} with the password, and any {@code password=...} parameter of a URL, replaced by
   * {@code ***}: drivers sometimes repeat the URL in their messages.
   */
  public String redact(String text) {
    if (text == null) {
      return null;
    }
    String safe = text.replaceAll("(?i)(password=)[^&;\\s]*", "$1***");
    if (password != null && !password.isEmpty()) {
      safe = safe.replace(password, "***");
    }
    return safe;
  }

  @Override
  public String toString() {
    return redact(url);
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value;
  }
}
