package dev.junitbench.maven;

import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.action.ReportAction;
import dev.junitbench.reports.action.SettingValues;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Writes the HTML report (or, with {@code reportFormat} markdown, the Markdown summary) of the
 * newest run, or of the runs named, as the command line's {@code report}. It shows; it never fails
 * the build on a figure.
 */
@Mojo(name = "report", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class ReportMojo extends BenchMojo {

  /**
   * The runs to report: run folders, their results.json, or one run set made by merge; from the
   * command line a comma-separated list. Default: the newest run folder in {@code
   * resultsDirectory}.
   */
  @Parameter(property = "junit-bench.runs")
  List<String> runs;

  /** A run to compare the first run with: each scenario shows its change and verdict. */
  @Parameter(property = "junit-bench.baseline")
  File baseline;

  /** {@code html} (report.html) or {@code markdown} (summary.md). */
  @Parameter(property = "junit-bench.report.format", defaultValue = "html")
  String reportFormat;

  /**
   * Where to write. Default: report.html (summary.md) in the run folder for one run ({@code
   * NAME-report.html} beside a JMH result file {@code NAME.json}), in {@code resultsDirectory} for
   * several.
   */
  @Parameter(property = "junit-bench.report.output")
  File reportOutput;

  /**
   * Takes the newest run folder even when it started before this build (with a warning), when no
   * {@code runs} are named. Without it such a run fails the goal: the build measured nothing.
   */
  @Parameter(property = "junit-bench.allowOlderRun", defaultValue = "false")
  boolean allowOlderRun;

  /** The noise threshold of the verdicts against the baseline: 5% or 0.05. */
  @Parameter(property = "junit-bench.threshold", defaultValue = "5%")
  String threshold;

  /** The significance level of the verdicts against the baseline, in (0, 0.5]. */
  @Parameter(property = "junit-bench.alpha", defaultValue = "0.01")
  double alpha;

  @Override
  void run() throws MojoExecutionException {
    boolean named = runs != null && !runs.isEmpty();
    if (aggregatorWithoutRun(named, "junit-bench.runs")) {
      return;
    }
    List<Path> folders =
        named ? resolved(runs) : List.of(newestRun("junit-bench.runs", allowOlderRun));
    if (named) {
      getLog().info(goal() + ": " + (folders.size() == 1 ? "run " : "runs ") + folders);
    }
    try {
      ReportAction report =
          new ReportAction(
              folders,
              baseline == null ? null : baseline.toPath(),
              SettingValues.rule(
                  "threshold (junit-bench.threshold)",
                  threshold,
                  "alpha (junit-bench.alpha)",
                  alpha),
              markdown());
      report.requireBaselineFits("baseline (junit-bench.baseline)");
      Path file =
          reportOutput != null ? reportOutput.toPath() : report.defaultFile(resultsFolder());
      SettingValues.requireFolderOf("reportOutput (junit-bench.report.output)", file);
      report.write(file);
      getLog().info("report: " + file.toAbsolutePath());
    } catch (BadInputException | IOException e) {
      throw new MojoExecutionException("junit-bench:report: " + e.getMessage(), e);
    }
  }

  private boolean markdown() throws BadInputException {
    return switch (reportFormat == null ? "" : reportFormat.trim().toLowerCase(Locale.ROOT)) {
      case "html" -> false;
      case "markdown" -> true;
      default ->
          throw new BadInputException(
              "reportFormat (junit-bench.report.format) "
                  + reportFormat
                  + " is not a format; use html or markdown");
    };
  }
}
