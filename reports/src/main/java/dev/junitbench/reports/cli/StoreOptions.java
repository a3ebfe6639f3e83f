package dev.junitbench.reports.cli;

import dev.junitbench.reports.history.HistoryStore;
import dev.junitbench.reports.history.Series;
import dev.junitbench.reports.history.SeriesQuery;
import dev.junitbench.reports.history.StoreException;
import dev.junitbench.reports.history.StoreLocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code --db}, {@code --user}, {@code --password}: where the history store is, shared by the
 * history commands.
 */
final class StoreOptions {

  @Option(
      names = "--db",
      paramLabel = "URL",
      defaultValue = StoreLocation.DEFAULT_FILE,
      description = {
        "The history store: a DuckDB file (a path, or jdbc:duckdb:FILE), created by history import"
            + " when missing (trend and check refuse a missing one), or a"
            + " PostgreSQL database (jdbc:postgresql://HOST:PORT/DATABASE). Default: ${DEFAULT-VALUE} in the working"
            + " folder."
      })
  String db;

  @Option(
      names = "--user",
      paramLabel = "USER",
      defaultValue = "${env:JUNIT_BENCH_HISTORY_USER}",
      description =
          "The database user. Default: the environment variable JUNIT_BENCH_HISTORY_USER.")
  String user;

  // Never echoed: picocli shows no default here, and messages pass through StoreLocation.redact.
  @Option(
      names = "--password",
      paramLabel = "PASSWORD",
      defaultValue = "${env:JUNIT_BENCH_HISTORY_PASSWORD}",
      description =
          "The database password (prefer the environment variable JUNIT_BENCH_HISTORY_PASSWORD: a command"
              + " line is visible to other users of the machine).")
  String password;

  StoreLocation location() {
    return StoreLocation.of(db, user, password);
  }

  /**
   * The series {@code query} selects from the store; when none matches, or the store is a DuckDB
   * file that does not exist, says so on {@code command}'s stderr (naming the store and the
   * filters) and returns null.
   */
  List<Series> series(CommandLine command, SeriesQuery query) throws StoreException {
    String name = command.getCommandSpec().qualifiedName(" ").replaceFirst("^\\S+ ", "");
    Path file = location().duckDbFile();
    if (file != null && !Files.exists(file)) {
      // DuckDB would create it: a mistyped --db would read as a store without these runs.
      command
          .getErr()
          .println(
              name
                  + ": no history store at "
                  + file
                  + " (no such file); give the --db of the store the runs were imported into,"
                  + " or history import them first");
      return null;
    }
    List<Series> series;
    String where;
    try (HistoryStore history = HistoryStore.open(location())) {
      series = query.read(history);
      where = history.location().toString();
    }
    if (series.isEmpty()) {
      command
          .getErr()
          .println(
              name
                  + ": no scenario in "
                  + where
                  + " matches --benchmark "
                  + query.benchmark()
                  + (query.params().isEmpty() ? "" : " --params " + query.params())
                  + (query.host() == null ? "" : " --host " + query.host())
                  + "; history import the runs first, or widen the pattern"
                  + SeriesQuery.methodHint(query.benchmark())
                      .map(
                          pattern ->
                              " (a benchmark's method follows a #, also for JMH's: --benchmark "
                                  + pattern
                                  + ")")
                      .orElse(""));
      return null;
    }
    return series;
  }
}
