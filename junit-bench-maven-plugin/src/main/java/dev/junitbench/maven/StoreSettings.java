package dev.junitbench.maven;

import dev.junitbench.reports.history.StoreLocation;
import java.nio.file.Path;
import java.util.Map;

/**
 * The history store's settings as the goals take them: defaults, a file resolved against the
 * project's folder, and the password from the environment only, so that {@code mvn -X}, which
 * prints every parameter, never shows it.
 */
final class StoreSettings {

  /** A DuckDB file in the project's folder, as the command line's default in its working folder. */
  static final String DEFAULT_DB = "${project.basedir}/" + StoreLocation.DEFAULT_FILE;

  /** The environment variable of the user, as the command line's. */
  static final String USER_VARIABLE = "JUNIT_BENCH_HISTORY_USER";

  /** The environment variable of the password, as the command line's. */
  static final String PASSWORD_VARIABLE = "JUNIT_BENCH_HISTORY_PASSWORD";

  /** The command line's default user. */
  static final String DEFAULT_USER = "${env." + USER_VARIABLE + "}";

  private static final String DUCKDB = "jdbc:duckdb:";

  private StoreSettings() {}

  /**
   * The store {@code db} names: a JDBC URL, or a DuckDB file; a relative file, plain or in {@code
   * jdbc:duckdb:FILE}, is resolved against {@code basedir} (Maven's working folder is wherever
   * {@code mvn} was started, a reactor's root for a module). The password is {@code environment}'s
   * {@value #PASSWORD_VARIABLE}.
   */
  static StoreLocation location(
      Path basedir, String db, String user, Map<String, String> environment) {
    String where = db.trim();
    if (where.startsWith(DUCKDB)) {
      String file = where.substring(DUCKDB.length());
      int options = file.indexOf('?');
      String path = options < 0 ? file : file.substring(0, options);
      // jdbc:duckdb: alone, or :memory:, is a database in memory, not a file.
      if (!path.isEmpty() && !path.startsWith(":memory:")) {
        where = DUCKDB + basedir.resolve(path) + (options < 0 ? "" : file.substring(options));
      }
    } else if (!where.startsWith("jdbc:")) {
      where = basedir.resolve(where).toString();
    }
    return StoreLocation.of(where, user, environment.get(PASSWORD_VARIABLE));
  }
}
