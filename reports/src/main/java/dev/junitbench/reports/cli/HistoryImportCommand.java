package dev.junitbench.reports.cli;

import dev.junitbench.reports.history.HistoryStore;
import dev.junitbench.reports.history.RunImport;
import dev.junitbench.reports.history.RunSource;
import dev.junitbench.reports.history.RunSources;
import java.io.PrintWriter;
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
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    RunSources.Candidates candidates = RunSources.candidates(paths, host);
    if (candidates.runs().isEmpty()) {
      for (RunSources.Skipped skipped : candidates.skipped()) {
        err.println("history import: skipped " + skipped.path() + ": " + skipped.reason());
      }
      err.println(
          "history import: no run to import; give run folders (run-<time>-<id>), a folder of them, or a run"
              + " set");
      return Main.BAD_INPUT;
    }
    try (HistoryStore history = HistoryStore.open(store.location())) {
      if (history.prepared() != null) {
        out.println("history import: " + history.prepared());
      }
      RunImport.Counts counts =
          RunImport.run(
              history,
              candidates,
              new RunImport.Listener() {
                @Override
                public void imported(RunSource source, boolean added) {
                  String name = source.run().dir().getFileName() + " (host " + source.host() + ")";
                  out.println(
                      added
                          ? "imported "
                              + name
                              + ": "
                              + source.run().results().size()
                              + " results"
                              + (source.samples() == null ? ", no samples" : "")
                          : "already in the store: " + name);
                }

                @Override
                public void skipped(RunSources.Skipped skipped) {
                  err.println(
                      "history import: skipped " + skipped.path() + ": " + skipped.reason());
                }
              });
      if (counts.imported() + counts.present() == 0) {
        err.println(
            "history import: no run could be read; nothing was imported into "
                + history.location());
        return Main.BAD_INPUT;
      }
      out.println(
          "history import: "
              + counts.imported()
              + " imported, "
              + counts.present()
              + " already in the store, "
              + counts.skipped()
              + " skipped; store "
              + history.location());
    }
    return 0;
  }
}
