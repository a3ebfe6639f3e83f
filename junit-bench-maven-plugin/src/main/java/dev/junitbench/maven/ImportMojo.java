package dev.junitbench.maven;

import dev.junitbench.reports.action.HistoryImportAction;
import dev.junitbench.reports.action.Outcome;
import dev.junitbench.reports.history.StoreException;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Imports runs into the history store (a DuckDB file, or a JDBC database such as PostgreSQL), each
 * run once, as the command line's {@code history import}. The drivers come with the plugin.
 */
@Mojo(name = "import", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class ImportMojo extends BenchMojo {

  /**
   * What to import: run folders, folders of run folders, or run sets; from the command line a
   * comma-separated list. Default: every run folder in {@code resultsDirectory}.
   */
  @Parameter(property = "junit-bench.runs")
  List<String> runs;

  /**
   * The host label to keep these runs under (a CI runner's kind: linux-x64-2core). Default: each
   * run's host name.
   */
  @Parameter(property = "junit-bench.host")
  String host;

  /**
   * The history store: a DuckDB file (a path, or jdbc:duckdb:FILE), created when missing, or
   * jdbc:postgresql://HOST:PORT/DATABASE.
   */
  @Parameter(property = "junit-bench.db", defaultValue = StoreSettings.DEFAULT_DB)
  String db;

  /**
   * The database user. Default: the environment variable JUNIT_BENCH_HISTORY_USER. The password is
   * read from JUNIT_BENCH_HISTORY_PASSWORD only: a parameter would be printed by {@code mvn -X}.
   */
  @Parameter(property = "junit-bench.db.user", defaultValue = StoreSettings.DEFAULT_USER)
  String dbUser;

  @Override
  void run() throws MojoExecutionException {
    boolean named = runs != null && !runs.isEmpty();
    if (aggregatorWithoutRun(named, "junit-bench.runs")) {
      return;
    }
    List<Path> paths = named ? resolved(runs) : List.of(resultsFolder());
    Outcome outcome;
    try {
      outcome =
          HistoryImportAction.run(
              paths,
              host,
              StoreSettings.location(basedir.toPath(), db, dbUser, System.getenv()),
              log());
    } catch (StoreException e) {
      throw new MojoExecutionException("junit-bench:import: " + e.getMessage(), e);
    }
    if (outcome != Outcome.OK) {
      throw new MojoExecutionException(
          "junit-bench:import: no run could be read from "
              + paths
              + "; run the benchmarks first (mvn test -Dgroups=performance), or name run folders"
              + " with -Djunit-bench.runs");
    }
  }
}
