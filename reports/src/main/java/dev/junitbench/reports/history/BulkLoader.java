package dev.junitbench.reports.history;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Loads many rows into one table in bulk, inside the connection's open transaction, the way its
 * engine does it fastest: DuckDB's appender, PostgreSQL's {@code COPY}. Never row-by-row inserts.
 * Values reach the database only as data (never as SQL text): a result's strings cannot run as SQL.
 */
interface BulkLoader {

  /**
   * One row's values, in the table's column order: String, Integer, Long, Double, Boolean or null.
   */
  interface Rows {
    /** Hands every row to {@code sink}. */
    void writeTo(Sink sink) throws SQLException;
  }

  /** Takes rows. */
  interface Sink {
    void row(Object... values) throws SQLException;
  }

  /**
   * Loads {@code rows} into {@code table} ({@code columns} in order) as part of {@code
   * connection}'s transaction: a rollback takes them back.
   *
   * @return the number of rows loaded
   */
  long load(Connection connection, String table, List<String> columns, Rows rows)
      throws SQLException;

  /** The loader for {@code engine}. */
  static BulkLoader of(Engine engine) {
    return switch (engine) {
      case DUCKDB -> new DuckDbLoader();
      case POSTGRESQL -> new PostgresLoader();
    };
  }
}
