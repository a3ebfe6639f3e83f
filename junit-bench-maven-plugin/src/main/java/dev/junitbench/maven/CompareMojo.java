package dev.junitbench.maven;

import dev.junitbench.config.BaselineMatch;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.action.CompareAction;
import dev.junitbench.reports.action.Outcome;
import dev.junitbench.reports.action.SettingValues;
import dev.junitbench.stats.AllocationRule;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.SequentialRounds;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Compares the current run with a baseline scenario by scenario and fails the build when one
 * regressed, as the command line's {@code compare} exits with 1. A scenario the baseline cannot
 * judge (NOT JUDGED) fails the build only with {@code match} all, as there; runs that share no
 * scenario are bad input.
 */
@Mojo(name = "compare", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class CompareMojo extends BenchMojo {

  /** The run compared against: a run folder, its results.json, or a folder of rounds (run-*). */
  @Parameter(property = "junit-bench.baseline", required = true)
  File baseline;

  /**
   * The run judged: a run folder, its results.json, or a folder of rounds. Default: the newest run
   * folder in {@code resultsDirectory}.
   */
  @Parameter(property = "junit-bench.current")
  File current;

  /**
   * Takes the newest run folder even when it started before this build (with a warning), when no
   * {@code current} is named. Without it such a run fails the goal: the build measured nothing.
   */
  @Parameter(property = "junit-bench.allowOlderRun", defaultValue = "false")
  boolean allowOlderRun;

  /** The noise threshold: a smaller change of the median is never called; 5% or 0.05. */
  @Parameter(property = "junit-bench.threshold", defaultValue = "5%")
  String threshold;

  /** The significance level, in (0, 0.5]. */
  @Parameter(property = "junit-bench.alpha", defaultValue = "0.01")
  double alpha;

  /**
   * When allocation regressed: more bytes per operation than the baseline by over the change and by
   * at least the bytes ({@code 5%}, {@code 10%,1KB}; without bytes 64B), as the gate's {@code
   * junit.bench.regression.alloc-threshold}.
   */
  @Parameter(property = "junit-bench.allocThreshold", defaultValue = "5%,64B")
  String allocThreshold = AllocationRule.DEFAULT.written();

  /**
   * {@code any}: only runs sharing no scenario are an error; {@code all}: every scenario the
   * baseline cannot judge fails the build, as the gate's {@code junit.bench.baseline.match=all}.
   */
  @Parameter(property = "junit-bench.match", defaultValue = "any")
  String match;

  /**
   * Decides two folders of rounds sequentially over at most this many rounds a side, as the command
   * line's {@code --max-rounds}: each scenario settles at the first round pair that decides it.
   */
  @Parameter(property = "junit-bench.maxRounds")
  Integer maxRounds;

  /** With {@code maxRounds}: the first round pair after which a scenario may settle (default 1). */
  @Parameter(property = "junit-bench.minRounds")
  Integer minRounds;

  /** {@code text} (a table), {@code markdown} (a pull-request comment) or {@code json}. */
  @Parameter(property = "junit-bench.compare.format", defaultValue = "text")
  String compareFormat;

  /** Writes the comparison to this file instead of the build's log (which then has its line). */
  @Parameter(property = "junit-bench.compare.output")
  File compareOutput;

  @Override
  void run() throws MojoExecutionException, MojoFailureException {
    if (aggregatorWithoutRun(current != null, "junit-bench.current")) {
      return;
    }
    CompareAction compared;
    Path now;
    try {
      requireExists(baseline.toPath());
      now = current != null ? current.toPath() : newestRun("junit-bench.current", allowOlderRun);
      if (current != null) {
        getLog().info(goal() + ": run " + now);
      }
      RegressionRule rule =
          SettingValues.rule(
              "threshold (junit-bench.threshold)", threshold, "alpha (junit-bench.alpha)", alpha);
      AllocationRule allocation =
          SettingValues.allocationRule(
              "allocThreshold (junit-bench.allocThreshold)", allocThreshold);
      BaselineMatch mode = SettingValues.match("match (junit-bench.match)", match);
      SequentialRounds design =
          CompareAction.design(
              "minRounds (junit-bench.minRounds)",
              minRounds,
              "maxRounds (junit-bench.maxRounds)",
              maxRounds);
      CompareAction.Format shape =
          CompareAction.Format.of("compareFormat (junit-bench.compare.format)", compareFormat);
      if (compareOutput != null) {
        // Before comparing: the differential flame graphs are written beside the output.
        SettingValues.requireFolderOf(
            "compareOutput (junit-bench.compare.output)", compareOutput.toPath());
      }
      compared =
          CompareAction.run(
              baseline.toPath(),
              now,
              rule,
              allocation,
              mode,
              shape,
              compareOutput == null ? null : compareOutput.toPath(),
              design);
      compared.warnings().forEach(warning -> getLog().warn(goal() + ": " + warning));
      if (compareOutput == null) {
        logLines(compared.text());
      } else {
        compared.write(compareOutput.toPath());
        getLog()
            .info(compared.summaryLine() + " (written to " + compareOutput.getAbsolutePath() + ")");
      }
    } catch (BadInputException | IOException e) {
      throw new MojoExecutionException("junit-bench:compare: " + e.getMessage(), e);
    }
    if (compared.outcome() == Outcome.REGRESSION) {
      throw new MojoFailureException(
          CompareFailure.message(compared.comparison(), baseline.toPath(), now));
    }
    if (compared.comparison().counts().unjudged() > 0) {
      getLog()
          .warn(
              compared.summaryLine()
                  + ": NOT JUDGED is not a pass; -Djunit-bench.match=all fails the build on it");
    }
    int removed = compared.comparison().counts().removed();
    if (removed > 0) {
      getLog()
          .warn(
              goal()
                  + ": "
                  + removed
                  + (removed == 1 ? " scenario" : " scenarios")
                  + " of the baseline not run now, so not judged (a narrower -Dgroups, -Dtest or"
                  + " dimension, or a scenario dropped); run them, or record a new baseline");
    }
  }

  /** A baseline path that names nothing, said with the setting to fix. */
  private static void requireExists(Path baseline) throws BadInputException {
    if (!Files.exists(baseline)) {
      throw new BadInputException(
          "baseline (junit-bench.baseline) "
              + baseline
              + " does not exist; give a run folder (run-<time>-<id>), its results.json, or a folder"
              + " of rounds");
    }
  }
}
