package dev.junitbench.reports.cli;

import dev.junitbench.reports.history.CheckText;
import dev.junitbench.reports.history.HistoryCheck;
import dev.junitbench.reports.history.Series;
import dev.junitbench.reports.history.SeriesQuery;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code history check [--benchmark P] [--host H] [--metric M] [--threshold T]}: where did a series shift. */
@Command(name = "check", mixinStandardHelpOptions = true,
    description = {"Finds the change points of each scenario's series per host (oldest run first) and exits with 1"
        + " when a series's newest change point is a regression beyond --threshold: a shift in the series, not one"
        + " noisy run against one baseline.",
        "The detector is a windowed two-sample t-test on the log values; its cut-off is calibrated by simulation so"
            + " that a series without a step shows a false change point at most 1%% of the time."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:no series regressed at its newest change point", "1:a series regressed",
        "2:bad input: nothing matches, or the store cannot be used", "3:an internal error"})
final class HistoryCheckCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Option(names = "--benchmark", paramLabel = "PATTERN", defaultValue = "*",
      description = "The benchmarks (fqcn#method): a glob; text without a wildcard matches anywhere. Default: all.")
  String benchmark;

  @Option(names = "--params", paramLabel = "NAME=VALUE", split = ",", description = "Only scenarios with these params.")
  Map<String, String> params = new TreeMap<>();

  @Option(names = "--host", paramLabel = "LABEL", description = "Only this host.")
  String host;

  @Option(names = "--metric", paramLabel = "METRIC", defaultValue = "median",
      description = "The figure judged: median, p99 (lower is better) or throughput (higher is better)."
          + " Default: ${DEFAULT-VALUE}.")
  String metric;

  @Option(names = "--threshold", paramLabel = "CHANGE", defaultValue = "5%",
      description = "A newest change point that moved the figure the wrong way by more than this is a regression"
          + " (5%% or 0.05). Default: ${DEFAULT-VALUE}.")
  String threshold;

  @Option(names = "--within", paramLabel = "N",
      description = "Only a newest change point among the newest N runs of its series is a regression: a check after"
          + " every push fails the pushes that show a new slowdown, not every push after one was accepted (a change"
          + " point shows once at least 4 runs follow it). Default: wherever it is.")
  Integer within;

  @Mixin
  StoreOptions store;

  @Override
  public Integer call() throws Exception {
    HistoryCheck.Metric judged = switch (metric.trim().toLowerCase(java.util.Locale.ROOT)) {
      case "median" -> HistoryCheck.Metric.MEDIAN;
      case "p99" -> HistoryCheck.Metric.P99;
      case "throughput" -> HistoryCheck.Metric.THROUGHPUT;
      default -> throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--metric " + metric
          + " is not a figure history check judges; give median, p99 or throughput");
    };
    double limit = RuleOptions.relativeChange(spec.commandLine(), "--threshold", threshold);
    if (within != null && within < 1) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--within " + within
          + " counts no run; give 1 or more (10: a change point among the newest 10 runs)");
    }
    int recent = within == null ? Integer.MAX_VALUE : within;
    List<Series> series = store.series(spec.commandLine(), new SeriesQuery(benchmark, params, host));
    if (series == null) {
      return Main.BAD_INPUT;
    }
    List<HistoryCheck.Finding> findings = HistoryCheck.check(series, judged, limit, recent);
    spec.commandLine().getOut().print(CheckText.render(findings, judged, limit, recent));
    return findings.stream().anyMatch(HistoryCheck.Finding::regressed) ? Main.REGRESSION : 0;
  }
}
