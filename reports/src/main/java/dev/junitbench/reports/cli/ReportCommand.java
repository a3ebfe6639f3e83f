package dev.junitbench.reports.cli;

import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.action.ReportAction;
import java.io.PrintWriter;
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
 * {@code report RUN_DIR... [-o FILE] [--baseline RUN_DIR] [--format html|markdown]}: the HTML
 * report of one or more runs, or their summary in Markdown.
 */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description = {
      "Writes the HTML report of one or more runs: one self-contained file (charts included, nothing"
          + " fetched when it is opened).",
      "With --format markdown, writes the runs' summary instead (summary.md): one line saying what ran,"
          + " the verdicts against the baseline, a table per benchmark; GitHub-flavoured Markdown for a"
          + " pull-request comment or a CI step summary, every name from the files escaped."
    })
final class ReportCommand implements Callable<Integer> {

  /** The output formats. */
  enum Format {
    html,
    markdown
  }

  /** The {@code -o} value that writes to standard output. */
  private static final Path STDOUT = Path.of("-");

  @Spec CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "RUN_DIR",
      description =
          "Run folders (run-<time>-<id>) or their results.json, JMH result files (-rf json); or one"
              + " run set made by merge.")
  List<Path> runs;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      description =
          "Where to write. Default: report.html (summary.md with --format markdown) in the run folder for"
              + " one run (NAME-report.html beside a JMH result file NAME.json), in the working folder for"
              + " several; - writes to standard output.")
  Path output;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "html",
      description =
          "html (the report page) or markdown (the summary: what ran, the verdicts, a table per"
              + " benchmark). Default: ${DEFAULT-VALUE}.")
  Format format;

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
    ReportAction report = new ReportAction(runs, baseline, rules.rule(), format == Format.markdown);
    try {
      report.requireBaselineFits("--baseline");
    } catch (BadInputException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    PrintWriter out = spec.commandLine().getOut();
    if (STDOUT.equals(output)) {
      out.print(report.render());
      return 0;
    }
    Path file = output != null ? output : report.defaultFile(Path.of(""));
    Main.requireFolderOf(file);
    report.write(file);
    out.println("report: " + file.toAbsolutePath());
    return 0;
  }
}
