package dev.junitbench.reports.cli;

import dev.junitbench.reports.history.Series;
import dev.junitbench.reports.history.SeriesQuery;
import dev.junitbench.reports.history.TrendText;
import dev.junitbench.reports.html.TrendPage;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code history trend --benchmark PATTERN [--params k=v] [--host H] [-o FILE]}: figures over time.
 */
@Command(
    name = "trend",
    mixinStandardHelpOptions = true,
    description = {
      "Shows the median, p99 and throughput of each matching scenario over time, per host: a table of"
          + " the newest runs, and with -o an HTML page charting every run with its commit on the axis."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:done",
      "2:bad input: nothing matches, or the store cannot be used",
      "3:an internal error"
    })
final class HistoryTrendCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--benchmark",
      paramLabel = "PATTERN",
      required = true,
      description =
          "The benchmarks (fqcn#method): a glob (* any text, ? one character); text without a wildcard"
              + " matches anywhere in the name: --benchmark TextEmbedding.")
  String benchmark;

  @Option(
      names = "--params",
      paramLabel = "NAME=VALUE",
      split = ",",
      description = "Only scenarios with these params: --params batch_size=8,device=cpu.")
  Map<String, String> params = new TreeMap<>();

  @Option(
      names = "--host",
      paramLabel = "LABEL",
      description = "Only this host (its label in the store).")
  String host;

  @Option(
      names = "--last",
      paramLabel = "N",
      defaultValue = "20",
      description =
          "Runs per scenario in the table (the page has them all). Default: ${DEFAULT-VALUE}.")
  int last;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      description = "Also write the HTML page here.")
  Path output;

  @Mixin StoreOptions store;

  @Override
  public Integer call() throws Exception {
    if (last < 1) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--last " + last + " shows nothing; give 1 or more");
    }
    if (output != null) {
      Main.requireFolderOf(output);
    }
    List<Series> series =
        store.series(spec.commandLine(), new SeriesQuery(benchmark, params, host));
    if (series == null) {
      return Main.BAD_INPUT;
    }
    spec.commandLine().getOut().print(TrendText.render(series, last));
    if (output != null) {
      TrendPage.of(series, benchmark).write(output);
      spec.commandLine().getOut().println("history trend: " + output.toAbsolutePath());
    }
    return 0;
  }
}
