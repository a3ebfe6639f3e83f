package dev.junitbench.reports.history;

import java.util.Locale;

/** The database engines a history store can live in. */
enum Engine {
  /** Embedded, one file: the default for one machine. */
  DUCKDB("jdbc:duckdb:", "org.duckdb:duckdb_jdbc"),
  /** A server shared by a team. */
  POSTGRESQL("jdbc:postgresql:", "org.postgresql:postgresql");

  private final String prefix;
  private final String artifact;

  Engine(String prefix, String artifact) {
    this.prefix = prefix;
    this.artifact = artifact;
  }

  /** The Maven coordinates of its JDBC driver, for the message when it is missing. */
  String artifact() {
    return artifact;
  }

  /** The engine of a JDBC URL, or null when junit-bench has no store for it. */
  static Engine of(String url) {
    String lower = url.toLowerCase(Locale.ROOT);
    for (Engine engine : values()) {
      if (lower.startsWith(engine.prefix)) {
        return engine;
      }
    }
    return null;
  }
}
