package dev.junitbench.reports.cli;

import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.action.HistoryCheckAction;
import dev.junitbench.reports.action.SettingValues;
import dev.junitbench.reports.history.HistoryCheck;
import dev.junitbench.reports.history.Series;
import dev.junitbench.reports.history.SeriesQuery;
import dev.junitbench.reports.history.SuspectedSteps;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code history check [--benchmark P] [--host H] [--metric M] [--threshold T] [--within N]
 * [--allow-unjudged]}: where did a series shift, and is a step in its newest runs suspected.
 */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = {
      "Finds the change points of each scenario's series per host (oldest run first), and a SUSPECTED"
          + " step in its newest runs too young for a change point, and exits with 1 when the newest of them made the"
          + " figure worse by more than --threshold: a shift in the series, not one noisy run against one baseline.",
      "Change points: a windowed two-sample t-test on the log values, its cut-off calibrated by simulation so that a"
          + " series without a step shows a false change point at most 1%% of the time. SUSPECTED: the newest 2 or"
          + " more runs all beyond the largest of the runs before them by a margin calibrated by simulation so that"
          + " a check of 63 step-free series shows a false one at most 5%% of the time, also when 30%% of runs are"
          + " 70%% slower.",
      "A series with fewer than "
          + SuspectedSteps.MIN_RUNS
          + " runs is NOT JUDGED unless it regressed in the runs"
          + " it has: listed with its runs, never counted as ok; when no series could be judged the first line"
          + " begins NOT JUDGED and the exit code is 4."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:no series regressed (series NOT JUDGED are listed)",
      "1:a series regressed: its newest change point or a SUSPECTED step is worse than --threshold",
      "2:bad input: nothing matches, or the store cannot be used",
      "3:an internal error",
      "4:NOT JUDGED: no series has the runs to be judged, and none regressed (0 with --allow-unjudged)"
    })
final class HistoryCheckCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--benchmark",
      paramLabel = "PATTERN",
      defaultValue = "*",
      description =
          "The benchmarks (fqcn#method): a glob; text without a wildcard matches anywhere. Default: all.")
  String benchmark;

  @Option(
      names = "--params",
      paramLabel = "NAME=VALUE",
      split = ",",
      description = "Only scenarios with these params.")
  Map<String, String> params = new TreeMap<>();

  @Option(names = "--host", paramLabel = "LABEL", description = "Only this host.")
  String host;

  @Option(
      names = "--metric",
      paramLabel = "METRIC",
      defaultValue = "median",
      description =
          "The figure judged: median, p99 (lower is better) or throughput (higher is better)."
              + " Default: ${DEFAULT-VALUE}.")
  String metric;

  @Option(
      names = "--threshold",
      paramLabel = "CHANGE",
      defaultValue = "5%",
      description =
          "A newest change point or SUSPECTED step that moved the figure the wrong way by more than this is"
              + " a regression (5%% or 0.05). Default: ${DEFAULT-VALUE}.")
  String threshold;

  @Option(
      names = "--within",
      paramLabel = "N",
      description =
          "Only a newest change point or SUSPECTED step whose first run is among the newest N runs of its"
              + " series is a regression: a check after every push fails the pushes that show a new slowdown, not every"
              + " push after one was accepted (a SUSPECTED step shows once 2 runs follow it, a change point once 4 do)."
              + " Default: wherever it is.")
  Integer within;

  @Option(
      names = "--allow-unjudged",
      description =
          "Exit with 0 instead of 4 when no series could be judged (a new store or host, with fewer than "
              + SuspectedSteps.MIN_RUNS
              + " runs a series); the first line still begins NOT JUDGED.")
  boolean allowUnjudged;

  @Mixin StoreOptions store;

  @Override
  public Integer call() throws Exception {
    HistoryCheck.Metric judged;
    int recent;
    try {
      judged = SettingValues.metric("--metric", metric);
      recent = SettingValues.within("--within", within);
    } catch (BadInputException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    double limit = RuleOptions.relativeChange(spec.commandLine(), "--threshold", threshold);
    List<Series> series =
        store.series(spec.commandLine(), new SeriesQuery(benchmark, params, host));
    if (series == null) {
      return Main.BAD_INPUT;
    }
    HistoryCheckAction checked =
        HistoryCheckAction.run(series, judged, limit, recent, allowUnjudged);
    spec.commandLine().getOut().print(checked.text());
    return checked.outcome().exitCode();
  }
}
