package dev.junitbench.reports.history;

import static org.junit.jupiter.api.Assumptions.abort;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/**
 * The PostgreSQL server of the integration tests, on loopback: ci/postgres.sh (called by the test
 * command, ci/test.sh) installs and starts it and exports where it is. Each test class gets a
 * database of its own, created here and dropped after; without a server the tests are skipped with
 * the reason.
 */
final class PostgresServer {

  static final String URL = System.getenv("JUNIT_BENCH_TEST_PG_URL");
  static final String USER = System.getenv("JUNIT_BENCH_TEST_PG_USER");
  static final String PASSWORD = System.getenv("JUNIT_BENCH_TEST_PG_PASSWORD");

  private PostgresServer() {}

  /**
   * Connects as the tests' role to its administrative database, or skips the tests with the reason.
   */
  static Connection admin() {
    String skip = System.getenv("JUNIT_BENCH_TEST_PG_SKIP");
    if (skip != null) {
      abort("no PostgreSQL server: " + skip);
    }
    if (URL == null) {
      abort(
          "no PostgreSQL server: JUNIT_BENCH_TEST_PG_URL is not set; run the tests with ci/test.sh, which starts"
              + " one on loopback");
    }
    try {
      return DriverManager.getConnection(URL, USER, PASSWORD);
    } catch (SQLException e) {
      return abort("no PostgreSQL server at " + URL + ": " + e.getMessage());
    }
  }

  /** Creates a database of a fresh name and returns its name. */
  static String createDatabase() throws SQLException {
    String name =
        "junit_bench_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    try (Connection connection = admin();
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE DATABASE " + name);
    }
    return name;
  }

  /** Drops database {@code name}, closing what still uses it. */
  static void dropDatabase(String name) throws SQLException {
    try (Connection connection = admin();
        Statement statement = connection.createStatement()) {
      statement.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
    }
  }

  /** The JDBC URL of database {@code name} on the server. */
  static String urlOf(String name) {
    return URL.substring(0, URL.lastIndexOf('/') + 1) + name;
  }
}
