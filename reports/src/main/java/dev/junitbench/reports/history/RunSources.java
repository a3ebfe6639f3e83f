package dev.junitbench.reports.history;

import dev.junitbench.environment.GitInfo;
import dev.junitbench.environment.HostInfo;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.Runs;
import dev.junitbench.reports.runset.RunSet;
import dev.junitbench.results.JmhResultFile;
import dev.junitbench.results.ResultsDocument;
import dev.junitbench.results.ResultsJson;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.RunInfo;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The runs named on a command line: run folders, folders of run folders ({@code
 * target/benchmark-results}), run sets made by {@code merge}. Each run is read and checked whole
 * before anything is imported; a corrupt or partly written one is set aside with its path and the
 * reason, and the rest go on.
 *
 * <p>A JMH result file ({@code -rf json}) is a run too. It records no machine, start or commit: its
 * host label must be given, its start is the one given or else the file's modification time, its
 * commit the one given or none. Its run id is a hash of its content, so the same file is the same
 * run whatever was given with it. A folder with no results.json and no run folders but JMH result
 * files (a gate's {@code base} folder of rounds) is its {@code *.json} files, each a run as if
 * named alone; a {@code *.json} in it that is not a JMH result file is set aside with the reason.
 */
public final class RunSources {

  /** A path that could not be used, and why. */
  public record Skipped(Path path, String reason) {}

  /** The runs found, and those set aside. */
  public record Found(List<RunSource> runs, List<Skipped> skipped) {}

  /**
   * A run to read, and the host label its series go under; for a JMH result file, which records no
   * start or commit, those given.
   *
   * @param startedAt a JMH file's start, or null for its modification time
   * @param commit a JMH file's commit, or null for none
   */
  public record Candidate(Path path, String host, Instant startedAt, String commit) {

    /** A run with nothing given but its host label (null for the host's own name). */
    public Candidate(Path path, String host) {
      this(path, host, null, null);
    }
  }

  /** The run folders named, in order, not yet read; and the paths that hold none. */
  public record Candidates(List<Candidate> runs, List<Skipped> skipped) {}

  /** What import takes, for its messages. */
  public static final String USAGE =
      "run folders (run-<time>-<id>), a folder of them, a run set, JMH result files (-rf json) or a"
          + " folder of them";

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
   * The run folders {@code paths} name, without reading them: run folders, results.json files and
   * JMH result files as they are, folders of run folders or of JMH result files opened, run sets'
   * members under their labels.
   *
   * @param host the host label for runs that are not members of a run set, or null for each host's
   *     own name
   */
  public static Candidates candidates(List<Path> paths, String host) {
    return candidates(paths, host, null, null);
  }

  /**
   * The same, with a JMH result file's start and commit: {@code startedAt} null for its
   * modification time, {@code commit} null for none.
   */
  public static Candidates candidates(
      List<Path> paths, String host, Instant startedAt, String commit) {
    List<Candidate> runs = new ArrayList<>();
    List<Skipped> skipped = new ArrayList<>();
    for (Path path : paths) {
      if (!Files.exists(path)) {
        skipped.add(new Skipped(path, "it does not exist; give " + USAGE));
      } else if (Files.isDirectory(path) && RunSet.isRunSet(path)) {
        try {
          RunSet set = RunSet.read(path);
          for (RunSet.Member member : set.members()) {
            runs.add(
                new Candidate(RunSet.folderOf(path, member), member.label(), startedAt, commit));
          }
        } catch (BadInputException e) {
          skipped.add(new Skipped(path, e.getMessage()));
        }
      } else if (Files.isDirectory(path) && !Files.exists(path.resolve(ResultsJson.FILE))) {
        List<Path> folders;
        List<Path> files;
        try {
          folders = runFolders(path);
          files = folders.isEmpty() ? Runs.jsonFiles(path) : List.of();
        } catch (IOException e) {
          skipped.add(new Skipped(path, "it cannot be listed (" + e + ")"));
          continue;
        }
        for (Path folder : folders) {
          runs.add(new Candidate(folder, host, startedAt, commit));
        }
        List<Kind> kinds = files.stream().map(RunSources::kindOf).toList();
        if (folders.isEmpty() && !kinds.contains(Kind.JMH)) {
          skipped.add(
              new Skipped(
                  path,
                  "it holds no "
                      + ResultsJson.FILE
                      + ", no run folders (run-*), no JMH result files (*.json) and no "
                      + RunSet.INDEX
                      + "; give "
                      + USAGE));
          continue;
        }
        for (int i = 0; i < files.size(); i++) {
          if (kinds.get(i) == Kind.JMH) {
            runs.add(new Candidate(files.get(i), host, startedAt, commit));
          } else {
            skipped.add(new Skipped(files.get(i), notJmh(path)));
          }
        }
      } else {
        runs.add(new Candidate(path, host, startedAt, commit));
      }
    }
    return new Candidates(runs, skipped);
  }

  /**
   * Checks what was given against the runs before any is read: a start or a commit is given for JMH
   * result files alone (a junit-bench run records its own), and a JMH file needs a host label.
   *
   * @throws BadInputException naming the option and the run
   */
  public static void checkGiven(Candidates candidates) throws BadInputException {
    for (Candidate candidate : candidates.runs()) {
      Kind kind = kindOf(candidate.path());
      if (kind == Kind.RUN) {
        given("--started-at", "start", candidate.startedAt(), candidate.path());
        given("--commit", "commit", candidate.commit(), candidate.path());
      } else if (kind == Kind.JMH && candidate.host() == null) {
        throw new BadInputException(noHost(candidate.path()));
      }
    }
  }

  private static void given(String option, String what, Object value, Path run)
      throws BadInputException {
    if (value != null) {
      throw new BadInputException(
          option
              + " is for JMH result files, which record no "
              + what
              + "; "
              + run
              + " is a junit-bench run, which records its own: import it without "
              + option
              + " (JMH files in an import of their own)");
    }
  }

  private static String noHost(Path file) {
    return file
        + " is a JMH result file, which records no machine: give --host LABEL, the host its"
        + " series are kept under (a series holds one host's runs; a CI runner's kind:"
        + " linux-x64-2core)";
  }

  private static String notJmh(Path folder) {
    return "it is not a JMH result file (JMH's -rf json writes a JSON array), and "
        + folder
        + " is a folder of JMH result files, which are imported alone: give a junit-bench run by its"
        + " own path, and move other files out of the folder";
  }

  /** What a path given to import holds, as far as its first bytes tell. */
  private enum Kind {
    RUN,
    JMH,
    UNKNOWN
  }

  /**
   * A folder or a file of a JSON object is a junit-bench run, a file of a JSON array a JMH result
   * file; an unreadable file is left to the reading, which says why.
   */
  private static Kind kindOf(Path path) {
    if (Files.isDirectory(path)) {
      return Kind.RUN;
    }
    try (InputStream in = Files.newInputStream(path)) {
      String head = new String(in.readNBytes(4096), StandardCharsets.UTF_8);
      if (head.startsWith("\uFEFF")) {
        head = head.substring(1);
      }
      head = head.stripLeading();
      return head.startsWith("[") ? Kind.JMH : head.startsWith("{") ? Kind.RUN : Kind.UNKNOWN;
    } catch (IOException e) {
      return Kind.UNKNOWN;
    }
  }

  /** Reads and checks the run at {@code candidate}: its results, its samples, its start time. */
  public static RunSource read(Candidate candidate) throws BadInputException {
    RunFolder run = Runs.read(candidate.path());
    boolean jmh = run.jmhVersion() != null;
    if (jmh) {
      if (candidate.host() == null) {
        throw new BadInputException(noHost(run.resultsFile()));
      }
      run = asGiven(run, candidate);
    }
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
    return new RunSource(run, Runs.samplesOrNull(run), host, jmh && candidate.startedAt() == null);
  }

  /**
   * A JMH file's run with the start and commit given: the run id stays the hash of the content, a
   * warning says where its start, commit and host came from.
   */
  private static RunFolder asGiven(RunFolder run, Candidate candidate) {
    RunInfo info = run.run();
    String started =
        candidate.startedAt() == null
            ? info.startedAt()
            : candidate.startedAt().truncatedTo(ChronoUnit.MILLIS).toString();
    List<String> warnings = new ArrayList<>();
    warnings.add(
        "read from a "
            + JmhResultFile.describe(info)
            + ", which records no start time, commit or machine: "
            + (candidate.startedAt() == null
                ? "started_at is the file's modification time"
                : "started_at as given to history import (--started-at)")
            + ", "
            + (candidate.commit() == null ? "no commit" : "the commit as given (--commit)")
            + ", the host label as given");
    if (info.warnings() != null) {
      info.warnings().stream()
          .filter(warning -> !warning.contains("history import takes --started-at"))
          .forEach(warnings::add);
    }
    RunInfo given =
        new RunInfo(
            info.id(),
            started,
            started,
            candidate.commit() == null ? null : new GitInfo(candidate.commit(), null, null),
            info.host(),
            info.software(),
            info.config(),
            info.configSources(),
            List.copyOf(warnings));
    return new RunFolder(
        run.dir(),
        new ResultsDocument(run.document().schemaVersion(), given, run.results()),
        run.resultsFile());
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
