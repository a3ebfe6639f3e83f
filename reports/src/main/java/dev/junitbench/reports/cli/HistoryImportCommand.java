package dev.junitbench.reports.cli;

import dev.junitbench.reports.action.ActionOutput;
import dev.junitbench.reports.action.HistoryImportAction;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code history import RUN_DIR... [--db URL] [--host LABEL] [--started-at TIME] [--commit SHA]}:
 * runs (and JMH result files) into the store, each once.
 */
@Command(
    name = "import",
    mixinStandardHelpOptions = true,
    description = {
      "Imports runs into the history store, each run as one transaction. A run already there (same run"
          + " id and host) is left as it is; a corrupt or partly written run folder is skipped with its path and the"
          + " reason, and the others are imported.",
      "A JMH result file (-rf json) is a run too: its run id is a hash of its content, so importing it"
          + " again changes nothing. It records no machine, start or commit: give --host, and --started-at"
          + " and --commit where known (its start is otherwise the file's modification time, which the"
          + " output says). A folder of JMH result files (a gate's base folder of rounds) is each of its"
          + " *.json files, under the same options."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:done (runs skipped as unreadable are listed on standard error)",
      "2:bad input: no run could be read, an option does not fit the runs (nothing is imported),"
          + " or the store cannot be used",
      "3:an internal error"
    })
final class HistoryImportCommand implements Callable<Integer> {

  /** A commit's hash as git writes it, full or abbreviated (SHA-1 or SHA-256). */
  private static final Pattern COMMIT = Pattern.compile("[0-9a-fA-F]{4,64}");

  @Spec CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "RUN_DIR",
      description =
          "Run folders, folders of run folders (target/benchmark-results), run sets made by merge,"
              + " JMH result files (-rf json), or folders of them.")
  List<Path> paths;

  @Option(
      names = "--host",
      paramLabel = "LABEL",
      description =
          "The host label to keep these runs under (a CI runner's kind: linux-x64-2core). Default: each"
              + " run's host name; a run set's own labels for its members. Required for JMH result"
              + " files, which record no machine.")
  String host;

  @Option(
      names = "--started-at",
      paramLabel = "TIME",
      description =
          "When the JMH result files ran, as an ISO-8601 instant (2026-05-01T12:00:00Z); it orders"
              + " their series. Default: each file's modification time. JMH files only: a junit-bench"
              + " run records its own.")
  String startedAt;

  @Option(
      names = "--commit",
      paramLabel = "SHA",
      description =
          "The commit the JMH result files measured (git rev-parse HEAD). Default: none. JMH files"
              + " only: a junit-bench run records its own.")
  String commit;

  @Mixin StoreOptions store;

  @Override
  public Integer call() throws Exception {
    if (host != null && host.isBlank()) {
      throw new ParameterException(
          spec.commandLine(),
          "--host is blank; give the label the runs' series are kept under (linux-x64-2core)");
    }
    if (commit != null && !COMMIT.matcher(commit).matches()) {
      throw new ParameterException(
          spec.commandLine(),
          "--commit '"
              + commit
              + "' is not a commit's hash; give its hexadecimal SHA (git rev-parse HEAD)");
    }
    return HistoryImportAction.run(
            paths,
            host,
            startedAt == null ? null : instant(startedAt),
            commit == null ? null : commit.toLowerCase(Locale.ROOT),
            store.location(),
            ActionOutput.of(spec.commandLine().getOut(), spec.commandLine().getErr()))
        .exitCode();
  }

  private Instant instant(String text) {
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      throw new ParameterException(
          spec.commandLine(),
          "--started-at '"
              + text
              + "' is not an ISO-8601 instant; give a date, time and zone:"
              + " 2026-05-01T12:00:00Z (or 2026-05-01T14:00:00+02:00)");
    }
  }
}
