package dev.junitbench.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.maven.plugin.MojoExecutionException;

/**
 * Finds the newest run folder ({@code run-<yyyyMMdd-HHmmss>-<id>}, its time in UTC) in a folder of
 * runs: what a goal reads when no run is named.
 */
final class NewestRun {

  /** The results file that makes a folder a run folder. */
  private static final String RESULTS = "results.json";

  private NewestRun() {}

  /**
   * The newest run folder in {@code folder}: the latest time in its name, and of two in the same
   * second the one whose results.json was written last.
   *
   * @param settingToName the user property that names a run instead, for the message
   * @throws MojoExecutionException when the folder does not exist or holds no run folder
   */
  static Path in(Path folder, String settingToName) throws MojoExecutionException {
    if (!Files.isDirectory(folder)) {
      throw new MojoExecutionException(
          "no run folder: "
              + folder
              + " does not exist; run the benchmarks first (mvn test -Dgroups=performance), give"
              + " -D"
              + settingToName
              + "=RUN_DIR, or point -Djunit-bench.resultsDirectory at the folder of runs");
    }
    List<Path> runs;
    try (Stream<Path> entries = Files.list(folder)) {
      runs =
          entries
              .filter(path -> path.getFileName().toString().startsWith("run-"))
              .filter(path -> Files.isRegularFile(path.resolve(RESULTS)))
              .toList();
    } catch (IOException e) {
      throw new MojoExecutionException("cannot list " + folder + ": " + e.getMessage(), e);
    }
    return runs.stream()
        .max(
            Comparator.comparing((Path run) -> timeOf(run.getFileName().toString()))
                .thenComparing(NewestRun::writtenAt))
        .orElseThrow(
            () ->
                new MojoExecutionException(
                    "no run folder (run-<time>-<id> with a results.json) in "
                        + folder
                        + "; run the benchmarks first (mvn test -Dgroups=performance), or give -D"
                        + settingToName
                        + "=RUN_DIR"));
  }

  /** {@code yyyyMMdd-HHmmss} of {@code run-yyyyMMdd-HHmmss-id}, or the name when it differs. */
  private static String timeOf(String name) {
    String rest = name.substring("run-".length());
    return rest.length() >= 15 ? rest.substring(0, 15) : rest;
  }

  private static long writtenAt(Path run) {
    try {
      return Files.getLastModifiedTime(run.resolve(RESULTS)).toMillis();
    } catch (IOException e) {
      return Long.MIN_VALUE;
    }
  }
}
