package dev.junitbench.reports.history;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.postgresql.PGConnection;
import org.postgresql.copy.PGCopyOutputStream;

/**
 * PostgreSQL's {@code COPY ... FROM STDIN} through the driver's copy API, fed as CSV: inside the
 * transaction like any statement. A null is an unquoted empty field, an empty string a quoted one
 * (Commons CSV's PostgreSQL format quotes every value that is not null).
 */
final class PostgresLoader implements BulkLoader {

  private static final CSVFormat CSV = CSVFormat.POSTGRESQL_CSV;

  @Override
  public long load(Connection connection, String table, List<String> columns, Rows rows)
      throws SQLException {
    String sql =
        "COPY " + table + " (" + String.join(", ", columns) + ") FROM STDIN WITH (FORMAT csv)";
    long[] count = {0};
    PGCopyOutputStream copy =
        new PGCopyOutputStream(connection.unwrap(PGConnection.class), sql, 1 << 16);
    CSVPrinter printer;
    try {
      printer = new CSVPrinter(new OutputStreamWriter(copy, StandardCharsets.UTF_8), CSV);
      rows.writeTo(
          values -> {
            try {
              printer.printRecord(values);
            } catch (IOException e) {
              throw new SQLException("COPY into " + table + " failed: " + e.getMessage(), e);
            }
            count[0]++;
          });
      printer.flush();
      ImportPoints.reached(ImportPoints.staged(table));
    } catch (IOException e) {
      cancel(copy);
      throw new SQLException("COPY into " + table + " failed: " + e.getMessage(), e);
    } catch (SQLException | RuntimeException e) {
      cancel(copy);
      throw e;
    }
    try {
      printer.close();
    } catch (IOException e) {
      throw new SQLException("COPY into " + table + " failed: " + e.getMessage(), e);
    }
    return count[0];
  }

  /** Cancelled, not ended: closing the stream would end the COPY and keep the rows sent so far. */
  private static void cancel(PGCopyOutputStream copy) throws SQLException {
    if (copy.isActive()) {
      copy.cancelCopy();
    }
  }
}
