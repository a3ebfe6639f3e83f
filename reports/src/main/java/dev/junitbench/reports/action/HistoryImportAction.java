package dev.junitbench.reports.action;

import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.history.HistoryStore;
import dev.junitbench.reports.history.RunImport;
import dev.junitbench.reports.history.RunSource;
import dev.junitbench.reports.history.RunSources;
import dev.junitbench.reports.history.StoreException;
import dev.junitbench.reports.history.StoreLocation;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * Imports runs into the history store, each once: a run already there is left as it is, an
 * unreadable one is skipped with its path and the reason.
 */
public final class HistoryImportAction {

  private HistoryImportAction() {}

  /**
   * Imports the runs under {@code paths} (run folders, folders of them, run sets, JMH result files,
   * folders of them) into the store at {@code location}, under {@code host} or each run's own host
   * label when null; prints each run and the counts on {@code output}.
   *
   * @return {@link Outcome#OK}, or {@link Outcome#BAD_INPUT} when no run could be read
   * @throws StoreException when the store cannot be used
   */
  public static Outcome run(
      List<Path> paths, String host, StoreLocation location, ActionOutput output)
      throws StoreException {
    return run(paths, host, null, null, location, output);
  }

  /**
   * The same, with what JMH result files do not record: their start ({@code startedAt}, null for
   * each file's modification time, which the output then says) and their commit ({@code commit},
   * null for none). A junit-bench run records its own, so either given with one is bad input, as is
   * a JMH file without {@code host}; nothing is imported then.
   *
   * @return {@link Outcome#OK}, or {@link Outcome#BAD_INPUT} when no run could be read or what was
   *     given does not fit the runs
   * @throws StoreException when the store cannot be used
   */
  public static Outcome run(
      List<Path> paths,
      String host,
      Instant startedAt,
      String commit,
      StoreLocation location,
      ActionOutput output)
      throws StoreException {
    RunSources.Candidates candidates = RunSources.candidates(paths, host, startedAt, commit);
    try {
      RunSources.checkGiven(candidates);
    } catch (BadInputException e) {
      output.problem("history import: " + e.getMessage() + "; nothing was imported");
      return Outcome.BAD_INPUT;
    }
    if (candidates.runs().isEmpty()) {
      for (RunSources.Skipped skipped : candidates.skipped()) {
        output.problem("history import: skipped " + skipped.path() + ": " + skipped.reason());
      }
      output.problem("history import: no run to import; give " + RunSources.USAGE);
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
                  String name = source.run().name() + " (host " + source.host() + ")";
                  output.line(
                      added
                          ? "imported "
                              + name
                              + ": "
                              + source.run().results().size()
                              + " results"
                              + (source.samples() == null ? ", no samples" : "")
                              + (source.modificationTime()
                                  ? "; started_at "
                                      + source.run().run().startedAt()
                                      + " is the file's modification time (give --started-at"
                                      + " for when it ran)"
                                  : "")
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
