package dev.junitbench.reports.cli;

import dev.junitbench.internal.AtomicFiles;
import dev.junitbench.reports.html.HtmlReport;
import dev.junitbench.reports.runset.RunSet;
import dev.junitbench.reports.summary.ReportInputs;
import dev.junitbench.reports.summary.RunMarkdown;
import dev.junitbench.reports.summary.RunSummary;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
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
          "Run folders (run-<time>-<id>) or their results.json; or one run set made by merge.")
  List<Path> runs;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      description =
          "Where to write. Default: report.html (summary.md with --format markdown) in the run folder for"
              + " one run, in the working folder for several; - writes to standard output.")
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
    boolean set =
        runs.size() == 1 && Files.isDirectory(runs.get(0)) && RunSet.isRunSet(runs.get(0));
    if (set && baseline != null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--baseline compares one run; "
              + runs.get(0)
              + " is a run set of several hosts: give one member's run folder");
    }
    boolean toStdout = STDOUT.equals(output);
    Path file = toStdout ? null : output != null ? output : defaultFile();
    if (file != null) {
      Main.requireFolderOf(file);
    }
    ReportInputs inputs =
        set
            ? ReportInputs.readRunSet(runs.get(0))
            : ReportInputs.read(runs, baseline, rules.rule());
    PrintWriter out = spec.commandLine().getOut();
    if (format == Format.markdown) {
      String markdown = RunMarkdown.render(RunSummary.of(inputs));
      if (toStdout) {
        out.print(markdown);
        return 0;
      }
      AtomicFiles.write(
          file, (stream, previous) -> stream.write(markdown.getBytes(StandardCharsets.UTF_8)));
    } else {
      HtmlReport report = HtmlReport.of(inputs);
      if (toStdout) {
        out.print(report.render());
        return 0;
      }
      report.write(file);
    }
    out.println("report: " + file.toAbsolutePath());
    return 0;
  }

  /** The format's file in the run folder for one run, in the working folder for several. */
  private Path defaultFile() {
    String name = format == Format.markdown ? RunMarkdown.FILE : HtmlReport.FILE;
    return runs.size() == 1
        ? (Files.isDirectory(runs.get(0)) ? runs.get(0) : runs.get(0).toAbsolutePath().getParent())
            .resolve(name)
        : Path.of(name);
  }
}
