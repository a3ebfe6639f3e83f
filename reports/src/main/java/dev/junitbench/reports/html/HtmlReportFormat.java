package dev.junitbench.reports.html;

import dev.junitbench.reports.summary.RunMarkdown;
import dev.junitbench.reports.summary.RunSummary;
import dev.junitbench.results.RunFolder;
import dev.junitbench.spi.ResultFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Writes report.html into every run folder at the end of the run, when junit-bench-reports is on
 * the test class path ({@code junit.bench.format.html=false} turns it off). On GitHub Actions
 * ({@code GITHUB_STEP_SUMMARY} set) it also appends the run's summary in Markdown to the job's step
 * summary.
 */
public final class HtmlReportFormat implements ResultFormat {

  /** The environment variable naming the file GitHub Actions shows as the step's summary. */
  static final String STEP_SUMMARY = "GITHUB_STEP_SUMMARY";

  private final String stepSummary;

  /** The format as the extension finds it, reading the process's environment. */
  public HtmlReportFormat() {
    this(System.getenv(STEP_SUMMARY));
  }

  /** The format with {@code stepSummary} as the value of {@value #STEP_SUMMARY}, or null. */
  HtmlReportFormat(String stepSummary) {
    this.stepSummary = stepSummary;
  }

  @Override
  public String name() {
    return "html";
  }

  @Override
  public List<Path> runFinished(RunFolder run) throws Exception {
    Path file = run.dir().resolve(HtmlReport.FILE);
    HtmlReport.of(List.of(run), null).write(file);
    if (stepSummary != null && !stepSummary.isBlank()) {
      appendStepSummary(run);
    }
    return List.of(file);
  }

  /**
   * Appends the run's summary to the step summary (GitHub joins what each step appends); a failure
   * costs one warning, never the report or the results, which are written already.
   */
  private void appendStepSummary(RunFolder run) {
    try {
      String markdown = RunMarkdown.render(RunSummary.of(List.of(run), null));
      Files.writeString(
          Path.of(stepSummary),
          markdown + "\n",
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException | RuntimeException e) {
      System.err.println(
          "junit-bench: warning: the run's summary was not added to the step summary "
              + stepSummary
              + " ("
              + STEP_SUMMARY
              + "): "
              + e
              + "; report.html and the result files are complete: write it later with"
              + " junit-bench-reports report --format markdown "
              + run.dir());
    }
  }
}
