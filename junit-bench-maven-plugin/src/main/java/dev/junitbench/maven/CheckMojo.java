package dev.junitbench.maven;

import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.action.HistoryCheckAction;
import dev.junitbench.reports.action.Outcome;
import dev.junitbench.reports.action.SettingValues;
import dev.junitbench.reports.history.HistoryCheck;
import dev.junitbench.reports.history.HistoryStore;
import dev.junitbench.reports.history.Series;
import dev.junitbench.reports.history.SeriesQuery;
import dev.junitbench.reports.history.StoreException;
import dev.junitbench.reports.history.StoreLocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Checks the history store's series and fails the build when the newest change point or SUSPECTED
 * step of one made its figure worse by more than {@code checkThreshold}, as the command line's
 * {@code history check}. When no series has the runs to be judged, the build fails with NOT JUDGED
 * unless {@code allowUnjudged}: a check that judged nothing is not a pass.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class CheckMojo extends BenchMojo {

  /** The benchmarks (fqcn#method): a glob; text without a wildcard matches anywhere. */
  @Parameter(property = "junit-bench.benchmark", defaultValue = "*")
  String benchmark;

  /** Only scenarios with these params: {@code device=cpu,batch_size=8}. */
  @Parameter(property = "junit-bench.params")
  String params;

  /** Only this host label. */
  @Parameter(property = "junit-bench.host")
  String host;

  /** The figure judged: median, p99 (lower is better) or throughput (higher is better). */
  @Parameter(property = "junit-bench.metric", defaultValue = "median")
  String metric;

  /**
   * A newest shift that made the figure worse by more than this is a regression: 5% or 0.05. (Not
   * compare's noise threshold, hence its own name.)
   */
  @Parameter(property = "junit-bench.check.threshold", defaultValue = "5%")
  String checkThreshold;

  /** Only a shift whose first run is among the newest N runs of its series. Default: anywhere. */
  @Parameter(property = "junit-bench.within")
  Integer within;

  /** Passes instead of failing when no series could be judged (the log still says NOT JUDGED). */
  @Parameter(property = "junit-bench.allowUnjudged", defaultValue = "false")
  boolean allowUnjudged;

  /** The history store: a DuckDB file (a path, or jdbc:duckdb:FILE), or a JDBC URL. */
  @Parameter(property = "junit-bench.db", defaultValue = StoreSettings.DEFAULT_DB)
  String db;

  /**
   * The database user. Default: the environment variable JUNIT_BENCH_HISTORY_USER. The password is
   * read from JUNIT_BENCH_HISTORY_PASSWORD only: a parameter would be printed by {@code mvn -X}.
   */
  @Parameter(property = "junit-bench.db.user", defaultValue = StoreSettings.DEFAULT_USER)
  String dbUser;

  @Override
  void run() throws MojoExecutionException, MojoFailureException {
    HistoryCheckAction checked;
    try {
      HistoryCheck.Metric judged = SettingValues.metric("metric (junit-bench.metric)", metric);
      double limit =
          SettingValues.relativeChange(
              "checkThreshold (junit-bench.check.threshold)", checkThreshold);
      int recent = SettingValues.within("within (junit-bench.within)", within);
      SeriesQuery query = new SeriesQuery(benchmark, paramsOf(params), host);
      StoreLocation location =
          StoreSettings.location(basedir.toPath(), db, dbUser, System.getenv());
      Path file = location.duckDbFile();
      if (file != null && !Files.exists(file)) {
        // DuckDB would create it: a mistyped db would read as a store without these runs.
        throw new BadInputException(
            "no history store at "
                + file
                + " (no such file); set db (junit-bench.db) to the store the runs were imported"
                + " into, or import them first (junit-bench:import)");
      }
      List<Series> series;
      String where;
      try (HistoryStore history = HistoryStore.open(location)) {
        series = query.read(history);
        where = history.location().toString();
      }
      if (series.isEmpty()) {
        throw new BadInputException(
            "no scenario in "
                + where
                + " matches benchmark (junit-bench.benchmark) "
                + benchmark
                + (query.params().isEmpty() ? "" : ", params " + query.params())
                + (host == null ? "" : ", host " + host)
                + "; import the runs first (junit-bench:import), or widen the pattern"
                + SeriesQuery.methodHint(benchmark)
                    .map(
                        pattern ->
                            " (a benchmark's method follows a #, also for JMH's: benchmark "
                                + pattern
                                + ")")
                    .orElse(""));
      }
      checked = HistoryCheckAction.run(series, judged, limit, recent, allowUnjudged);
    } catch (BadInputException | StoreException e) {
      throw new MojoExecutionException("junit-bench:check: " + e.getMessage(), e);
    }
    logLines(checked.text());
    if (checked.outcome() == Outcome.REGRESSION) {
      throw new MojoFailureException(checked.summaryLine());
    }
    if (checked.outcome() == Outcome.NOT_JUDGED) {
      throw new MojoFailureException(
          checked.summaryLine()
              + System.lineSeparator()
              + "  a check that judged nothing is not a pass; import more runs, or set"
              + " allowUnjudged (-Djunit-bench.allowUnjudged) while the history grows");
    }
    long judgedSeries = checked.findings().stream().filter(HistoryCheck.Finding::judged).count();
    if (judgedSeries == 0) {
      getLog().warn(checked.summaryLine() + " (passed with allowUnjudged)");
    } else if (judgedSeries < checked.findings().size()) {
      long unjudged = checked.findings().size() - judgedSeries;
      getLog()
          .warn(
              goal()
                  + ": "
                  + unjudged
                  + " of "
                  + checked.findings().size()
                  + " series NOT JUDGED (too few runs): the pass covers the other "
                  + judgedSeries
                  + " only; import more runs of them");
    }
  }

  /** {@code device=cpu,batch_size=8} as a map; an entry without {@code =} names the setting. */
  static Map<String, String> paramsOf(String text) throws BadInputException {
    Map<String, String> params = new TreeMap<>();
    if (text == null || text.isBlank()) {
      return params;
    }
    for (String entry : text.split(",", -1)) {
      int equals = entry.indexOf('=');
      if (equals <= 0) {
        throw new BadInputException(
            "params (junit-bench.params) "
                + text
                + ": '"
                + entry
                + "' is not NAME=VALUE; give device=cpu,batch_size=8");
      }
      params.put(entry.substring(0, equals).trim(), entry.substring(equals + 1).trim());
    }
    return params;
  }
}
