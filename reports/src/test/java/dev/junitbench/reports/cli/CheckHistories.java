package dev.junitbench.reports.cli;

import static dev.junitbench.reports.Fixtures.CLASSIFY;
import static dev.junitbench.reports.Fixtures.EMBED;
import static dev.junitbench.reports.Fixtures.params;

import dev.junitbench.results.RunFolders;
import java.nio.file.Path;
import java.util.List;

/**
 * Run folders of histories for {@code history check}: an embedding scenario at given medians, a
 * classifier flat.
 */
final class CheckHistories {

  /**
   * The medians (ms) of a MiniLM scenario on a shared runner: about 16 ms, three runs in the slow
   * mode at about 27 ms, then 4 runs at about 34.7 ms: change-point detection alone finds nothing
   * in it.
   */
  static final double[] REPLAY = {16.0, 27.3, 15.9, 27.5, 16.1, 16.3, 27.2, 34.7, 34.5, 34.9, 34.6};

  private CheckHistories() {}

  /**
   * Writes run {@code i} of {@code host} into {@code parent/host/run-r<i>}, an hour after run
   * {@code i - 1}, at commit {@code c<i>}: the embedding scenario's median exactly {@code embedMs},
   * the classifier's within 0.5% of 8 ms.
   */
  static Path write(Path parent, String host, int i, double embedMs) {
    return RunFolders.writeHistoryRun(
        parent.resolve(host).resolve("run-r" + i),
        i,
        host,
        List.of(
            RunFolders.passed(EMBED, params("batch_size", 1), samples(embedMs)),
            RunFolders.passed(CLASSIFY, params("batch_size", 1), samples(8.0 + 0.01 * (i % 5)))));
  }

  /**
   * {@code runs} medians around {@code level} (within 1%), then {@code after} more at {@code
   * factor} times it.
   */
  static double[] stepped(int runs, double level, int after, double factor) {
    double[] medians = new double[runs + after];
    for (int i = 0; i < medians.length; i++) {
      medians[i] = (i >= runs ? factor : 1.0) * level * (1 + 0.005 * ((i * 7) % 5 - 2));
    }
    return medians;
  }

  /** Three samples whose median is exactly {@code medianMs}. */
  private static long[] samples(double medianMs) {
    long median = Math.round(medianMs * 1e6);
    return new long[] {median - 10_000, median, median + 10_000};
  }
}
