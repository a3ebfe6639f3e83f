package dev.junitbench.reports.action;

import dev.junitbench.internal.AtomicFiles;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.ScenarioNames;
import dev.junitbench.reports.compare.RegressionProfileText;
import dev.junitbench.reports.compare.RegressionProfiles;
import dev.junitbench.reports.compare.RunComparison;
import dev.junitbench.reports.html.HtmlReport;
import dev.junitbench.reports.runset.RunSet;
import dev.junitbench.reports.summary.ReportInputs;
import dev.junitbench.reports.summary.RunMarkdown;
import dev.junitbench.reports.summary.RunSummary;
import dev.junitbench.results.ResultsJson;
import dev.junitbench.stats.RegressionRule;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The report of one or more runs, or of one run set: the HTML page, or the Markdown summary.
 *
 * @param runs run folders or their results.json; or one run set made by merge
 * @param baseline a run the first run is compared with, or null
 * @param rule the verdicts' threshold and significance level
 * @param markdown whether the summary (summary.md) is written instead of the page (report.html)
 */
public record ReportAction(List<Path> runs, Path baseline, RegressionRule rule, boolean markdown) {

  /** Copies the runs; there is at least one. */
  public ReportAction {
    runs = List.copyOf(runs);
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("no run to report");
    }
  }

  private boolean runSet() {
    return runs.size() == 1 && Files.isDirectory(runs.get(0)) && RunSet.isRunSet(runs.get(0));
  }

  /**
   * Fails when a baseline is given with a run set, naming {@code baselineName}, the setting as its
   * caller calls it.
   */
  public void requireBaselineFits(String baselineName) throws BadInputException {
    if (baseline != null && runSet()) {
      throw new BadInputException(
          baselineName
              + " compares one run; "
              + runs.get(0)
              + " is a run set of several hosts: give one member's run folder");
    }
  }

  /**
   * The file the report goes to when none is named: report.html (summary.md) in the run folder for
   * one run ({@code <name>-report.html} beside a JMH result file {@code <name>.json}), in {@code
   * folderForSeveral} for several.
   */
  public Path defaultFile(Path folderForSeveral) {
    String name = markdown ? RunMarkdown.FILE : HtmlReport.FILE;
    if (runs.size() > 1) {
      return folderForSeveral.resolve(name);
    }
    Path run = runs.get(0);
    if (Files.isDirectory(run)) {
      return run.resolve(name);
    }
    String file = run.getFileName().toString();
    if (file.equals(ResultsJson.FILE)) {
      return run.toAbsolutePath().getParent().resolve(name);
    }
    // A JMH result file: its folder may hold others, each with a report of its own.
    String stem = file.endsWith(".json") ? file.substring(0, file.length() - 5) : file;
    return run.toAbsolutePath().getParent().resolve(stem + "-" + name);
  }

  /** The page or the summary. */
  public String render() throws BadInputException {
    if (!markdown) {
      return HtmlReport.of(inputs()).render();
    }
    // Printed: the differential flame graphs go into the current run's profiles folder, linked
    // from the working directory, as compare's without an output file.
    ReportInputs inputs = inputs();
    return RunMarkdown.render(
        RunSummary.of(inputs),
        whereToLook(inputs, inputs.folders().get(0).dir().resolve("profiles"), Path.of("")));
  }

  /** Writes the page or the summary to {@code file}, whole or not at all. */
  public void write(Path file) throws BadInputException, IOException {
    if (markdown) {
      ReportInputs inputs = inputs();
      String text =
          RunMarkdown.render(
              RunSummary.of(inputs),
              whereToLook(
                  inputs,
                  file.toAbsolutePath().normalize().getParent(),
                  file.toAbsolutePath().normalize().getParent()));
      AtomicFiles.write(
          file, (stream, previous) -> stream.write(text.getBytes(StandardCharsets.UTF_8)));
    } else {
      HtmlReport.of(inputs()).write(file);
    }
  }

  /**
   * With a baseline, the scenarios regressed (in latency or allocation) and profiled in both runs
   * with the same kind: their differential flame graphs written into {@code folder} and linked
   * relative to {@code linkBase}, and their most grown frames as Markdown.
   */
  private static String whereToLook(ReportInputs inputs, Path folder, Path linkBase) {
    RunComparison baseline = inputs.baseline();
    if (baseline == null || !baseline.regressed()) {
      return "";
    }
    List<RunComparison.Row> regressed =
        baseline.rows().stream().filter(baseline::regressed).toList();
    return RegressionProfileText.markdown(
        regressed,
        RegressionProfiles.of(baseline, folder, linkBase),
        ScenarioNames.of(regressed.stream().map(RunComparison.Row::named).toList()));
  }

  private ReportInputs inputs() throws BadInputException {
    return runSet()
        ? ReportInputs.readRunSet(runs.get(0))
        : ReportInputs.read(runs, baseline, rule);
  }
}
