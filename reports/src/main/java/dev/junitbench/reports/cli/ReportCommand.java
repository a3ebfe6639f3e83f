package dev.junitbench.reports.cli;

import dev.junitbench.reports.html.HtmlReport;
import dev.junitbench.reports.runset.RunSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code report RUN_DIR... [-o FILE] [--baseline RUN_DIR]}: the HTML report of one or more runs.
 */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description =
        "Writes the HTML report of one or more runs: one self-contained file (charts included, nothing"
            + " fetched when it is opened).")
final class ReportCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "RUN_DIR",
      description =
          "Run folders (run-<time>-<id>) or their results.json; or one run set made by merge.")
  List<Path> runs;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      description =
          "Where to write the report. Default: report.html in the run folder for one run, in the working"
              + " folder for several.")
  Path output;

  @Option(
      names = "--baseline",
      paramLabel = "RUN_DIR",
      description =
          "A run to compare the first run with: each scenario shows its change, coloured by the verdict of"
              + " --threshold and --alpha.")
  Path baseline;

  @Mixin RuleOptions rules;

  @Override
  public Integer call() throws Exception {
    boolean set =
        runs.size() == 1 && Files.isDirectory(runs.get(0)) && RunSet.isRunSet(runs.get(0));
    if (set && baseline != null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--baseline compares one run; "
              + runs.get(0)
              + " is a run set of several hosts: give one member's run folder");
    }
    HtmlReport report =
        set ? HtmlReport.ofRunSet(runs.get(0)) : HtmlReport.of(runs, baseline, rules.rule());
    Path file =
        output != null
            ? output
            : runs.size() == 1
                ? (Files.isDirectory(runs.get(0))
                        ? runs.get(0)
                        : runs.get(0).toAbsolutePath().getParent())
                    .resolve(HtmlReport.FILE)
                : Path.of(HtmlReport.FILE);
    Main.requireFolderOf(file);
    report.write(file);
    spec.commandLine().getOut().println("report: " + file.toAbsolutePath());
    return 0;
  }
}
