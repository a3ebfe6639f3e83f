package dev.junitbench.reports.cli;

import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.action.SettingValues;
import dev.junitbench.stats.RegressionRule;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code --threshold} and {@code --alpha}, shared by the commands that call verdicts. */
final class RuleOptions {

  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Option(
      names = "--threshold",
      paramLabel = "CHANGE",
      defaultValue = "5%",
      description =
          "The noise threshold: a smaller change of the median is never called (5%% or 0.05). Default: ${DEFAULT-VALUE}.")
  String threshold;

  @Option(
      names = "--alpha",
      paramLabel = "P",
      defaultValue = "0.01",
      description = "The significance level, in (0, 0.5]. Default: ${DEFAULT-VALUE}.")
  double alpha;

  /** The rule the options give; a bad value is a usage error naming it. */
  RegressionRule rule() {
    try {
      return SettingValues.rule("--threshold", threshold, "--alpha", alpha);
    } catch (BadInputException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  /**
   * {@code 5%} or {@code 0.05} as 0.05; anything else, or a negative change, is a usage error
   * naming {@code option}.
   */
  static double relativeChange(CommandLine line, String option, String text) {
    try {
      return SettingValues.relativeChange(option, text);
    } catch (BadInputException e) {
      throw new CommandLine.ParameterException(line, e.getMessage());
    }
  }
}
