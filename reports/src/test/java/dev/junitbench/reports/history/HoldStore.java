package dev.junitbench.reports.history;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * Another process that holds a DuckDB store: opens the file given, says {@code held} on its
 * standard output, and lets go when its standard input ends.
 */
public final class HoldStore {

  private HoldStore() {}

  public static void main(String[] args) throws IOException, SQLException {
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:" + args[0])) {
      System.out.println("held");
      System.out.flush();
      while (System.in.read() >= 0) {
        // Holds the file until the test closes this process's input.
      }
    }
  }
}
