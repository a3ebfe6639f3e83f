package dev.junitbench.reports;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.junitbench.results.ResultFileException;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.Samples;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
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

  /**
   * The {@code *.json} files of {@code dir}, by name ({@code round-01.json}, ...): what a folder of
   * JMH result files holds.
   */
  public static List<Path> jsonFiles(Path dir) throws IOException {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries
          .filter(Files::isRegularFile)
          .filter(p -> p.getFileName().toString().endsWith(".json"))
          .sorted()
          .toList();
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
