package dev.junitbench.output;

import dev.junitbench.config.BenchConfig;
import dev.junitbench.profile.FlameGraphs;
import dev.junitbench.profile.ProfileKind;
import dev.junitbench.profile.ProfileStaging;
import dev.junitbench.profile.Stacks;
import dev.junitbench.results.ProfileFigures;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.warnings.Causes;
import dev.junitbench.warnings.RunWarnings;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Takes a result's profiles into its run folder: each fork's JFR, recorded in a temporary folder,
 * is moved to {@code profiles/<scenario>.jfr} ({@code -fork<N>.jfr} for forks), their merged flame
 * graph is written beside them as {@code <scenario>.html}, and the result gets those paths
 * (relative to the run folder), its samples and its top frames. A file that cannot be written is a
 * warning naming it and how to fix it, and a recording not moved stays where the warning says; the
 * result is kept whatever happens.
 */
final class ProfileFiles {

  /** The folder of the run folder that holds the profiles. */
  static final String FOLDER = FlameGraphs.FOLDER;

  private ProfileFiles() {}

  /**
   * {@code result}, numbered {@code id}, with its profiles in {@code runDir}; a line naming the
   * flame graph and its event is printed on {@code out}.
   */
  static ScenarioResult place(ScenarioResult result, Path runDir, int id, PrintStream out) {
    ProfileFigures profile = result.profile();
    if (profile == null
        || profile.jfr().isEmpty()
        || profile.jfr().stream().noneMatch(file -> Path.of(file).isAbsolute())) {
      return result;
    }
    ProfileKind kind = ProfileKind.of(profile.kind()).orElse(ProfileKind.CPU);
    String name = fileName(id, result);
    Path folder = runDir.resolve(FOLDER);
    List<Path> placed = new ArrayList<>();
    List<String> relative = new ArrayList<>();
    Path target = folder;
    long started = System.nanoTime();
    try {
      Files.createDirectories(folder);
      int forks = profile.jfr().size();
      for (int fork = 1; fork <= forks; fork++) {
        target =
            folder.resolve(
                name + (forks > 1 || result.forks() != null ? "-fork" + fork : "") + ".jfr");
        Files.move(
            Path.of(profile.jfr().get(fork - 1)), target, StandardCopyOption.REPLACE_EXISTING);
        placed.add(target);
        relative.add(FOLDER + "/" + target.getFileName());
      }
      target = folder.resolve(name + ".html");
      Stacks stacks = FlameGraphs.read(kind, placed);
      FlameGraphs.writeHtml(
          kind,
          stacks,
          result.benchmark() + " " + result.displayName() + " (" + profile.event() + ")",
          target);
      long ms = (System.nanoTime() - started) / 1_000_000;
      out.println(
          "junit-bench: profile of "
              + result.benchmark()
              + " "
              + result.displayName()
              + " ("
              + profile.event()
              + ", "
              + profile.profiler()
              + ", written in "
              + ms
              + " ms): "
              + target.toAbsolutePath());
      return result.withProfile(
          new ProfileFigures(
              profile.kind(),
              profile.event(),
              profile.profiler(),
              relative,
              FOLDER + "/" + target.getFileName(),
              stacks.total(),
              FlameGraphs.topFrames(kind, stacks, FlameGraphs.TOP_FRAMES),
              profile.warning()));
    } catch (IOException | RuntimeException | LinkageError e) {
      // What was not moved stays where it was recorded, named here so it can be taken from there.
      List<String> staged = profile.jfr().subList(placed.size(), profile.jfr().size());
      staged.forEach(file -> ProfileStaging.keep(Path.of(file)));
      String message =
          "the profile of "
              + result.benchmark()
              + " "
              + result.displayName()
              + " cannot be written to "
              + target.toAbsolutePath()
              + " ("
              + Causes.describe(e)
              + "); its results are kept"
              + (staged.isEmpty() ? "" : "; its recording stays at " + String.join(", ", staged))
              + "; make "
              + runDir.toAbsolutePath()
              + " writable or free space there, or set -D"
              + BenchConfig.OUTPUT_DIR
              + "=<a writable folder>";
      RunWarnings.warnOnce("profile file " + target, message);
      return result.withProfile(
          new ProfileFigures(
              profile.kind(),
              profile.event(),
              profile.profiler(),
              relative,
              null,
              null,
              null,
              profile.warning() == null ? message : profile.warning() + "; " + message));
    }
  }

  /**
   * The scenario's name in the profiles folder: its number in the run, class and method, and its
   * params, in characters every file system takes: {@code 003-TextEmbeddings.embed-batch_size=8}.
   */
  static String fileName(int id, ScenarioResult result) {
    String benchmark = result.benchmark();
    String simple = benchmark.substring(benchmark.lastIndexOf('.', benchmark.indexOf('#')) + 1);
    String params =
        result.displayName().replaceAll("[\\[\\]]", "").replaceAll("[^A-Za-z0-9=._-]+", "-");
    String name =
        String.format(Locale.ROOT, "%03d-%s", id, simple.replaceAll("[^A-Za-z0-9_]+", "."))
            + (params.isBlank() ? "" : "-" + params.replaceAll("^-+|-+$", ""));
    return name.length() > 120 ? name.substring(0, 120) : name;
  }
}
