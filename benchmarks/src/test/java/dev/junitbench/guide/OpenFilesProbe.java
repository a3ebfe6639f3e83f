package dev.junitbench.guide;

// tag::probe[]
import dev.junitbench.results.Aggregation;
import dev.junitbench.spi.Probe;
import dev.junitbench.spi.ProbeEnd;
import dev.junitbench.spi.ProbeFigures;
import dev.junitbench.spi.ProbeScenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The user guide's probe of one's own: how many files a scenario's measured calls left open, read
 * from /proc/self/fd (Linux). Compiled so the guide's example cannot go stale; no service file
 * lists it, so no run here uses it.
 */
public final class OpenFilesProbe implements Probe {
  // tag::settings[]
  private static final String LIMIT = "junit.bench.open-files.limit";
  private int limit;
  // end::settings[]
  private long before;

  @Override
  public String name() {
    return "open_files";
  }

  // tag::settings[]

  @Override
  public Set<String> configurationKeys() {
    return Set.of(LIMIT);
  }

  @Override
  public void scenarioStarts(ProbeScenario scenario) {
    limit = Integer.parseInt(scenario.configuration().getOrDefault(LIMIT, "1024"));
  }

  // end::settings[]

  @Override
  public void measurementStarts() throws IOException {
    before = openFiles();
  }

  @Override
  public ProbeFigures measurementEnds(ProbeEnd end) throws IOException {
    long opened = openFiles() - before;
    return new ProbeFigures()
        .put("opened", opened, Aggregation.SUM)
        .put("opened_per_inference", opened / (double) end.items())
        .put("limit", limit, Aggregation.MAX);
  }

  private static long openFiles() throws IOException {
    try (Stream<Path> descriptors = Files.list(Path.of("/proc/self/fd"))) {
      return descriptors.count();
    }
  }
}
// end::probe[]
