package dev.junitbench.reports.cli;

import dev.junitbench.config.BaselineMatch;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.action.CompareAction;
import dev.junitbench.reports.action.SettingValues;
import dev.junitbench.stats.AllocationRule;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.SequentialRounds;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code compare BASELINE CURRENT}: is it slower, and how sure are we; each side one run or rounds
 * of one build.
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = {
      "Compares two runs scenario by scenario (matched on benchmark and params) and exits with 1 when a"
          + " scenario regressed.",
      "A change is called when its p-value is below --alpha and the median changed by more than --threshold:"
          + " between JVM runs, Welch's t-test on the log fork medians (both runs forked) or the prediction interval"
          + " of one JVM from the forked side's spread (one forked); one JVM a side, two-sided Mann-Whitney U on the"
          + " raw samples (or a Wald test of the log ratio without samples.csv), marked unforked. A side whose JVMs"
          + " fell on two levels is NOT JUDGED. Latency: lower is better; throughput: higher is better (a JMH throughput is judged as its time"
          + " per operation).",
      "Allocation (alloc.bytes_per_op, heap bytes per operation) is judged beside latency without a test, by"
          + " --alloc-threshold; its regression exits with 1 like a latency one. A scenario without the figure on"
          + " either side is NOT JUDGED for allocation.",
      "A side may be a folder of rounds: run folders (run-*) of one build from one machine, such as a pull-request"
          + " gate writes when it measures base and head alternately. Its rounds are pooled as the forks of one run"
          + " (each fork of a forked round, each unforked round one JVM run) and compared by the test between JVM"
          + " runs above. With --max-rounds the rounds are decided sequentially: each scenario settles at the first"
          + " round pair that decides it, and --undecided names the benchmarks that need another round."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:no scenario regressed",
      "1:a scenario regressed (latency or allocation), or no longer passes, or (--match all) was not"
          + " judged",
      "2:bad input (no scenario in common: nothing would be judged)",
      "3:an internal error"
    })
final class CompareCommand implements Callable<Integer> {

  /** The output formats. */
  enum Format {
    text,
    markdown,
    json
  }

  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "BASELINE",
      description =
          "The run compared against: a run folder, its results.json, a JMH result file (-rf json), or a"
              + " folder of rounds (run-* folders, or JMH result files).")
  Path baseline;

  @Parameters(
      index = "1",
      paramLabel = "CURRENT",
      description =
          "The run judged: a run folder, its results.json, a JMH result file (-rf json), or a"
              + " folder of rounds (run-* folders, or JMH result files).")
  Path current;

  @Mixin RuleOptions rules;

  @Option(
      names = "--alloc-threshold",
      paramLabel = "CHANGE[,BYTES]",
      defaultValue = "5%,64B",
      description =
          "When allocation regressed: more bytes per operation than the baseline by over CHANGE and by at"
              + " least BYTES (5%%, 0.05, 10%%,1KB; without BYTES 64B; KB = 1024 B), as the gate's"
              + " junit.bench.regression.alloc-threshold. Default: ${DEFAULT-VALUE}.")
  String allocThreshold;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "text",
      description =
          "text (a table for the terminal), markdown (a pull-request comment) or json. Default: ${DEFAULT-VALUE}.")
  Format format;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      description = "Write to this file instead of standard output.")
  Path output;

  @Option(
      names = "--match",
      paramLabel = "any|all",
      defaultValue = "any",
      description =
          "all: a scenario the baseline cannot judge (not in it, not passed, JVMs bimodal) counts as a"
              + " failure (exit 1), as the gate's junit.bench.baseline.match=all; any: only the runs sharing no"
              + " scenario fail (exit 2). Default: ${DEFAULT-VALUE}.")
  String match;

  @Option(
      names = "--max-rounds",
      paramLabel = "N",
      description =
          "Decide two folders of rounds sequentially, over at most N rounds a side: after each round pair a"
              + " scenario settles regressed or improved once its change passes the threshold and its p-value"
              + " the boundary of that round (O'Brien-Fleming-type error spending of --alpha over N rounds),"
              + " unchanged once its 95%% interval's upper bound lies below the threshold, not judged when its JVMs fall"
              + " on two levels; else it is undecided, and at round N every scenario is settled.")
  Integer maxRounds;

  @Option(
      names = "--min-rounds",
      paramLabel = "M",
      description =
          "With --max-rounds: the first round pair after which a scenario may settle. Default: 1.")
  Integer minRounds;

  @Option(
      names = "--undecided",
      paramLabel = "FILE",
      description =
          "With --max-rounds: write the benchmarks (class#method) with a scenario still undecided to FILE,"
              + " one a line, empty when all settled: what the next round pair must measure.")
  Path undecided;

  @Override
  public Integer call() throws Exception {
    RegressionRule rule = rules.rule();
    BaselineMatch mode;
    AllocationRule allocation;
    SequentialRounds design;
    try {
      mode = SettingValues.match("--match", match);
      allocation = SettingValues.allocationRule("--alloc-threshold", allocThreshold);
      design = CompareAction.design("--min-rounds", minRounds, "--max-rounds", maxRounds);
      if (undecided != null && design == null) {
        throw new BadInputException(
            "--undecided "
                + undecided
                + " needs --max-rounds: only a sequential decision leaves scenarios undecided");
      }
    } catch (BadInputException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    if (output != null) {
      // Before comparing: the differential flame graphs are written beside the output.
      Main.requireFolderOf(output);
    }
    if (undecided != null) {
      SettingValues.requireFolderOf("--undecided", undecided);
    }
    CompareAction compared =
        CompareAction.run(
            baseline,
            current,
            rule,
            allocation,
            mode,
            CompareAction.Format.valueOf(format.name().toUpperCase(Locale.ROOT)),
            output,
            design);
    if (undecided != null) {
      compared.writeUndecided(undecided);
    }
    compared
        .warnings()
        .forEach(warning -> spec.commandLine().getErr().println("warning: " + warning));
    if (output == null) {
      spec.commandLine().getOut().print(compared.text());
    } else {
      compared.write(output);
      spec.commandLine()
          .getOut()
          .println(compared.summaryLine() + " (written to " + output.toAbsolutePath() + ")");
    }
    return compared.outcome().exitCode();
  }
}
