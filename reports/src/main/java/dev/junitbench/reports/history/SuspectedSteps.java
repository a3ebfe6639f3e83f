package dev.junitbench.reports.history;

import java.util.Arrays;

/**
 * Finds a step worse than the history in the newest runs of a series (oldest first), before
 * change-point detection can confirm it: the newest k runs (k at least 2) all lie beyond the
 * largest of the runs before them by a margin of {@link #NEAR_MARGIN} or {@link #FAR_MARGIN} noise
 * standard deviations.
 *
 * <p>Beyond the largest run rather than beyond a mean: between JVMs a scenario's timings can have
 * two levels (a slow mode of about 30% of runs, 70% slower), and a band around the usual level
 * would take every pair of slow runs for a step. The noise is the standard deviation of the
 * history's log values, or, where they fall into two groups (a slow mode, or an earlier step), the
 * pooled standard deviation within the groups, so that the gap between the modes does not widen the
 * margin. A history that never showed its slow mode cannot tell two slow runs from a step: the band
 * is drawn only from histories long enough that this stays rare ({@link #minHistory}), or, for a
 * step of 4 runs or more, from a shorter one that has shown its slow mode; a series too short for
 * the newest 2 is not judged. The constants were chosen by simulating checks of 63 step-free series
 * ({@code SuspectedStepCalibration} in the test sources prints the rates), so that such a check
 * shows a false step at most 5% of the time at every series length, under Gaussian noise and under
 * that bimodal noise.
 */
public final class SuspectedSteps {

  /**
   * Most runs the band is drawn from: the runs just before the step. 20 runs leave a slow mode of
   * 30% of runs unseen with a chance of 0.08%, and keep an old level from setting today's band.
   */
  static final int WINDOW = 20;

  /**
   * Fewest runs before the newest 2 for their band: with 18, a check of 63 step-free series whose
   * runs are 70% slower 30% of the time shows a false step in under 4% of checks (the chance that
   * 18 runs never showed the slow mode while the newest 2 both fell in it is 0.09 x 0.7^18 per
   * series); each run fewer multiplies that chance by 1 / 0.7.
   */
  static final int MIN_HISTORY_OF_TWO = 18;

  /**
   * Fewest runs before the newest 3: one more run of the step is worth about 3.4 runs of history
   * (0.3 = 0.7^3.4).
   */
  static final int MIN_HISTORY_OF_THREE = 14;

  /** Fewest runs before the newest 4 or more, when those runs fall into one group. */
  static final int MIN_HISTORY_OF_MORE = 10;

  /**
   * Fewest runs before the newest 4 or more when those runs fall into two groups: a history that
   * has shown its slow mode cannot hide it, and the newest runs beyond the slow mode are a step. So
   * a step four runs old is seen in a series of 11 runs whose history has a slow mode, where the
   * t-test of a change point is blind to it.
   */
  static final int MIN_HISTORY_SHOWN = 7;

  /**
   * Fewest runs to judge a series's newest runs: a step of 2 runs after {@link
   * #MIN_HISTORY_OF_TWO}.
   */
  public static final int MIN_RUNS = MIN_HISTORY_OF_TWO + 2;

  /**
   * Margin beyond the largest run, in noise sd, for a step of 2 or 3 runs: at 1.5 a check of 63
   * series with 3% Gaussian noise shows a false step in under 1% of checks, and a 20% step at that
   * noise is seen two runs after it in about 97% of series. A narrower margin lets single fast runs
   * of a bimodal history join a false step.
   */
  static final double NEAR_MARGIN = 1.5;

  /**
   * Margin for a step of 4 or more runs, which change-point detection confirms at Gaussian noise:
   * this test is then the backstop for a history with a slow mode, where the t-test's pooled
   * variance hides a large step, and a wider margin keeps the short histories it allows from adding
   * false steps.
   */
  static final double FAR_MARGIN = 3.0;

  /**
   * The history falls into two groups when splitting its sorted log values into a lower and an
   * upper part leaves at most this share of their sum of squares within the parts. Step-free
   * Gaussian histories of 7 runs do so about 1.5% of the time (of 20 runs, less than 0.1%);
   * histories that show a slow mode 70% slower at 3% noise almost always do.
   */
  static final double TWO_GROUPS = 0.05;

  /** Noise floor in log units: a constant history gets a finite, tiny margin instead of none. */
  static final double MIN_NOISE = 1e-6;

  /** The method in one line, for output that names it. */
  public static final String METHOD =
      "the newest k >= 2 runs all beyond the largest of the at most "
          + WINDOW
          + " runs before them by "
          + NEAR_MARGIN
          + " noise sd (k = 2 or 3) or "
          + FAR_MARGIN
          + " (k >= 4), the noise"
          + " taken within the two groups of a history with a slow mode; the band needs "
          + MIN_HISTORY_OF_TWO
          + " runs"
          + " before 2, "
          + MIN_HISTORY_OF_THREE
          + " before 3 and "
          + MIN_HISTORY_OF_MORE
          + " before more ("
          + MIN_HISTORY_SHOWN
          + " when they show a slow mode), so that a check of 63 step-free series shows a false step at most 5% of"
          + " the time under Gaussian noise and under noise with 30% of runs 70% slower (simulated)";

  private SuspectedSteps() {}

  /**
   * The step in the newest runs of {@code values} that lies beyond the band of the runs before it,
   * or null. When the newest k runs and the newest k' &gt; k runs both lie beyond their bands, the
   * longer step is reported: it started first.
   *
   * @param values one positive figure per run, oldest first
   * @param lowerIsBetter whether a smaller figure is better (a latency): the step looked for is
   *     upward, else downward
   * @throws IllegalArgumentException when a value is not a positive finite number
   */
  public static SuspectedStep detect(double[] values, boolean lowerIsBetter) {
    double[] logs = ChangePoints.logs(values);
    int n = logs.length;
    double[] worse = new double[n];
    for (int i = 0; i < n; i++) {
      worse[i] = lowerIsBetter ? logs[i] : -logs[i];
    }
    SuspectedStep found = null;
    double nearestToBand = Double.POSITIVE_INFINITY;
    for (int runs = 1; runs < n; runs++) {
      nearestToBand = Math.min(nearestToBand, worse[n - runs]);
      int history = Math.min(WINDOW, n - runs);
      if (runs < 2 || history < MIN_HISTORY_SHOWN) {
        continue;
      }
      int from = n - runs - history;
      int to = n - runs;
      double largest = Double.NEGATIVE_INFINITY;
      for (int i = from; i < to; i++) {
        largest = Math.max(largest, worse[i]);
      }
      if (nearestToBand <= largest) {
        continue;
      }
      Spread spread = spread(worse, from, to);
      if (history < minHistory(runs) && !(runs >= 4 && spread.twoGroups())) {
        continue;
      }
      double band = largest + margin(runs) * spread.sd();
      if (nearestToBand > band) {
        found = step(logs, from, to, lowerIsBetter ? band : -band);
      }
    }
    return found;
  }

  /**
   * Fewest runs before the newest {@code runs} runs that a band is drawn from, when they fall into
   * one group.
   */
  static int minHistory(int runs) {
    return switch (runs) {
      case 2 -> MIN_HISTORY_OF_TWO;
      case 3 -> MIN_HISTORY_OF_THREE;
      default -> MIN_HISTORY_OF_MORE;
    };
  }

  static double margin(int runs) {
    return runs <= 3 ? NEAR_MARGIN : FAR_MARGIN;
  }

  /**
   * The noise of {@code values[from, to)}: their sd, or the pooled sd within the lower and upper
   * part of the best split of their sorted values when that split leaves at most {@link
   * #TWO_GROUPS} of the sum of squares within.
   */
  static Spread spread(double[] values, int from, int to) {
    double[] sorted = Arrays.copyOfRange(values, from, to);
    Arrays.sort(sorted);
    int n = sorted.length;
    // Prefix sums about the smallest value, so that a constant history sums to exactly zero.
    double[] sums = new double[n + 1];
    double[] squares = new double[n + 1];
    for (int i = 0; i < n; i++) {
      double centred = sorted[i] - sorted[0];
      sums[i + 1] = sums[i] + centred;
      squares[i + 1] = squares[i] + centred * centred;
    }
    double total = Math.max(0, squares[n] - sums[n] * sums[n] / n);
    double within = total;
    for (int split = 1; split < n; split++) {
      double lower = sums[split];
      double upper = sums[n] - lower;
      double inside =
          squares[split]
              - lower * lower / split
              + squares[n]
              - squares[split]
              - upper * upper / (n - split);
      within = Math.min(within, Math.max(0, inside));
    }
    boolean twoGroups = total > 0 && within <= TWO_GROUPS * total;
    double sd = twoGroups ? Math.sqrt(within / (n - 2)) : Math.sqrt(total / (n - 1));
    return new Spread(Math.max(sd, MIN_NOISE), twoGroups);
  }

  /** The noise sd of a history, and whether its values fell into two groups. */
  record Spread(double sd, boolean twoGroups) {}

  private static SuspectedStep step(double[] logs, int from, int to, double band) {
    double[] history = Arrays.copyOfRange(logs, from, to);
    Arrays.sort(history);
    int half = history.length / 2;
    double median =
        history.length % 2 == 1 ? history[half] : (history[half - 1] + history[half]) / 2;
    double sum = 0;
    for (int i = to; i < logs.length; i++) {
      sum += logs[i];
    }
    double after = sum / (logs.length - to);
    return new SuspectedStep(
        to,
        logs.length - to,
        Math.exp(median),
        Math.exp(after),
        Math.expm1(after - median),
        Math.exp(band),
        to - from);
  }
}
