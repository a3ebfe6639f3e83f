package dev.junitbench.reports.compare;

import dev.junitbench.environment.HostInfo;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.Runs;
import dev.junitbench.results.JmhResultFile;
import dev.junitbench.results.ResultFileException;
import dev.junitbench.results.ResultsJson;
import dev.junitbench.results.RunFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * One side of a comparison of rounds: the run folders of one build, each round a separate JVM run
 * on one machine (as a pull-request gate measures base and head alternately), to be pooled as the
 * forks of one run. A side given as a single run folder is one round.
 *
 * @param folder the folder holding the rounds ({@code run-*}), or null for a side given as one run
 * @param runs the rounds, oldest first (run folders are named by their start time)
 */
public record Rounds(Path folder, List<RunFolder> runs) {

  /**
   * Whether {@code path} is a folder that is not a run folder itself: compare reads it as rounds.
   */
  public static boolean isRoundsFolder(Path path) {
    return Files.isDirectory(path) && !Files.exists(path.resolve(ResultsJson.FILE));
  }

  /** A single run as one round. */
  public static Rounds of(RunFolder run) {
    return new Rounds(null, List.of(run));
  }

  /**
   * The rounds at {@code path}: a folder of run folders, or a run folder (or its results.json) as
   * one round.
   *
   * @throws BadInputException when the folder holds no run folder, a round cannot be read, or the
   *     rounds come from different machines or builds
   */
  public static Rounds read(Path path) throws BadInputException {
    if (!isRoundsFolder(path)) {
      return of(Runs.read(path));
    }
    List<Path> folders = runFolders(path);
    boolean jmh = folders.isEmpty();
    if (jmh) {
      folders = jmhFiles(path);
    }
    if (folders.isEmpty()) {
      throw new BadInputException(
          path
              + " holds no "
              + ResultsJson.FILE
              + " and no run folders (run-<time>-<id>); give"
              + " a run folder, its "
              + ResultsJson.FILE
              + ", or a folder of rounds: run folders of one build measured on"
              + " one machine, or JMH result files (*.json) of one build");
    }
    List<RunFolder> runs = new ArrayList<>();
    for (int i = 0; i < folders.size(); i++) {
      Path folder = folders.get(i);
      String round =
          path
              + ": round "
              + (i + 1)
              + " of "
              + folders.size()
              + ", "
              + folder.getFileName()
              + ", ";
      String fix =
          jmh
              ? "; run that round again or remove its file"
              : "; measure that round again or remove its folder";
      if (!jmh && !Files.isRegularFile(folder.resolve(ResultsJson.FILE))) {
        throw new BadInputException(
            round
                + "holds no "
                + ResultsJson.FILE
                + " (its run ended before any scenario"
                + " did)"
                + fix);
      }
      String notJmh =
          round
              + "is not a JMH result file; a folder of rounds holds run folders (run-*) or JMH"
              + " result files, one per round: move the other files out of it";
      try {
        runs.add(RunFolder.read(folder));
      } catch (ResultFileException e) {
        if (jmh && isJsonObject(folder)) {
          throw new BadInputException(notJmh, e);
        }
        throw new BadInputException(round + "is damaged: " + e.getMessage() + fix, e);
      }
      if (jmh && runs.get(i).jmhVersion() == null) {
        throw new BadInputException(notJmh);
      }
    }
    Rounds rounds = new Rounds(path.toAbsolutePath(), List.copyOf(runs));
    rounds.requireOneMachine();
    rounds.requireOneBuild();
    return rounds;
  }

  /**
   * Whether {@code file} holds a JSON object, which a JMH result file never is: another JSON file
   * in a folder of JMH rounds. An empty file, JMH's text output or a cut JMH file are not.
   */
  private static boolean isJsonObject(Path file) {
    try {
      return JmhResultFile.isJsonObject(file);
    } catch (IOException e) {
      return false;
    }
  }

  /** The JMH result files of a folder of JMH rounds, by name: {@code round-01.json}, ... */
  private static List<Path> jmhFiles(Path dir) throws BadInputException {
    try {
      return Runs.jsonFiles(dir);
    } catch (IOException e) {
      throw new BadInputException(dir + " cannot be listed (" + e + ")", e);
    }
  }

  private static List<Path> runFolders(Path dir) throws BadInputException {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries
          .filter(Files::isDirectory)
          .filter(p -> p.getFileName().toString().startsWith("run-"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new BadInputException(dir + " cannot be listed (" + e + ")", e);
    }
  }

  /**
   * Rounds of different machines differ by the machine; pooling them would hide it in the spread.
   */
  private void requireOneMachine() throws BadInputException {
    RunFolder first = runs.get(0);
    for (RunFolder run : runs.subList(1, runs.size())) {
      if (!machine(run).equals(machine(first))) {
        throw new BadInputException(
            folder
                + ": rounds come from different machines ("
                + first.name()
                + " on "
                + machine(first)
                + ", "
                + run.name()
                + " on "
                + machine(run)
                + "); rounds must come"
                + " from one machine: measure base and head alternately on one runner, or compare one run folder per side");
      }
    }
  }

  /** Rounds are repeats of one build; a round of another commit would be a different side. */
  private void requireOneBuild() throws BadInputException {
    Set<String> commits = new LinkedHashSet<>();
    List<String> which = new ArrayList<>();
    for (RunFolder run : runs) {
      String commit = commit(run);
      if (commit != null && commits.add(commit)) {
        which.add(run.name() + " at " + abbreviated(commit));
      }
    }
    if (commits.size() > 1) {
      throw new BadInputException(
          folder
              + ": rounds measure different commits ("
              + String.join(", ", which)
              + ");"
              + " the rounds of a side must measure one build: put each commit's rounds in a folder of its own");
    }
  }

  /** The machine a run names: host name and CPU, as far as the run recorded them. */
  static String machine(RunFolder run) {
    HostInfo host = run.run().host();
    if (host == null) {
      return "an unrecorded host";
    }
    String name = host.name() == null ? "an unnamed host" : "host " + host.name();
    return host.cpuModel() == null ? name : name + " (" + host.cpuModel() + ")";
  }

  /** The run's git commit, or null outside git. */
  static String commit(RunFolder run) {
    return run.run().git() == null ? null : run.run().git().commit();
  }

  /** A commit as the outputs show it: its first 10 characters. */
  static String abbreviated(String commit) {
    return commit.substring(0, Math.min(10, commit.length()));
  }

  /** The latest round: what names the side where one run must. */
  public RunFolder latest() {
    return runs.get(runs.size() - 1);
  }

  /** Whether every round kept its raw samples. */
  public boolean hasSamples() {
    return runs.stream().allMatch(RunFolder::hasSamples);
  }

  /** The side as messages name it: its folder, or the run's results.json. */
  public String name() {
    return folder != null ? folder.toString() : latest().resultsFile().toString();
  }

  /** {@code 2 rounds}. */
  public String count() {
    return runs.size() + (runs.size() == 1 ? " round" : " rounds");
  }
}
