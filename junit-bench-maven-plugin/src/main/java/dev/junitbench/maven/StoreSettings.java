package dev.junitbench.maven;

import dev.junitbench.reports.history.StoreLocation;
import java.nio.file.Path;

/**
 * The history store's settings as the goals take them: defaults, and a path resolved as Maven does.
 */
final class StoreSettings {

  /** A DuckDB file in the project's folder, as the command line's default in its working folder. */
  static final String DEFAULT_DB = "${project.basedir}/" + StoreLocation.DEFAULT_FILE;

  /** The command line's default user. */
  static final String DEFAULT_USER = "${env.JUNIT_BENCH_HISTORY_USER}";

  /** The command line's default password. */
  static final String DEFAULT_PASSWORD = "${env.JUNIT_BENCH_HISTORY_PASSWORD}";

  private StoreSettings() {}

  /** The store {@code db} names: a JDBC URL, or a DuckDB file relative to {@code basedir}. */
  static StoreLocation location(Path basedir, String db, String user, String password) {
    String where = db.startsWith("jdbc:") ? db : basedir.resolve(db.trim()).toString();
    return StoreLocation.of(where, user, password);
  }
}
