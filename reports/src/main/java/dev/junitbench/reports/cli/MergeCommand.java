package dev.junitbench.reports.cli;

import dev.junitbench.reports.html.HtmlReport;
import dev.junitbench.reports.runset.RunSet;
import dev.junitbench.reports.runset.RunSetMerge;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code merge LABEL=RUN_DIR... -o MERGED_DIR}: one run set of several machines. */
@Command(
    name = "merge",
    mixinStandardHelpOptions = true,
    description = {
      "Combines runs of several machines (a CI matrix) into a run set: each run folder copied unchanged"
          + " under its label, an index ("
          + RunSet.INDEX
          + ") naming each member's host, and the set's report.html,"
          + " which shows the same scenario on each host side by side. Scenarios of different hosts are never pooled.",
      "report and history import read a set: each member under its label."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:done",
      "2:bad input: a run that cannot be read, a label used twice, -o not empty",
      "3:an internal error"
    })
final class MergeCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "LABEL=RUN_DIR",
      description =
          "The runs: LABEL=RUN_DIR names the machine (a CI matrix entry: cpu-x64=runs/cpu-x64/run-...);"
              + " a plain RUN_DIR takes the host's name; a run set adds its members. A JMH result file"
              + " (LABEL=result.json) needs its label: it records no machine.")
  List<String> runs;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "MERGED_DIR",
      required = true,
      description = "The folder to create (or an empty one).")
  Path output;

  @Override
  public Integer call() throws Exception {
    RunSet set = RunSetMerge.merge(runs.stream().map(RunSetMerge.Input::parse).toList(), output);
    Path report = output.resolve(HtmlReport.FILE);
    HtmlReport.ofRunSet(output).write(report);
    for (RunSet.Member member : set.members()) {
      spec.commandLine()
          .getOut()
          .println(
              "merged "
                  + member.label()
                  + ": "
                  + member.path()
                  + (member.cpuModel() == null
                      ? ""
                      : " ("
                          + member.cpuModel()
                          + (member.gpus() == null ? "" : ", " + member.gpus())
                          + ")"));
    }
    spec.commandLine()
        .getOut()
        .println(
            "merge: "
                + set.members().size()
                + " hosts in "
                + output.toAbsolutePath()
                + "; report: "
                + report.toAbsolutePath());
    return 0;
  }
}
