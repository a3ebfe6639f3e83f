package dev.junitbench.reports;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.junitbench.results.ResultFileException;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.Samples;
import java.nio.file.Path;
import org.apiguardian.api.API;

/**
 * Reading run folders for the reports: each problem becomes a {@link BadInputException} naming the
 * file.
 */
@API(status = INTERNAL, since = "0.1")
public final class Runs {

  private Runs() {}

  /** The run at {@code path}: a run folder or its results.json. */
  public static RunFolder read(Path path) throws BadInputException {
    try {
      return RunFolder.read(path);
    } catch (ResultFileException e) {
      throw new BadInputException(e.getMessage(), e);
    }
  }

  /** The raw samples of {@code run}, or null when it kept none. */
  public static Samples samplesOrNull(RunFolder run) throws BadInputException {
    if (!run.hasSamples()) {
      return null;
    }
    try {
      return run.samples();
    } catch (ResultFileException e) {
      throw new BadInputException(e.getMessage(), e);
    }
  }
}
