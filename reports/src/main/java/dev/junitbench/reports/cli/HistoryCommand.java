package dev.junitbench.reports.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code history import|trend|check}: runs kept over time in a database, and the changes in them.
 */
@Command(
    name = "history",
    mixinStandardHelpOptions = true,
    description = {
      "Keeps runs in a history store (a DuckDB file, or PostgreSQL for a team) and reads them back:"
          + " import adds runs, trend shows a scenario's figures over time, check finds where a series shifted and"
          + " exits with 1 when its newest shift is a regression."
    },
    subcommands = {
      HistoryImportCommand.class,
      HistoryTrendCommand.class,
      HistoryCheckCommand.class
    })
final class HistoryCommand implements Runnable {

  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        spec.commandLine(), "name a history command: import, trend or check");
  }
}
