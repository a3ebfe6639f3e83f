package dev.junitbench.reports.history;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Properties;

/** The database engines a history store can live in. */
enum Engine {
  /** Embedded, one file: the default for one machine. */
  DUCKDB("jdbc:duckdb:", "duckdb.driver", "org.duckdb:duckdb_jdbc"),
  /** A server shared by a team. */
  POSTGRESQL("jdbc:postgresql:", "postgresql.driver", "org.postgresql:postgresql");

  private final String prefix;
  private final String driverKey;
  private final String unversioned;

  Engine(String prefix, String driverKey, String unversioned) {
    this.prefix = prefix;
    this.driverKey = driverKey;
    this.unversioned = unversioned;
  }

  /**
   * The Maven coordinates of its JDBC driver, with the version junit-bench-reports was built and
   * tested with (from its jar), for the message when it is missing.
   */
  String artifact() {
    Properties properties = new Properties();
    try (InputStream in =
        Engine.class.getResourceAsStream("/dev/junitbench/reports/reports.properties")) {
      if (in != null) {
        properties.load(in);
      }
    } catch (IOException e) {
      return unversioned;
    }
    return properties.getProperty(driverKey, unversioned);
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
