package dev.junitbench.reports.compare;

import dev.junitbench.profile.ProfileDifference.GrownFrame;
import dev.junitbench.profile.ScenarioProfileDifference;
import dev.junitbench.results.ProfileFigures;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
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
 * Where to look first when a scenario regressed (in latency or allocation): for each regressed
 * scenario whose baseline and current run both carry a profile of the same kind, a differential
 * flame graph written to a folder, and the frames whose self share grew most. Profiles of different
 * kinds, a missing profile file or a page that cannot be written give a note instead; none of them
 * changes a verdict.
 *
 * @param byScenario the regressed scenarios with a profile on either side, in the comparison's
 *     order
 * @param warnings what went wrong and was left out (a profile file missing, a page not written),
 *     each naming the file
 * @param note why no regressed scenario gets a difference at all (the comparison pooled rounds), or
 *     null
 */
public record RegressionProfiles(
    Map<ScenarioKey, Difference> byScenario, List<String> warnings, String note) {

  /** How many grown frames each regressed scenario names. */
  public static final int GROWN_FRAMES = ScenarioProfileDifference.GROWN_FRAMES;

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

  /** Why rounds get no differential flame graph, and how to get one. */
  public static final String ROUNDS_NOTE =
      "no differential flame graph for rounds: each round is a JVM run of its own with a profile"
          + " of its own, so no one pair of profiles stands for the change; compare two single"
          + " runs (a round of each side) for one";

  /** Nothing to show: no scenario regressed. */
  public static RegressionProfiles none() {
    return new RegressionProfiles(Map.of(), List.of(), null);
  }

  /** The difference of {@code key}'s profiles, or null. */
  public Difference of(ScenarioKey key) {
    return byScenario.get(key);
  }

  /**
   * The differences of {@code comparison}'s regressed scenarios, their flame graphs written into
   * {@code folder} and linked relative to {@code linkBase} (the folder the output is read from).
   * Rounds get none, only a note saying why when a regressed scenario was profiled: their scenarios
   * stand for many JVM runs, each profiled on its own.
   */
  public static RegressionProfiles of(RunComparison comparison, Path folder, Path linkBase) {
    if (comparison.pooled()) {
      boolean profiled =
          comparison.rows().stream()
              .filter(comparison::regressed)
              .anyMatch(row -> row.before().profile() != null || row.after().profile() != null);
      return new RegressionProfiles(Map.of(), List.of(), profiled ? ROUNDS_NOTE : null);
    }
    Map<ScenarioKey, Difference> byScenario = new LinkedHashMap<>();
    List<String> warnings = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (RunComparison.Row row : comparison.rows()) {
      if (!comparison.regressed(row)) {
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
    return new RegressionProfiles(byScenario, warnings, null);
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
    ScenarioProfileDifference difference =
        ScenarioProfileDifference.of(baseline.dir(), before, current.dir(), after, title, page);
    if (difference.warning() != null) {
      warnings.add(difference.warning());
    }
    return new Difference(
        difference.kind(),
        difference.flameGraph(),
        difference.flameGraph() == null ? null : link(linkBase, difference.flameGraph()),
        difference.grown(),
        difference.note());
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

  /** {@code diff-<benchmark>-<scenario>-vs-<baseline run id>.html}, unique among {@code taken}. */
  static String fileName(ScenarioResult result, String baselineRunId, Set<String> taken) {
    String name =
        ScenarioProfileDifference.fileName(result.benchmark(), result.displayName(), baselineRunId);
    String stem = name.substring(0, name.length() - ".html".length());
    for (int n = 2; !taken.add(name.toLowerCase(Locale.ROOT)); n++) {
      name = stem + "-" + n + ".html";
    }
    return name;
  }
}
