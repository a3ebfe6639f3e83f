package dev.junitbench.reports.history;

import java.util.function.Consumer;

/**
 * The steps an import passes, named so that a test can stop a process at one of them (a SIGKILL at
 * a known point) and show the store stays consistent; nothing listens in normal use, and passing a
 * point costs one volatile read.
 */
final class ImportPoints {

  /** A table's rows are in its stage (DuckDB) or sent through COPY (PostgreSQL), not in it yet. */
  static String staged(String table) {
    return "staged " + table;
  }

  /** DuckDB: a table's staged rows are moved into it, inside the open transaction. */
  static String moved(String table) {
    return "moved " + table;
  }

  /** Everything of the run is written, the transaction not yet committed. */
  static final String BEFORE_COMMIT = "before-commit";

  /** The run's transaction is committed. */
  static final String AFTER_COMMIT = "after-commit";

  private static volatile Consumer<String> listener = point -> {};

  private ImportPoints() {}

  static void reached(String point) {
    listener.accept(point);
  }

  /** Hears every point reached from now on (tests only). */
  static void listen(Consumer<String> newListener) {
    listener = newListener;
  }
}
