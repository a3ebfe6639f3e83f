package dev.junitbench.reports.history;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * DuckDB's appender into a temporary staging table, then one {@code INSERT ... SELECT} into the
 * store's table. Rows appended straight into a table outlived a rollback of the connection's
 * transaction (duckdb_jdbc 1.5), so the appender never writes to the store itself: the one
 * statement that moves the staged rows is inside the transaction, and a rollback leaves the store
 * as it was. One loader serves one connection: its statements are prepared on it and closed with
 * it.
 */
final class DuckDbLoader implements BulkLoader {

  /** Per table: the statements that empty its stage and move the stage into it, prepared once. */
  private record Stage(
      String table, String name, PreparedStatement clear, PreparedStatement move) {}

  private final Map<String, Stage> stages = new HashMap<>();

  @Override
  public long load(Connection connection, String table, List<String> columns, Rows rows)
      throws SQLException {
    Stage stage = stages.get(table);
    if (stage == null) {
      String name = "stage_" + table;
      String names = String.join(", ", columns);
      try (Statement statement = connection.createStatement()) {
        statement.execute(
            "CREATE TEMP TABLE IF NOT EXISTS "
                + name
                + " AS SELECT "
                + names
                + " FROM "
                + table
                + " LIMIT 0");
      }
      stage =
          new Stage(
              table,
              name,
              connection.prepareStatement("DELETE FROM " + name),
              connection.prepareStatement(
                  "INSERT INTO " + table + " (" + names + ") SELECT " + names + " FROM " + name));
      stages.put(table, stage);
    }
    try {
      return load(connection, stage, rows);
    } catch (SQLException | RuntimeException e) {
      // A stage made inside the transaction that failed is gone with it: make it again next time.
      forget();
      throw e;
    }
  }

  private long load(Connection connection, Stage stage, Rows rows) throws SQLException {
    // Rows a failed load left behind.
    stage.clear().execute();
    long[] count = {0};
    try (DuckDBAppender appender =
        connection.unwrap(DuckDBConnection.class).createAppender("temp", "main", stage.name())) {
      rows.writeTo(
          values -> {
            appender.beginRow();
            for (Object value : values) {
              append(appender, value);
            }
            appender.endRow();
            count[0]++;
          });
    }
    ImportPoints.reached(ImportPoints.staged(stage.table()));
    stage.move().execute();
    ImportPoints.reached(ImportPoints.moved(stage.table()));
    stage.clear().execute();
    return count[0];
  }

  private void forget() {
    for (Stage stage : stages.values()) {
      for (PreparedStatement statement : List.of(stage.clear(), stage.move())) {
        try {
          statement.close();
        } catch (SQLException ignored) {
          // The failure being reported matters more.
        }
      }
    }
    stages.clear();
  }

  private static void append(DuckDBAppender appender, Object value) throws SQLException {
    if (value == null) {
      appender.appendNull();
    } else if (value instanceof String text) {
      appender.append(text);
    } else if (value instanceof Long number) {
      appender.append(number.longValue());
    } else if (value instanceof Integer number) {
      appender.append(number.intValue());
    } else if (value instanceof Double number) {
      appender.append(number.doubleValue());
    } else if (value instanceof Boolean flag) {
      appender.append(flag.booleanValue());
    } else {
      throw new IllegalArgumentException("no column type for " + value.getClass().getName());
    }
  }
}
