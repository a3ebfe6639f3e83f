package dev.junitbench.profile;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.junitbench.profile.ProfileDifference.GrownFrame;
import dev.junitbench.results.ProfileFigures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * The difference of one regressed scenario's two profiles, as the gate and {@code compare} show it:
 * a differential flame graph written to a page and the frames whose self share grew most; or, when
 * there can be none (one side unprofiled, kinds that differ, a file missing, a page that cannot be
 * written), the reason. Never a change of verdict.
 *
 * @param kind the profiles' kind ({@code cpu}, ...), or both kinds when they differ ({@code alloc
 *     -> cpu})
 * @param flameGraph the differential flame graph written, or null
 * @param grown the frames whose self share grew most, at most {@link #GROWN_FRAMES}
 * @param note why there is no flame graph or no frames, or null
 * @param warning what went wrong reading or writing a file, naming it (also in {@code note}), or
 *     null: a reader is warned of it, as of any file the run could not use
 */
@API(status = INTERNAL, since = "0.1")
public record ScenarioProfileDifference(
    String kind, Path flameGraph, List<GrownFrame> grown, String note, String warning) {

  /** How many grown frames a regressed scenario names. */
  public static final int GROWN_FRAMES = 3;

  public ScenarioProfileDifference {
    grown = List.copyOf(grown);
  }

  /**
   * The difference of {@code before} (its files relative to {@code baselineDir}) and {@code after}
   * (relative to {@code currentDir}; absolute paths stay as they are), the flame graph written to
   * {@code page} titled {@code title}; null when neither side has a profile.
   */
  public static ScenarioProfileDifference of(
      Path baselineDir,
      ProfileFigures before,
      Path currentDir,
      ProfileFigures after,
      String title,
      Path page) {
    if (before == null && after == null) {
      return null;
    }
    if (before == null || after == null) {
      return none(
          before == null ? after.kind() : before.kind(),
          "only the "
              + (before == null ? "current run" : "baseline")
              + " has a profile; profile both runs with the same junit.bench.profile");
    }
    if (!before.kind().equals(after.kind())) {
      return none(
          before.kind() + " -> " + after.kind(),
          "the baseline profiled "
              + before.kind()
              + ", the current run "
              + after.kind()
              + "; profiles of different kinds do not compare (profile both with the same"
              + " junit.bench.profile)");
    }
    if (before.jfr().isEmpty() || after.jfr().isEmpty()) {
      ProfileFigures empty = before.jfr().isEmpty() ? before : after;
      return none(
          after.kind(),
          "the "
              + (before.jfr().isEmpty() ? "baseline" : "current run")
              + " recorded no profile"
              + (empty.warning() == null ? "" : " (" + empty.warning() + ")"));
    }
    ProfileKind kind = ProfileKind.of(after.kind()).orElse(null);
    if (kind == null) {
      return none(
          after.kind(),
          "the profile kind " + after.kind() + " is not one of " + ProfileKind.names());
    }
    ProfileDifference difference;
    try {
      difference =
          ProfileDifference.ofRecordings(
              files(baselineDir, before), files(currentDir, after), kind);
    } catch (NoSuchFileException e) {
      return failed(
          after.kind(),
          List.of(),
          "profile "
              + e.getFile()
              + " named in results.json is missing (was the run folder moved?)");
    } catch (IOException | IllegalArgumentException e) {
      return failed(after.kind(), List.of(), e.getMessage());
    }
    List<GrownFrame> grown = difference.grownFrames(GROWN_FRAMES);
    try {
      Files.createDirectories(page.toAbsolutePath().getParent());
      difference.writeFlameGraph(page, title);
    } catch (IOException e) {
      return failed(
          after.kind(), grown, "could not write the differential flame graph " + page + ": " + e);
    }
    return new ScenarioProfileDifference(after.kind(), page, grown, null, null);
  }

  /**
   * The page's file name: {@code diff-<benchmark>-<scenario>-vs-<baseline run id>.html}, only
   * letters, digits and {@code ._=-}.
   */
  public static String fileName(String benchmark, String displayName, String baselineRunId) {
    String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
    String stem =
        safe("diff-" + method + "-" + displayName) + "-vs-" + safe(String.valueOf(baselineRunId));
    return (stem.length() > 150 ? stem.substring(0, 150) : stem) + ".html";
  }

  /**
   * The grown frames in one line: {@code Tokenizer.normalize (self 0.0% -> 48.8%), ...}; empty
   * without any.
   */
  public String grownLine() {
    StringBuilder line = new StringBuilder();
    for (GrownFrame frame : grown) {
      if (line.length() > 0) {
        line.append(", ");
      }
      line.append(
          String.format(
              Locale.ROOT,
              "%s (self %.1f%% -> %.1f%%)",
              frame.frame(),
              100 * frame.baseShare(),
              100 * frame.headShare()));
    }
    return line.toString();
  }

  private static ScenarioProfileDifference none(String kind, String why) {
    return new ScenarioProfileDifference(
        kind, null, List.of(), "no differential flame graph: " + why, null);
  }

  private static ScenarioProfileDifference failed(
      String kind, List<GrownFrame> grown, String message) {
    return new ScenarioProfileDifference(
        kind,
        null,
        grown,
        (grown.isEmpty() ? "no differential flame graph: " : "") + message,
        message);
  }

  private static List<Path> files(Path dir, ProfileFigures profile) {
    return profile.jfr().stream().map(dir::resolve).toList();
  }

  private static String safe(String text) {
    return text.replaceAll("[^A-Za-z0-9._=-]+", "-")
        .replaceAll("-{2,}", "-")
        .replaceAll("^-+|-+$", "");
  }
}
