package dev.junitbench.reports.jmh;

import dev.junitbench.results.RunFolder;
import dev.junitbench.spi.ResultFormat;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes jmh-result.json into the run folder at the end of a run when {@code
 * junit.bench.format.jmh=true}; off by default.
 */
public final class JmhResultFormat implements ResultFormat {

  @Override
  public String name() {
    return "jmh";
  }

  @Override
  public boolean enabledByDefault() {
    return false;
  }

  @Override
  public List<Path> runFinished(RunFolder run) throws Exception {
    Path file = run.dir().resolve(JmhExport.FILE);
    JmhExport.write(run, file);
    return List.of(file);
  }
}
