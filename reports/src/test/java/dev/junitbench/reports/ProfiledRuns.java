package dev.junitbench.reports;

import static dev.junitbench.reports.Fixtures.EMBED;
import static dev.junitbench.reports.Fixtures.params;
import static dev.junitbench.reports.Fixtures.passed;

import dev.junitbench.profile.ProfileRecordings;
import dev.junitbench.results.ProfileFigures;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A baseline and a current run of one scenario that regressed, each with a real CPU profile
 * recorded by async-profiler: the baseline's of a spin, the current one's of the same spin and one
 * extra method, {@link ProfileRecordings#EXTRA_WORK_FRAME}.
 *
 * @param baseline the baseline's run folder
 * @param current the current run folder
 */
public record ProfiledRuns(Path baseline, Path current) {

  /** Where each run keeps its profile, relative to its folder. */
  public static final String JFR = "profiles/embed-fork-1.jfr";

  /** The two runs under {@code parent}, the baseline profiled as {@code baselineKind}. */
  public static ProfiledRuns write(Path parent, String baselineKind) {
    Path baseline =
        RunFolders.write(
            parent,
            "run-base",
            List.of(profiled(passed(EMBED, params(), 1, 100, 10e6), baselineKind)));
    Path current =
        RunFolders.write(
            parent, "run-now", List.of(profiled(passed(EMBED, params(), 2, 100, 13e6), "cpu")));
    record(baseline, ProfileRecordings::baselineWork);
    record(current, ProfileRecordings::variantWork);
    return new ProfiledRuns(baseline, current);
  }

  private static ScenarioResult profiled(ScenarioResult result, String kind) {
    return result.withProfile(
        new ProfileFigures(
            kind, "cpu", "async-profiler 4.5", List.of(JFR), null, 100L, List.of(), null));
  }

  private static void record(Path run, Runnable work) {
    try {
      Files.createDirectories(run.resolve("profiles"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    ProfileRecordings.record(run.resolve(JFR), work);
  }
}
