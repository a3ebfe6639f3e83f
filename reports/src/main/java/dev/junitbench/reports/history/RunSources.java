package dev.junitbench.reports.history;

import dev.junitbench.environment.HostInfo;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.Runs;
import dev.junitbench.reports.runset.RunSet;
import dev.junitbench.results.ResultsJson;
import dev.junitbench.results.RunFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The runs named on a command line: run folders, folders of run folders ({@code
 * target/benchmark-results}), run sets made by {@code merge}. Each run is read and checked whole
 * before anything is imported; a corrupt or partly written one is set aside with its path and the
 * reason, and the rest go on.
 */
public final class RunSources {

  /** A path that could not be used, and why. */
  public record Skipped(Path path, String reason) {}

  /** The runs found, and those set aside. */
  public record Found(List<RunSource> runs, List<Skipped> skipped) {}

  /** A run folder to read, and the host label its series go under. */
  public record Candidate(Path path, String host) {}

  /** The run folders named, in order, not yet read; and the paths that hold none. */
  public record Candidates(List<Candidate> runs, List<Skipped> skipped) {}

  private RunSources() {}

  /**
   * Reads the runs at {@code paths}.
   *
   * @param host the host label for runs that are not members of a run set, or null for each host's
   *     own name
   */
  public static Found find(List<Path> paths, String host) {
    Candidates candidates = candidates(paths, host);
    List<RunSource> runs = new ArrayList<>();
    List<Skipped> skipped = new ArrayList<>(candidates.skipped());
    for (Candidate candidate : candidates.runs()) {
      try {
        runs.add(read(candidate));
      } catch (BadInputException e) {
        skipped.add(new Skipped(candidate.path(), e.getMessage()));
      }
    }
    return new Found(runs, skipped);
  }

  /**
   * The run folders {@code paths} name, without reading them: run folders and results.json files as
   * they are, folders of run folders opened, run sets' members under their labels.
   *
   * @param host the host label for runs that are not members of a run set, or null for each host's
   *     own name
   */
  public static Candidates candidates(List<Path> paths, String host) {
    List<Candidate> runs = new ArrayList<>();
    List<Skipped> skipped = new ArrayList<>();
    for (Path path : paths) {
      if (!Files.exists(path)) {
        skipped.add(
            new Skipped(
                path,
                "it does not exist; give run folders (run-<time>-<id>), a folder of them, or a"
                    + " run set"));
      } else if (Files.isDirectory(path) && RunSet.isRunSet(path)) {
        try {
          RunSet set = RunSet.read(path);
          for (RunSet.Member member : set.members()) {
            runs.add(new Candidate(RunSet.folderOf(path, member), member.label()));
          }
        } catch (BadInputException e) {
          skipped.add(new Skipped(path, e.getMessage()));
        }
      } else if (Files.isDirectory(path) && !Files.exists(path.resolve(ResultsJson.FILE))) {
        List<Path> folders;
        try {
          folders = runFolders(path);
        } catch (IOException e) {
          skipped.add(new Skipped(path, "it cannot be listed (" + e + ")"));
          continue;
        }
        if (folders.isEmpty()) {
          skipped.add(
              new Skipped(
                  path,
                  "it holds no "
                      + ResultsJson.FILE
                      + ", no run folders (run-*) and no "
                      + RunSet.INDEX
                      + "; give run folders, a folder of them, or a run set"));
        }
        for (Path folder : folders) {
          runs.add(new Candidate(folder, host));
        }
      } else {
        runs.add(new Candidate(path, host));
      }
    }
    return new Candidates(runs, skipped);
  }

  /** Reads and checks the run at {@code candidate}: its results, its samples, its start time. */
  public static RunSource read(Candidate candidate) throws BadInputException {
    RunFolder run = Runs.read(candidate.path());
    if (run.run() == null || run.run().id() == null || run.run().id().isBlank()) {
      throw new BadInputException(
          "its results.json has no run id; it is not a complete junit-bench run");
    }
    try {
      Instant.parse(run.run().startedAt());
    } catch (DateTimeParseException | NullPointerException e) {
      throw new BadInputException(
          "its run.started_at '"
              + run.run().startedAt()
              + "' is not an ISO-8601 time;"
              + " the file is damaged");
    }
    String host = candidate.host() != null ? candidate.host() : labelOf(run.run().host());
    return new RunSource(run, Runs.samplesOrNull(run), host);
  }

  /**
   * The label a run's series are kept under when none is given: the host's name, else its CPU and
   * cores ({@code junit.bench.host.include-name=false} leaves the name out).
   */
  public static String labelOf(HostInfo host) {
    if (host == null) {
      return "unknown-host";
    }
    if (host.name() != null && !host.name().isBlank()) {
      return host.name();
    }
    return (host.cpuModel() == null ? "unknown-cpu" : host.cpuModel())
        + (host.cpuLogicalCores() == null ? "" : " x" + host.cpuLogicalCores());
  }

  private static List<Path> runFolders(Path dir) throws IOException {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries
          .filter(Files::isDirectory)
          .filter(p -> p.getFileName().toString().startsWith("run-"))
          .sorted()
          .toList();
    }
  }
}
