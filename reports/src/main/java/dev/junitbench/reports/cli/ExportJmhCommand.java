package dev.junitbench.reports.cli;

import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.Runs;
import dev.junitbench.reports.jmh.JmhExport;
import dev.junitbench.results.RunFolder;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code export-jmh RUN_DIR [-o FILE]}: the run in JMH's JSON result format. */
@Command(
    name = "export-jmh",
    mixinStandardHelpOptions = true,
    description =
        "Writes a run in JMH's JSON result format (SampleTime mode, every sample in rawDataHistogram), for"
            + " the tools that read JMH's results.")
final class ExportJmhCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "RUN_DIR",
      description = "A run folder or its results.json.")
  Path run;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      description = "Default: jmh-result.json in the run folder.")
  Path output;

  @Override
  public Integer call() throws Exception {
    RunFolder folder = Runs.read(run);
    if (folder.jmhVersion() != null) {
      throw new BadInputException(
          folder.resultsFile()
              + " is a JMH result file already; export-jmh writes a junit-bench run in JMH's"
              + " format: give a run folder (run-<time>-<id>) or its results.json");
    }
    Path file = output != null ? output : folder.dir().resolve(JmhExport.FILE);
    Main.requireFolderOf(file);
    JmhExport.write(folder, file);
    spec.commandLine().getOut().println("JMH result: " + file.toAbsolutePath());
    return 0;
  }
}
