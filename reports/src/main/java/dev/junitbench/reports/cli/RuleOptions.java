package dev.junitbench.reports.cli;

import dev.junitbench.stats.RegressionRule;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code --threshold} and {@code --alpha}, shared by the commands that call verdicts. */
final class RuleOptions {

  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Option(names = "--threshold", paramLabel = "CHANGE", defaultValue = "5%",
      description = "The noise threshold: a smaller change of the median is never called (5%% or 0.05). Default: ${DEFAULT-VALUE}.")
  String threshold;

  @Option(names = "--alpha", paramLabel = "P", defaultValue = "0.01",
      description = "The significance level, in (0, 0.5]. Default: ${DEFAULT-VALUE}.")
  double alpha;

  /** The rule the options give; a bad value is a usage error naming it. */
  RegressionRule rule() {
    String text = threshold.trim();
    double value;
    try {
      value = text.endsWith("%") ? Double.parseDouble(text.substring(0, text.length() - 1).trim()) / 100
          : Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--threshold " + threshold
          + " is not a relative change; use 5% or 0.05");
    }
    try {
      return new RegressionRule(value, alpha);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--threshold " + threshold + " --alpha " + alpha
          + ": " + e.getMessage());
    }
  }
}
