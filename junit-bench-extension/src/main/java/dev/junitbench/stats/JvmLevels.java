package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Two separated levels among one side's JVM runs: some JVMs land far slower than the rest (a busy
 * neighbour, another JIT outcome), and a test of the mixture would both lose its power and call the
 * side's luck a change. The rule, on the sorted log medians of at least {@link #MIN_JVMS} JVMs: the
 * widest gap between neighbours splits them in two groups; they are two levels when that gap is at
 * least {@link #MIN_SEPARATION} (the slow group 25% slower) and at least {@link #SPREAD_MULTIPLE}
 * times the pooled standard deviation of the log medians within the two groups.
 *
 * @param jvms the JVM runs of the side
 * @param slow how many of them are on the slower level
 * @param separation the slower level's nearest median over the faster level's farthest, above 1
 * @param fasterMs the medians of the faster level, ms, ascending
 * @param slowerMs the medians of the slower level, ms, ascending
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record JvmLevels(
    int jvms, int slow, double separation, double[] fasterMs, double[] slowerMs) {

  /**
   * Fewest JVM runs whose levels are told apart: a spread within a group needs one group of two.
   */
  public static final int MIN_JVMS = 3;

  /** The least ratio between the two levels' nearest medians. */
  public static final double MIN_SEPARATION = 1.25;

  /** How many within-group standard deviations the gap must span. */
  public static final double SPREAD_MULTIPLE = 4;

  /**
   * Two levels among {@code mediansMs} (one per JVM run, ms, positive), or empty when there are
   * not.
   */
  public static Optional<JvmLevels> of(double[] mediansMs) {
    int n = mediansMs.length;
    if (n < MIN_JVMS) {
      return Optional.empty();
    }
    double[] logs = new double[n];
    for (int i = 0; i < n; i++) {
      if (!(mediansMs[i] > 0 && Double.isFinite(mediansMs[i]))) {
        return Optional.empty();
      }
      logs[i] = Math.log(mediansMs[i]);
    }
    Arrays.sort(logs);
    int split = 1;
    for (int i = 2; i < n; i++) {
      if (logs[i] - logs[i - 1] > logs[split] - logs[split - 1]) {
        split = i;
      }
    }
    double gap = logs[split] - logs[split - 1];
    if (gap < Math.log(MIN_SEPARATION)) {
      return Optional.empty();
    }
    double squares = squares(logs, 0, split) + squares(logs, split, n);
    double within = Math.sqrt(squares / (n - 2));
    if (gap < SPREAD_MULTIPLE * within) {
      return Optional.empty();
    }
    double[] sorted = mediansMs.clone();
    Arrays.sort(sorted);
    return Optional.of(
        new JvmLevels(
            n,
            n - split,
            Math.exp(gap),
            Arrays.copyOfRange(sorted, 0, split),
            Arrays.copyOfRange(sorted, split, n)));
  }

  private static double squares(double[] sorted, int from, int to) {
    double mean = 0;
    for (int i = from; i < to; i++) {
      mean += sorted[i];
    }
    mean /= to - from;
    double sum = 0;
    for (int i = from; i < to; i++) {
      sum += (sorted[i] - mean) * (sorted[i] - mean);
    }
    return sum;
  }

  /** The medians of the faster level, ms, ascending: a copy. */
  @Override
  public double[] fasterMs() {
    return fasterMs.clone();
  }

  /** The medians of the slower level, ms, ascending: a copy. */
  @Override
  public double[] slowerMs() {
    return slowerMs.clone();
  }

  /** {@code JVMs bimodal (3 of 9 slow, 68% apart)}. */
  public String describe() {
    return String.format(
        Locale.ROOT,
        "JVMs bimodal (%d of %d slow, %.0f%% apart)",
        slow,
        jvms,
        (separation - 1) * 100);
  }
}
