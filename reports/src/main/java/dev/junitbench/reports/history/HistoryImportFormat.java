package dev.junitbench.reports.history;

import dev.junitbench.config.BenchConfig;
import dev.junitbench.results.RunFolder;
import dev.junitbench.spi.ResultFormat;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Imports a run into its history store when the run ends, when {@code junit.bench.history.db} names
 * one (user and password from JUNIT_BENCH_HISTORY_USER and JUNIT_BENCH_HISTORY_PASSWORD). A store
 * that cannot be reached, or a driver missing from the test class path, costs one warning on
 * standard error and nothing else: the run's files are complete before it is called.
 */
public final class HistoryImportFormat implements ResultFormat {

  private final Function<String, String> environment;

  /** The format as the extension finds it, reading the process's environment. */
  public HistoryImportFormat() {
    this(System::getenv);
  }

  HistoryImportFormat(Function<String, String> environment) {
    this.environment = environment;
  }

  /** The wait for a DuckDB store another process holds: set on a run, it is not unknown. */
  @Override
  public Set<String> configurationKeys() {
    return Set.of(LockWait.PROPERTY);
  }

  @Override
  public String name() {
    return "history";
  }

  @Override
  public List<Path> runFinished(RunFolder run) {
    Map<String, String> config = run.run().config();
    String db = config == null ? null : config.get(BenchConfig.HISTORY_DB);
    if (db == null || db.isBlank()) {
      return List.of();
    }
    StoreLocation location =
        StoreLocation.of(
            db,
            environment.apply("JUNIT_BENCH_HISTORY_USER"),
            environment.apply("JUNIT_BENCH_HISTORY_PASSWORD"));
    if (db.toLowerCase(Locale.ROOT).contains("password=")) {
      // The run records its configuration in results.json with the password masked; the mask cannot
      // log in.
      warn(
          location,
          "a password in "
              + BenchConfig.HISTORY_DB
              + " is never used (results.json would keep it); give it"
              + " in the environment variable JUNIT_BENCH_HISTORY_PASSWORD");
      return List.of();
    }
    RunSources.Found found =
        RunSources.find(List.of(run.dir()), config.get(BenchConfig.HISTORY_HOST));
    if (found.runs().isEmpty()) {
      warn(
          location,
          found.skipped().isEmpty()
              ? "the run folder could not be read"
              : found.skipped().get(0).reason());
      return List.of();
    }
    RunSource source = found.runs().get(0);
    try (HistoryStore store = HistoryStore.open(location)) {
      boolean added = store.importRun(source);
      System.out.println(
          "junit-bench: history "
              + (added ? "imported" : "already had")
              + " run "
              + source.run().run().id()
              + " (host "
              + source.host()
              + ") "
              + (added ? "into " : "in ")
              + store.location());
    } catch (StoreException e) {
      warn(location, e.getMessage());
    } catch (RuntimeException | LinkageError e) {
      warn(location, location.redact(String.valueOf(e)));
    }
    return List.of();
  }

  private void warn(StoreLocation location, String reason) {
    System.err.println(
        "junit-bench: warning: this run was not imported into the history store "
            + location
            + " ("
            + BenchConfig.HISTORY_DB
            + "): "
            + reason
            + "; the result files are complete: import them later with"
            + " junit-bench-reports history import");
  }
}
