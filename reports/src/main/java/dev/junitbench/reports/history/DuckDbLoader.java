package dev.junitbench.reports.history;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * DuckDB's appender into a temporary staging table, then one {@code INSERT ... SELECT} into the
 * store's table. DuckDB's appender writes outside the connection's transaction, so it never
 * appends to the store itself: the one statement that moves the staged rows is inside the
 * transaction, and a rollback leaves the store as it was.
 */
final class DuckDbLoader implements BulkLoader {

  private final Set<String> staged = new HashSet<>();

  @Override
  public long load(Connection connection, String table, List<String> columns, Rows rows) throws SQLException {
    String stage = "stage_" + table;
    String names = String.join(", ", columns);
    try (Statement statement = connection.createStatement()) {
      if (staged.add(table)) {
        statement.execute("CREATE TEMP TABLE IF NOT EXISTS " + stage + " AS SELECT " + names + " FROM " + table
            + " LIMIT 0");
      }
      // Rows a failed load left behind.
      statement.execute("DELETE FROM " + stage);
      long[] count = {0};
      try (DuckDBAppender appender = connection.unwrap(DuckDBConnection.class).createAppender("temp", "main", stage)) {
        rows.writeTo(values -> {
          appender.beginRow();
          for (Object value : values) {
            append(appender, value);
          }
          appender.endRow();
          count[0]++;
        });
      }
      statement.execute("INSERT INTO " + table + " (" + names + ") SELECT " + names + " FROM " + stage);
      statement.execute("DELETE FROM " + stage);
      return count[0];
    }
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
