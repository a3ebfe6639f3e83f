package dev.junitbench.benchmarks;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.junitbench.results.ResultFileException;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.ScenarioResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The table of the warm-up study ({@code ci/warmup-study.sh} runs it over the folder the study
 * wrote, {@code -Dwarmup.study.dir}): per setting, the wall time of its runs and the share of its
 * cases (scenario x repetition) whose reported median lies within the reference's 95% interval
 * across forks, widened by 1% on each side, the forks a case took and how many warm-ups until
 * steady settled. A forked case reports the centre of its forks, an unforked one its median. Writes
 * {@code summary.md} into the folder.
 */
@Tag("warmup-study")
class WarmupStudySummary {

  /** The study's setting that is the reference, as the script names its folders. */
  static final String REFERENCE = "reference";

  @Test
  void summarize() throws IOException, ResultFileException {
    String dir = System.getProperty("warmup.study.dir");
    assumeTrue(dir != null, "-Dwarmup.study.dir names the folder ci/warmup-study.sh wrote");
    Path study = Path.of(dir);
    Map<String, List<Path>> runsBySetting = new TreeMap<>();
    try (Stream<Path> settings = Files.list(study)) {
      for (Path folder : settings.filter(Files::isDirectory).sorted().toList()) {
        // A setting's repetitions are folders "<setting>-<n>", each holding one run folder.
        String name = folder.getFileName().toString();
        String setting = name.replaceFirst("-\\d+$", "");
        runsBySetting.computeIfAbsent(setting, s -> new ArrayList<>()).add(folder);
      }
    }
    List<Path> references = runsBySetting.remove(REFERENCE);
    if (references == null || references.size() != 1) {
      throw new IllegalStateException(
          study + " holds " + references + " as the reference; give one folder reference-1");
    }
    Map<String, double[]> reference = new LinkedHashMap<>();
    for (ScenarioResult result : results(references.get(0))) {
      if (result.forks() == null || result.forks().ci95Low() == null) {
        throw new IllegalStateException(
            result.benchmark()
                + " "
                + result.displayName()
                + ": the reference has no forks interval");
      }
      reference.put(
          key(result),
          new double[] {
            result.forks().ci95Low() * 0.99,
            result.forks().ci95High() * 1.01,
            result.forks().medianMs()
          });
    }
    StringBuilder table = new StringBuilder();
    table.append("reference: ").append(wall(references.get(0))).append(" s wall\n\n");
    table.append(
        "| setting | runs | wall per run (s) | cases | within the reference | forks per case"
            + " | warm-ups steady | cases outside |\n");
    table.append("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
    for (Map.Entry<String, List<Path>> entry : runsBySetting.entrySet()) {
      int cases = 0;
      int within = 0;
      int forks = 0;
      int judgedWarmups = 0;
      int steadyWarmups = 0;
      double wall = 0;
      List<String> outside = new ArrayList<>();
      for (Path run : entry.getValue()) {
        wall += wall(run);
        for (ScenarioResult result : results(run)) {
          double[] interval = reference.get(key(result));
          if (interval == null || result.latencyMs() == null) {
            continue;
          }
          double median =
              result.forks() != null && result.forks().medianMs() != null
                  ? result.forks().medianMs()
                  : result.latencyMs().median();
          cases++;
          forks += result.forks() == null ? 0 : result.forks().completed();
          if (result.warmup() != null && result.warmup().steady() != null) {
            judgedWarmups++;
            steadyWarmups += result.warmup().steady() ? 1 : 0;
          }
          if (median >= interval[0] && median <= interval[1]) {
            within++;
          } else {
            outside.add(
                String.format(
                    Locale.ROOT,
                    "%s %+.1f%%",
                    key(result).replaceFirst("^.*\\.", ""),
                    100 * (median / interval[2] - 1)));
          }
        }
      }
      table.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %.0f | %d | %d (%.0f%%) | %.1f | %s | %s |%n",
              entry.getKey(),
              entry.getValue().size(),
              wall / entry.getValue().size(),
              cases,
              within,
              cases == 0 ? 0 : 100.0 * within / cases,
              cases == 0 ? 0 : (double) forks / cases,
              judgedWarmups == 0 ? "-" : steadyWarmups + " of " + judgedWarmups,
              String.join("; ", outside)));
    }
    System.out.println(table);
    Files.writeString(study.resolve("summary.md"), table, StandardCharsets.UTF_8);
  }

  private static String key(ScenarioResult result) {
    return result.benchmark() + " " + result.displayName();
  }

  private static List<ScenarioResult> results(Path repetition)
      throws IOException, ResultFileException {
    try (Stream<Path> runs = Files.list(repetition)) {
      List<Path> found = runs.filter(p -> p.getFileName().toString().startsWith("run-")).toList();
      if (found.size() != 1) {
        throw new IllegalStateException(
            repetition + " holds " + found.size() + " run folders, not 1");
      }
      return RunFolder.read(found.get(0)).results();
    }
  }

  /** The wall time the script recorded for the run, in seconds. */
  private static double wall(Path repetition) throws IOException {
    return Double.parseDouble(
        Files.readString(repetition.resolve("wall-seconds"), StandardCharsets.UTF_8).trim());
  }
}
