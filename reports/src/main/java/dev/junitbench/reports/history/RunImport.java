package dev.junitbench.reports.history;

import dev.junitbench.reports.BadInputException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Imports many runs into a store in their order, each in its own transaction, while a second thread
 * reads and checks the runs ahead of it: parsing a results.json and loading a run cost about the
 * same, so on two cores they overlap.
 */
public final class RunImport {

  /**
   * How many runs are read ahead of the one being imported: enough to keep the reader busy, few
   * enough to hold.
   */
  static final int READ_AHEAD = 2;

  /** What happens to each run, in order. */
  public interface Listener {
    /** {@code source} was imported ({@code added}) or was in the store already. */
    void imported(RunSource source, boolean added);

    /** A run could not be read, and is not imported. */
    void skipped(RunSources.Skipped skipped);
  }

  /** Counts of an import. */
  public record Counts(int imported, int present, int skipped) {}

  private RunImport() {}

  /**
   * Imports {@code candidates} into {@code store}: those that cannot be read are skipped with their
   * reason, the others imported in order.
   *
   * @throws StoreException when the store fails: the run it was importing left nothing behind,
   *     those before it are kept
   */
  public static Counts run(HistoryStore store, RunSources.Candidates candidates, Listener listener)
      throws StoreException {
    int imported = 0;
    int present = 0;
    int skipped = 0;
    for (RunSources.Skipped skip : candidates.skipped()) {
      listener.skipped(skip);
      skipped++;
    }
    ExecutorService reader =
        Executors.newSingleThreadExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "junit-bench-history-reader");
              thread.setDaemon(true);
              return thread;
            });
    try {
      List<RunSources.Candidate> runs = candidates.runs();
      Deque<Future<RunSource>> ahead = new ArrayDeque<>();
      int next = 0;
      for (int i = 0; i < runs.size(); i++) {
        while (next < runs.size() && ahead.size() < READ_AHEAD) {
          RunSources.Candidate candidate = runs.get(next++);
          ahead.add(reader.submit(() -> RunSources.read(candidate)));
        }
        RunSource source;
        try {
          source = ahead.poll().get();
        } catch (ExecutionException e) {
          if (e.getCause() instanceof BadInputException bad) {
            listener.skipped(new RunSources.Skipped(runs.get(i).path(), bad.getMessage()));
            skipped++;
            continue;
          }
          throw new IllegalStateException(
              "reading " + runs.get(i).path() + " failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new StoreException(
              "the import was interrupted before "
                  + runs.get(i).path()
                  + "; the runs before it are in the store",
              e);
        }
        boolean added = store.importRun(source);
        listener.imported(source, added);
        if (added) {
          imported++;
        } else {
          present++;
        }
      }
    } finally {
      reader.shutdownNow();
    }
    return new Counts(imported, present, skipped);
  }
}
