package dev.junitbench.reports;

import static dev.junitbench.reports.Fixtures.EMBED;
import static dev.junitbench.reports.Fixtures.params;
import static dev.junitbench.reports.Fixtures.passed;

import dev.junitbench.profile.ProfileRecordings;
import dev.junitbench.results.AllocationFigures;
import dev.junitbench.results.ProfileFigures;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * A baseline and a current run of one scenario that regressed, each with a real profile recorded by
 * async-profiler: for latency, CPU profiles of a spin, the current one's of the same spin and one
 * extra method, {@link ProfileRecordings#EXTRA_WORK_FRAME}; for allocation, allocation profiles,
 * the current one's with one extra allocating method.
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

  /**
   * The two runs under {@code parent} of a scenario whose latency is the same in both and whose
   * heap allocated per operation grew fourfold, each with a real allocation profile: the current
   * one's with the extra method {@link ProfileRecordings#EXTRA_ALLOCATIONS_FRAME}.
   */
  public static ProfiledRuns writeAllocationRegressed(Path parent) {
    Path baseline =
        RunFolders.write(parent, "run-base", List.of(profiled(allocating(1024), "alloc")));
    Path current =
        RunFolders.write(parent, "run-now", List.of(profiled(allocating(4096), "alloc")));
    record(
        baseline,
        jfr -> ProfileRecordings.recordAllocations(jfr, ProfileRecordings::baselineAllocations));
    record(
        current,
        jfr -> ProfileRecordings.recordAllocations(jfr, ProfileRecordings::variantAllocations));
    return new ProfiledRuns(baseline, current);
  }

  /** A scenario of the same latencies in every run, allocating {@code bytesPerOp}. */
  private static ScenarioResult allocating(double bytesPerOp) {
    return passed(EMBED, params(), 1, 100, 10e6)
        .withAlloc(
            new AllocationFigures(
                bytesPerOp, ((long) bytesPerOp) * 100, 100, 1, 0L, 0.0, 0.0, 0.0, 0.0, null));
  }

  private static ScenarioResult profiled(ScenarioResult result, String kind) {
    return result.withProfile(
        new ProfileFigures(
            kind, "cpu", "async-profiler 4.5", List.of(JFR), null, 100L, List.of(), null));
  }

  private static void record(Path run, Runnable work) {
    record(run, jfr -> ProfileRecordings.record(jfr, work));
  }

  private static void record(Path run, Consumer<Path> recording) {
    try {
      Files.createDirectories(run.resolve("profiles"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    recording.accept(run.resolve(JFR));
  }
}
