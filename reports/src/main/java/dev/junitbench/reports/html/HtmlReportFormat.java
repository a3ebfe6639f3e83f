package dev.junitbench.reports.html;

import dev.junitbench.results.RunFolder;
import dev.junitbench.spi.ResultFormat;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes report.html into every run folder at the end of the run, when junit-bench-reports is on
 * the test class path ({@code junit.bench.format.html=false} turns it off).
 */
public final class HtmlReportFormat implements ResultFormat {

  @Override
  public String name() {
    return "html";
  }

  @Override
  public List<Path> runFinished(RunFolder run) throws Exception {
    Path file = run.dir().resolve(HtmlReport.FILE);
    HtmlReport.of(List.of(run), null).write(file);
    return List.of(file);
  }
}
