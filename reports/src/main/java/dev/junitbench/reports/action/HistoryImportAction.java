package dev.junitbench.reports.action;

import dev.junitbench.reports.history.HistoryStore;
import dev.junitbench.reports.history.RunImport;
import dev.junitbench.reports.history.RunSource;
import dev.junitbench.reports.history.RunSources;
import dev.junitbench.reports.history.StoreException;
import dev.junitbench.reports.history.StoreLocation;
import java.nio.file.Path;
import java.util.List;

/**
 * Imports runs into the history store, each once: a run already there is left as it is, an
 * unreadable one is skipped with its path and the reason.
 */
public final class HistoryImportAction {

  private HistoryImportAction() {}

  /**
   * Imports the runs under {@code paths} (run folders, folders of them, run sets) into the store at
   * {@code location}, under {@code host} or each run's own host label when null; prints each run
   * and the counts on {@code output}.
   *
   * @return {@link Outcome#OK}, or {@link Outcome#BAD_INPUT} when no run could be read
   * @throws StoreException when the store cannot be used
   */
  public static Outcome run(
      List<Path> paths, String host, StoreLocation location, ActionOutput output)
      throws StoreException {
    RunSources.Candidates candidates = RunSources.candidates(paths, host);
    if (candidates.runs().isEmpty()) {
      for (RunSources.Skipped skipped : candidates.skipped()) {
        output.problem("history import: skipped " + skipped.path() + ": " + skipped.reason());
      }
      output.problem(
          "history import: no run to import; give run folders (run-<time>-<id>), a folder of them, or a run"
              + " set");
      return Outcome.BAD_INPUT;
    }
    try (HistoryStore history = HistoryStore.open(location)) {
      if (history.prepared() != null) {
        output.line("history import: " + history.prepared());
      }
      RunImport.Counts counts =
          RunImport.run(
              history,
              candidates,
              new RunImport.Listener() {
                @Override
                public void imported(RunSource source, boolean added) {
                  String name = source.run().dir().getFileName() + " (host " + source.host() + ")";
                  output.line(
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
                  output.problem(
                      "history import: skipped " + skipped.path() + ": " + skipped.reason());
                }
              });
      if (counts.imported() + counts.present() == 0) {
        output.problem(
            "history import: no run could be read; nothing was imported into "
                + history.location());
        return Outcome.BAD_INPUT;
      }
      output.line(
          "history import: "
              + counts.imported()
              + " imported, "
              + counts.present()
              + " already in the store, "
              + counts.skipped()
              + " skipped; store "
              + history.location());
    }
    return Outcome.OK;
  }
}
