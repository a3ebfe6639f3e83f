package dev.junitbench.reports.history;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * The tables of a history store, one schema for every engine (plain SQL types both DuckDB and
 * PostgreSQL know), and its version: a new store gets the current one, an older store is migrated
 * forward step by step in one transaction, a newer one is refused. Nothing is ever dropped.
 */
final class StoreSchema {

  /** The version this junit-bench-reports writes and reads. */
  static final int VERSION = 1;

  /** The table that records the version. */
  static final String VERSION_TABLE = "junit_bench_schema";

  /** The statements that make version 1 from nothing. */
  static final List<String> CREATE =
      List.of(
          "CREATE TABLE "
              + VERSION_TABLE
              + " (version INTEGER NOT NULL, migrated_at VARCHAR NOT NULL)",
          // The latest description of each machine; every run also keeps the one it was measured
          // on.
          "CREATE TABLE hosts (host VARCHAR NOT NULL PRIMARY KEY, name VARCHAR, cpu_model VARCHAR, cpu_cores INTEGER,"
              + " memory_bytes BIGINT, os VARCHAR, gpus VARCHAR, last_run_at VARCHAR, last_run_ms BIGINT NOT NULL)",
          "CREATE TABLE runs (host VARCHAR NOT NULL, run_id VARCHAR NOT NULL, started_at VARCHAR NOT NULL,"
              + " started_ms BIGINT NOT NULL, finished_at VARCHAR, git_commit VARCHAR, git_branch VARCHAR,"
              + " git_dirty BOOLEAN, junit_bench_version VARCHAR, java_version VARCHAR, host_info VARCHAR,"
              + " software VARCHAR, config VARCHAR, warnings VARCHAR, source VARCHAR, imported_at VARCHAR NOT NULL,"
              + " PRIMARY KEY (host, run_id))",
          "CREATE TABLE results (host VARCHAR NOT NULL, run_id VARCHAR NOT NULL, result_id INTEGER NOT NULL,"
              + " benchmark VARCHAR NOT NULL, params VARCHAR NOT NULL, display_name VARCHAR, status VARCHAR NOT NULL,"
              + " error VARCHAR, count BIGINT, mean_ms DOUBLE PRECISION, median_ms DOUBLE PRECISION,"
              + " std_ms DOUBLE PRECISION, min_ms DOUBLE PRECISION, max_ms DOUBLE PRECISION, p25_ms DOUBLE PRECISION,"
              + " p75_ms DOUBLE PRECISION, p90_ms DOUBLE PRECISION, p95_ms DOUBLE PRECISION, p99_ms DOUBLE PRECISION,"
              + " p999_ms DOUBLE PRECISION, ci95_low_ms DOUBLE PRECISION, ci95_high_ms DOUBLE PRECISION,"
              + " throughput DOUBLE PRECISION, throughput_unit VARCHAR, forks INTEGER, fork_median_ms DOUBLE PRECISION,"
              + " fork_ci95_low_ms DOUBLE PRECISION, fork_ci95_high_ms DOUBLE PRECISION, valid BOOLEAN,"
              + " result VARCHAR NOT NULL, PRIMARY KEY (host, run_id, result_id))",
          "CREATE TABLE forks (host VARCHAR NOT NULL, run_id VARCHAR NOT NULL, result_id INTEGER NOT NULL,"
              + " fork INTEGER NOT NULL, status VARCHAR NOT NULL, error VARCHAR, count BIGINT, median_ms DOUBLE PRECISION,"
              + " ci95_low_ms DOUBLE PRECISION, ci95_high_ms DOUBLE PRECISION, mean_ms DOUBLE PRECISION,"
              + " wall_ms DOUBLE PRECISION, PRIMARY KEY (host, run_id, result_id, fork))",
          // Raw samples: many rows, no key (a key costs every bulk load; a run's samples go in once
          // or not at all).
          "CREATE TABLE samples (host VARCHAR NOT NULL, run_id VARCHAR NOT NULL, result_id INTEGER NOT NULL,"
              + " iteration BIGINT NOT NULL, latency_ns BIGINT NOT NULL)",
          "CREATE INDEX results_by_scenario ON results (benchmark, host)");

  /**
   * The steps from each older version: {@code MIGRATIONS.get(v - 1)} takes a store of version
   * {@code v} to {@code v + 1}. Each step only adds (tables, columns, indexes, copied values).
   */
  static final List<List<String>> MIGRATIONS = List.of();

  private StoreSchema() {}

  /**
   * Makes {@code connection}'s database a store of the current version: creates it when empty,
   * migrates it forward when older, refuses it when newer or not a junit-bench store.
   *
   * @param where how to name the store in messages (its URL without credentials)
   * @return what was done, for the command's output: null when the store was already current
   */
  static String prepare(Connection connection, String where) throws SQLException, StoreException {
    return prepare(connection, where, VERSION, MIGRATIONS);
  }

  /**
   * The same, for a schema of {@code version} reached by {@code migrations}: tests migrate with
   * steps of their own.
   */
  static String prepare(
      Connection connection, String where, int version, List<List<String>> migrations)
      throws SQLException, StoreException {
    // Two imports into one new PostgreSQL database at once: one makes the store while the other
    // waits here, then finds it made (DuckDB lets one process at a time open its file).
    boolean postgres =
        "PostgreSQL".equalsIgnoreCase(connection.getMetaData().getDatabaseProductName());
    if (postgres) {
      advisoryLock(connection, "pg_advisory_lock");
    }
    try {
      return prepareAlone(connection, where, version, migrations);
    } finally {
      if (postgres) {
        advisoryLock(connection, "pg_advisory_unlock");
      }
    }
  }

  /** PostgreSQL's session lock of the making of a store: {@code function} takes or releases it. */
  private static void advisoryLock(Connection connection, String function) throws SQLException {
    boolean auto = connection.getAutoCommit();
    try (Statement statement = connection.createStatement()) {
      statement.execute("SELECT " + function + "(" + SCHEMA_LOCK + ")");
      if (!auto) {
        connection.commit();
      }
    }
  }

  /** The key of PostgreSQL's advisory lock held while a store is made or migrated. */
  private static final long SCHEMA_LOCK = 0x6a75_6e69_7462_6e63L;

  private static String prepareAlone(
      Connection connection, String where, int version, List<List<String>> migrations)
      throws SQLException, StoreException {
    Integer found = versionOf(connection, where);
    if (found == null && hasTable(connection, "runs")) {
      // Another process may have made the store between the two looks (two imports into a new
      // database): look again.
      found = versionOf(connection, where);
    }
    if (found == null) {
      if (hasTable(connection, "runs")) {
        throw new StoreException(
            where
                + " has a table named runs but no "
                + VERSION_TABLE
                + ": it is not a"
                + " junit-bench history store; give another database (--db) or an empty one");
      }
      try {
        inTransaction(
            connection,
            statement -> {
              for (String sql : CREATE) {
                statement.execute(sql);
              }
              for (List<String> step : migrations) {
                for (String sql : step) {
                  statement.execute(sql);
                }
              }
              record(statement, version);
            });
      } catch (SQLException e) {
        if (madeMeanwhile(connection, where, version, e)) {
          return null;
        }
        throw e;
      }
      return "created a history store of schema version " + version + " in " + where;
    }
    if (found == version) {
      return null;
    }
    if (found > version) {
      throw new StoreException(
          where
              + " is a history store of schema version "
              + found
              + "; this junit-bench-reports"
              + " reads version "
              + version
              + ": use the junit-bench-reports version that wrote it, or a newer one");
    }
    int from = found;
    try {
      inTransaction(
          connection,
          statement -> {
            for (int v = from; v < version; v++) {
              for (String sql : migrations.get(v - 1)) {
                statement.execute(sql);
              }
            }
            statement.execute("DELETE FROM " + VERSION_TABLE);
            record(statement, version);
          });
    } catch (SQLException e) {
      if (madeMeanwhile(connection, where, version, e)) {
        return null;
      }
      throw e;
    }
    return "migrated the history store "
        + where
        + " from schema version "
        + from
        + " to "
        + version;
  }

  /**
   * Whether another process made the store current while this one tried to (two imports into a new
   * PostgreSQL database at once): its transaction won, this one was rolled back, and the store is
   * as wanted.
   */
  private static boolean madeMeanwhile(
      Connection connection, String where, int version, SQLException failure) {
    try {
      Integer now = versionOf(connection, where);
      return now != null && now == version;
    } catch (StoreException | SQLException e) {
      // The store's own failure is the one to report; this look's goes with it.
      failure.addSuppressed(e);
      return false;
    }
  }

  private static void record(Statement statement, int version) throws SQLException {
    statement.execute(
        "INSERT INTO " + VERSION_TABLE + " VALUES (" + version + ", '" + Instant.now() + "')");
  }

  private static Integer versionOf(Connection connection, String where)
      throws SQLException, StoreException {
    if (!hasTable(connection, VERSION_TABLE)) {
      return null;
    }
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT version FROM " + VERSION_TABLE)) {
      if (!rows.next()) {
        throw new StoreException(
            where
                + ": its "
                + VERSION_TABLE
                + " table is empty, so its schema version is"
                + " unknown; the store is damaged: restore it from a backup or start a new one");
      }
      return rows.getInt(1);
    }
  }

  private static boolean hasTable(Connection connection, String name) throws SQLException {
    DatabaseMetaData meta = connection.getMetaData();
    // The schema new tables go to (PostgreSQL's first on the search path, DuckDB's main): the store
    // is there, not
    // among DuckDB's temp tables or another PostgreSQL schema.
    String current = connection.getSchema();
    for (String candidate : new String[] {name, name.toUpperCase(Locale.ROOT)}) {
      try (ResultSet tables = meta.getTables(null, current, candidate, null)) {
        while (tables.next()) {
          String schema = tables.getString("TABLE_SCHEM");
          if (current == null || current.equals(schema)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** Statements run as one transaction on {@code connection}, rolled back when one fails. */
  interface Work {
    void run(Statement statement) throws SQLException;
  }

  static void inTransaction(Connection connection, Work work) throws SQLException {
    boolean auto = connection.getAutoCommit();
    connection.setAutoCommit(false);
    try (Statement statement = connection.createStatement()) {
      work.run(statement);
      connection.commit();
    } catch (SQLException | RuntimeException e) {
      connection.rollback();
      throw e;
    } finally {
      connection.setAutoCommit(auto);
    }
  }
}
