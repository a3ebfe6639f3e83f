package dev.junitbench.reports.cli;

import dev.junitbench.reports.action.ActionOutput;
import dev.junitbench.reports.action.HistoryImportAction;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code history import RUN_DIR... [--db URL] [--host LABEL]}: runs into the store, each once. */
@Command(
    name = "import",
    mixinStandardHelpOptions = true,
    description = {
      "Imports runs into the history store, each run as one transaction. A run already there (same run"
          + " id and host) is left as it is; a corrupt or partly written run folder is skipped with its path and the"
          + " reason, and the others are imported."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:done (runs skipped as unreadable are listed on standard error)",
      "2:bad input: no run could be read, or the store cannot be used",
      "3:an internal error"
    })
final class HistoryImportCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "RUN_DIR",
      description =
          "Run folders, folders of run folders (target/benchmark-results), or run sets made by merge.")
  List<Path> paths;

  @Option(
      names = "--host",
      paramLabel = "LABEL",
      description =
          "The host label to keep these runs under (a CI runner's kind: linux-x64-2core). Default: each"
              + " run's host name; a run set's own labels for its members.")
  String host;

  @Mixin StoreOptions store;

  @Override
  public Integer call() throws Exception {
    return HistoryImportAction.run(
            paths,
            host,
            store.location(),
            ActionOutput.of(spec.commandLine().getOut(), spec.commandLine().getErr()))
        .exitCode();
  }
}
