package dev.junitbench.maven;

import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.Runs;
import dev.junitbench.results.RunFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.logging.Log;

/**
 * Finds the newest run folder ({@code run-<yyyyMMdd-HHmmss>-<id>}, its time in UTC) in a folder of
 * runs: what a goal reads when no run is named, and only when this build wrote it.
 */
final class NewestRun {

  /** The results file that makes a folder a run folder. */
  private static final String RESULTS = "results.json";

  /** The time in a run folder's name. */
  private static final DateTimeFormatter NAME_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

  private NewestRun() {}

  /**
   * The newest run folder in {@code folder}, when it started after {@code buildStart}: a run older
   * than the build was not measured by it (a {@code mvn verify} without {@code -Dgroups} measures
   * nothing), and judging it would pass or fail the build on old figures. With {@code allowOlder}
   * an older run is taken with a warning. Either way the run judged is logged.
   *
   * @param buildStart when the Maven build started; null outside a build, where nothing is checked
   * @param goal the goal, for the messages
   * @param settingToName the user property that names a run instead, for the message
   * @throws MojoExecutionException when there is no run folder, or the newest is older than the
   *     build and {@code allowOlder} is false
   */
  static Path ofThisBuild(
      Path folder,
      Instant buildStart,
      boolean allowOlder,
      String goal,
      String settingToName,
      Log log)
      throws MojoExecutionException {
    Path run = in(folder, settingToName);
    Instant started = startedAt(run);
    if (buildStart != null && started != null && started.isBefore(buildStart)) {
      String older =
          "the newest run folder "
              + run
              + " started at "
              + started
              + ", before this build (started at "
              + buildStart
              + ")";
      if (!allowOlder) {
        throw new MojoExecutionException(
            goal
                + ": "
                + older
                + ": it was not measured by this build, and judging it would pass or fail on old"
                + " figures. Run the benchmarks in this build (mvn verify -Dgroups=performance),"
                + " name the run with -D"
                + settingToName
                + "=RUN_DIR, or take the newest run anyway with -Djunit-bench.allowOlderRun");
      }
      log.warn(goal + ": " + older + "; taken because of allowOlderRun");
    }
    log.info(goal + ": run " + run + (started == null ? "" : " (started at " + started + ")"));
    return run;
  }

  /**
   * When {@code run} started: its results.json's {@code run.started_at}, else the time in its name,
   * else null.
   */
  static Instant startedAt(Path run) {
    try {
      RunFolder folder = Runs.read(run);
      if (folder.run() != null && folder.run().startedAt() != null) {
        return Instant.parse(folder.run().startedAt());
      }
    } catch (BadInputException | DateTimeParseException | IllegalArgumentException e) {
      // An unreadable results.json is the goal's to report; the folder's name still tells the time.
    }
    try {
      return LocalDateTime.parse(timeOf(run.getFileName().toString()), NAME_TIME)
          .toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

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
