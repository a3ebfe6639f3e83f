package dev.junitbench.reports.compare;

import dev.junitbench.profile.ProfileDifference;
import dev.junitbench.profile.ProfileDifference.GrownFrame;
import dev.junitbench.profile.ProfileKind;
import dev.junitbench.results.ProfileFigures;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Where to look first when a scenario regressed: for each regressed scenario whose baseline and
 * current run both carry a profile of the same kind, a differential flame graph written to a
 * folder, and the frames whose self share grew most. Profiles of different kinds, a missing profile
 * file or a page that cannot be written give a note instead; none of them changes a verdict.
 *
 * @param byScenario the regressed scenarios with a profile on either side, in the comparison's
 *     order
 * @param warnings what went wrong and was left out (a profile file missing, a page not written),
 *     each naming the file
 */
public record RegressionProfiles(Map<ScenarioKey, Difference> byScenario, List<String> warnings) {

  /** How many grown frames each regressed scenario names. */
  public static final int GROWN_FRAMES = 3;

  /**
   * The difference of one regressed scenario's profiles.
   *
   * @param kind the profiles' kind ({@code cpu}, ...), or both kinds when they differ ({@code alloc
   *     -> cpu})
   * @param flameGraph the differential flame graph written, or null
   * @param link the flame graph as the output links it: relative to the output's folder, or null
   * @param grown the frames whose self share grew most, at most {@link #GROWN_FRAMES}
   * @param note why there is no flame graph or no frames, or null
   */
  public record Difference(
      String kind, Path flameGraph, String link, List<GrownFrame> grown, String note) {}

  public RegressionProfiles {
    byScenario = Collections.unmodifiableMap(new LinkedHashMap<>(byScenario));
    warnings = List.copyOf(warnings);
  }

  /** Nothing to show: no scenario regressed, or the comparison pooled rounds. */
  public static RegressionProfiles none() {
    return new RegressionProfiles(Map.of(), List.of());
  }

  /** The difference of {@code key}'s profiles, or null. */
  public Difference of(ScenarioKey key) {
    return byScenario.get(key);
  }

  /**
   * The differences of {@code comparison}'s regressed scenarios, their flame graphs written into
   * {@code folder} and linked relative to {@code linkBase} (the folder the output is read from).
   * Rounds are not profiled here: their scenarios stand for many runs.
   */
  public static RegressionProfiles of(RunComparison comparison, Path folder, Path linkBase) {
    if (comparison.pooled()) {
      return none();
    }
    Map<ScenarioKey, Difference> byScenario = new LinkedHashMap<>();
    List<String> warnings = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (RunComparison.Row row : comparison.rows()) {
      if (row.verdict() != Verdict.REGRESSED) {
        continue;
      }
      ProfileFigures before = row.before().profile();
      ProfileFigures after = row.after().profile();
      if (before == null && after == null) {
        continue;
      }
      String name = fileName(row.after(), comparison.baseline().run().id(), names);
      byScenario.put(
          row.key(),
          difference(
              comparison.baseline(),
              before,
              comparison.current(),
              after,
              title(row.after(), comparison),
              folder.resolve(name),
              linkBase,
              warnings));
    }
    return new RegressionProfiles(byScenario, warnings);
  }

  private static Difference difference(
      RunFolder baseline,
      ProfileFigures before,
      RunFolder current,
      ProfileFigures after,
      String title,
      Path page,
      Path linkBase,
      List<String> warnings) {
    if (before == null || after == null) {
      String kind = before == null ? after.kind() : before.kind();
      return new Difference(
          kind,
          null,
          null,
          List.of(),
          "no differential flame graph: only the "
              + (before == null ? "current run" : "baseline")
              + " has a profile; profile both runs with the same junit.bench.profile");
    }
    if (!before.kind().equals(after.kind())) {
      return new Difference(
          before.kind() + " -> " + after.kind(),
          null,
          null,
          List.of(),
          "no differential flame graph: the baseline profiled "
              + before.kind()
              + ", the current run "
              + after.kind()
              + "; profiles of different kinds do not compare (profile both with the same"
              + " junit.bench.profile)");
    }
    if (before.jfr().isEmpty() || after.jfr().isEmpty()) {
      return new Difference(
          after.kind(),
          null,
          null,
          List.of(),
          "no differential flame graph: the "
              + (before.jfr().isEmpty() ? "baseline" : "current run")
              + " recorded no profile"
              + (before.jfr().isEmpty() ? warning(before) : warning(after)));
    }
    ProfileKind kind = ProfileKind.of(after.kind()).orElse(null);
    if (kind == null) {
      return new Difference(
          after.kind(),
          null,
          null,
          List.of(),
          "no differential flame graph: the profile kind "
              + after.kind()
              + " is not one of "
              + ProfileKind.names());
    }
    ProfileDifference difference;
    try {
      difference =
          ProfileDifference.ofRecordings(files(baseline, before), files(current, after), kind);
    } catch (NoSuchFileException e) {
      String message =
          "profile "
              + e.getFile()
              + " named in results.json is missing (was the run folder moved?)";
      warnings.add(message);
      return new Difference(
          after.kind(), null, null, List.of(), "no differential flame graph: " + message);
    } catch (IOException | IllegalArgumentException e) {
      warnings.add(e.getMessage());
      return new Difference(
          after.kind(), null, null, List.of(), "no differential flame graph: " + e.getMessage());
    }
    List<GrownFrame> grown = difference.grownFrames(GROWN_FRAMES);
    try {
      Files.createDirectories(page.getParent());
      difference.writeFlameGraph(page, title);
    } catch (IOException e) {
      String message = "could not write the differential flame graph " + page + ": " + e;
      warnings.add(message);
      return new Difference(after.kind(), null, null, grown, message);
    }
    return new Difference(after.kind(), page, link(linkBase, page), grown, null);
  }

  private static String warning(ProfileFigures profile) {
    return profile.warning() == null ? "" : " (" + profile.warning() + ")";
  }

  private static List<Path> files(RunFolder run, ProfileFigures profile) {
    return profile.jfr().stream().map(run.dir()::resolve).toList();
  }

  /**
   * {@code page} relative to {@code base}, with forward slashes (a link); absolute if it cannot be.
   */
  public static String link(Path base, Path page) {
    try {
      return base.toAbsolutePath()
          .normalize()
          .relativize(page.toAbsolutePath().normalize())
          .toString()
          .replace('\\', '/');
    } catch (IllegalArgumentException e) {
      // Another drive (Windows): no relative path leads there.
      return page.toAbsolutePath().toString();
    }
  }

  private static String title(ScenarioResult result, RunComparison comparison) {
    return result.benchmark()
        + " "
        + result.displayName()
        + ": "
        + comparison.current().run().id()
        + " vs baseline "
        + comparison.baseline().run().id();
  }

  /**
   * {@code diff-<benchmark>-<scenario>-vs-<baseline run id>.html}, only letters, digits and {@code
   * ._=-}, unique among {@code taken}.
   */
  static String fileName(ScenarioResult result, String baselineRunId, Set<String> taken) {
    String benchmark = result.benchmark().substring(result.benchmark().lastIndexOf('.') + 1);
    String stem =
        safe("diff-" + benchmark + "-" + result.displayName())
            + "-vs-"
            + safe(String.valueOf(baselineRunId));
    stem = stem.length() > 150 ? stem.substring(0, 150) : stem;
    String name = stem + ".html";
    for (int n = 2; !taken.add(name.toLowerCase(Locale.ROOT)); n++) {
      name = stem + "-" + n + ".html";
    }
    return name;
  }

  private static String safe(String text) {
    return text.replaceAll("[^A-Za-z0-9._=-]+", "-")
        .replaceAll("-{2,}", "-")
        .replaceAll("^-+|-+$", "");
  }
}
