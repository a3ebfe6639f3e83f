package dev.junitbench.reports.action;

import dev.junitbench.config.BaselineMatch;
import dev.junitbench.internal.AtomicFiles;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.compare.ComparisonJson;
import dev.junitbench.reports.compare.ComparisonMarkdown;
import dev.junitbench.reports.compare.ComparisonText;
import dev.junitbench.reports.compare.RegressionProfiles;
import dev.junitbench.reports.compare.RunComparison;
import dev.junitbench.reports.compare.SequentialCompare;
import dev.junitbench.stats.AllocationRule;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.SequentialRounds;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A comparison of two runs, rendered: is it slower, and how sure are we.
 *
 * @param comparison the scenarios matched and judged
 * @param text the comparison in the format asked for
 * @param profiles where to look first in the regressed scenarios' profiles: the differential flame
 *     graphs written and the frames that grew most
 */
public record CompareAction(RunComparison comparison, String text, RegressionProfiles profiles) {

  /** The formats of a comparison. */
  public enum Format {
    /** A table for the terminal. */
    TEXT,
    /** A pull-request comment. */
    MARKDOWN,
    /** For programs. */
    JSON;

    /** The format {@code text} names (text, markdown, json), naming {@code name} when none. */
    public static Format of(String name, String text) throws BadInputException {
      for (Format format : values()) {
        if (text != null && format.name().equalsIgnoreCase(text.trim())) {
          return format;
        }
      }
      throw new BadInputException(
          name + " " + text + " is not a format; use text, markdown or json");
    }

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * Compares {@code current} with {@code baseline}: each a run folder, its results.json or a folder
   * of rounds.
   *
   * @throws BadInputException when a run cannot be read or the runs share no scenario
   */
  public static CompareAction run(
      Path baseline, Path current, RegressionRule rule, BaselineMatch match, Format format)
      throws BadInputException {
    return run(baseline, current, rule, AllocationRule.DEFAULT, match, format, null);
  }

  /**
   * As {@link #run(Path, Path, RegressionRule, BaselineMatch, Format)}, the heap allocated per
   * operation judged by {@code allocation}, and the comparison to be written to {@code output} (or
   * printed, when null). A regressed scenario whose runs both carry a profile of the same kind gets
   * a differential flame graph: beside {@code output} when given, linked by its name; else in the
   * current run folder's {@code profiles/}, linked relative to the working directory. A graph that
   * cannot be written is a warning ({@link #warnings()}), never a change of verdict.
   *
   * @throws BadInputException when a run cannot be read or the runs share no scenario
   */
  public static CompareAction run(
      Path baseline,
      Path current,
      RegressionRule rule,
      AllocationRule allocation,
      BaselineMatch match,
      Format format,
      Path output)
      throws BadInputException {
    return run(baseline, current, rule, allocation, match, format, output, null);
  }

  /**
   * As {@link #run(Path, Path, RegressionRule, AllocationRule, BaselineMatch, Format, Path)}, two
   * folders of rounds decided sequentially by {@code design} when it is not null: each scenario
   * settled at the first round pair that decides it, or undecided ({@link #undecidedBenchmarks()}).
   *
   * @throws BadInputException as there, and when a side is not a folder of rounds, the sides hold
   *     different numbers of rounds, or more than the design's most
   */
  public static CompareAction run(
      Path baseline,
      Path current,
      RegressionRule rule,
      AllocationRule allocation,
      BaselineMatch match,
      Format format,
      Path output,
      SequentialRounds design)
      throws BadInputException {
    RunComparison comparison =
        RunComparison.of(baseline, current, rule, match, design).withAllocationRule(allocation);
    Path linkBase = output == null ? Path.of("") : output.toAbsolutePath().normalize().getParent();
    Path folder = output == null ? comparison.current().dir().resolve("profiles") : linkBase;
    RegressionProfiles profiles =
        comparison.regressed()
            ? RegressionProfiles.of(comparison, folder, linkBase)
            : RegressionProfiles.none();
    String text =
        switch (format) {
          case TEXT -> ComparisonText.render(comparison, profiles);
          case MARKDOWN -> ComparisonMarkdown.render(comparison, profiles);
          case JSON -> ComparisonJson.render(comparison, profiles);
        };
    return new CompareAction(comparison, text, profiles);
  }

  /**
   * What was left out of the comparison and why, each naming its file: a profile named in
   * results.json that is missing, a differential flame graph that could not be written.
   */
  public List<String> warnings() {
    return profiles.warnings();
  }

  /**
   * {@link Outcome#REGRESSION} when a scenario regressed (in latency or allocation), no longer
   * passes, or (match all) was not judged; else {@link Outcome#OK}, also when some scenarios were
   * NOT JUDGED under match any.
   */
  public Outcome outcome() {
    return comparison.regressed() ? Outcome.REGRESSION : Outcome.OK;
  }

  /** The one line that leads the output: what regressed and how many were judged. */
  public String summaryLine() {
    return comparison.summaryLine();
  }

  /**
   * The benchmarks ({@code class#method}) with a scenario still undecided in a sequential decision,
   * in order: what the next round pair must measure; empty when every scenario settled or the
   * decision was not sequential.
   */
  public List<String> undecidedBenchmarks() {
    return SequentialCompare.undecidedBenchmarks(comparison);
  }

  /** Writes {@link #undecidedBenchmarks()} to {@code file}, one a line, whole or not at all. */
  public void writeUndecided(Path file) throws IOException {
    StringBuilder lines = new StringBuilder();
    undecidedBenchmarks().forEach(benchmark -> lines.append(benchmark).append('\n'));
    AtomicFiles.write(
        file, (out, previous) -> out.write(lines.toString().getBytes(StandardCharsets.UTF_8)));
  }

  /**
   * The sequential design of {@code --min-rounds} and {@code --max-rounds} (null when {@code
   * maxRounds} is null: rounds pooled as one test), each problem naming its setting.
   */
  public static SequentialRounds design(
      String minName, Integer minRounds, String maxName, Integer maxRounds)
      throws BadInputException {
    if (maxRounds == null) {
      if (minRounds != null) {
        throw new BadInputException(
            minName
                + " "
                + minRounds
                + " needs "
                + maxName
                + ": the sequential decision is made over at most "
                + maxName
                + " rounds a side (e.g. 4)");
      }
      return null;
    }
    int min = minRounds == null ? 1 : minRounds;
    try {
      return new SequentialRounds(min, maxRounds);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(
          (minRounds == null ? "" : minName + " " + min + " ")
              + maxName
              + " "
              + maxRounds
              + ": "
              + e.getMessage(),
          e);
    }
  }

  /** Writes the text to {@code file}, whole or not at all. */
  public void write(Path file) throws IOException {
    AtomicFiles.write(file, (out, previous) -> out.write(text.getBytes(StandardCharsets.UTF_8)));
  }
}
