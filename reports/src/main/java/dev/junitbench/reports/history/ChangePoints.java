package dev.junitbench.reports.history;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;

/**
 * Finds where a series of runs (oldest first) moved to another level: the points where a regression
 * or an improvement began, judged on the whole history rather than one run against one baseline.
 *
 * <p>The series is taken as logarithms, so a change is a ratio whatever the unit. Each run is first
 * clipped to within {@link #CLIP} noise standard deviations of the median of its five-run
 * neighbourhood, so that one wild run cannot pose as a level. A segment is then searched for the
 * split with the largest two-sample t statistic between the (at most {@link #WINDOW}) runs just
 * before and just after it; if that largest statistic is rarer than {@link #MAX_P_VALUE} among
 * simulated step-free series of the segment's length ({@link NullDistribution}), the split is a
 * change point and both sides are searched again, until no segment holds a significant split.
 */
public final class ChangePoints {

  // The tunables. NullDistribution's table was simulated for exactly these values of MIN_SEGMENT,
  // WINDOW and CLIP:
  // changing one of them means running ChangePointCalibration again and pasting its table.

  /**
   * Fewest runs on each side of a split. Four lets a 10% step at 3% noise be reported four runs
   * after it happened, while a segment of fewer runs has too few degrees of freedom for its
   * variance to mean much.
   */
  static final int MIN_SEGMENT = 4;

  /**
   * Shortest series searched: one split with {@link #MIN_SEGMENT} runs on each side; shorter ones
   * get none.
   */
  public static final int MIN_RUNS = 2 * MIN_SEGMENT;

  /**
   * Most runs compared on each side of a split. 40 is enough for a 5% step at 3% noise to stand
   * seven standard errors out, and keeps the levels of a long history's distant past from diluting
   * a recent change; a series of up to 44 runs is compared whole at every split.
   */
  static final int WINDOW = 40;

  /**
   * How far (in noise standard deviations) a run may lie from the median of its five-run
   * neighbourhood before it is pulled in. At 3 a step-free Gaussian series is hardly changed (about
   * 0.5% of runs are touched, and the power to find a step is the same as without clipping), and a
   * step is left whole, since the median of five runs changes level at the very run where a step
   * starts. Clipping harder costs power; replacing a wild run by the median instead of clipping it
   * makes the statistic's tail heavier and costs more.
   */
  static final double CLIP = 3.0;

  /**
   * The largest calibrated p-value reported: a step-free series gets a false change point with at
   * most this probability, the best split having been picked already (see {@link
   * NullDistribution}).
   */
  static final double MAX_P_VALUE = 0.01;

  /**
   * Noise floor in log units (0.0001%): a series without noise, such as a constant one or a clean
   * step between two constants, gets a finite statistic instead of a division by zero.
   */
  static final double MIN_NOISE = 1e-6;

  /** The method in one line, for output that names it. */
  public static final String METHOD =
      "a two-sample t-test on the log values of at most "
          + WINDOW
          + " runs each side of"
          + " every split, the best split kept when its p-value, calibrated by simulating step-free series of the same"
          + " length, is at most "
          + MAX_P_VALUE
          + " (binary segmentation; at least "
          + MIN_SEGMENT
          + " runs a side)";

  /**
   * Median of |X - Y| for X, Y independent normal with standard deviation 1: turns the noise
   * estimate into an sd.
   */
  private static final double MEDIAN_ABS_DIFFERENCE = 0.6744897501960817 * Math.sqrt(2);

  private ChangePoints() {}

  /**
   * The change points of {@code values}, oldest first; none when the series is shorter than {@link
   * #MIN_RUNS}. A series without any change gets one with a probability of about {@link
   * #MAX_P_VALUE}, whatever its length.
   *
   * @param values one positive figure per run (e.g. its median latency), oldest first
   * @throws IllegalArgumentException when a value is not a positive finite number
   */
  public static List<ChangePoint> detect(double[] values) {
    double[] logs = logs(values);
    if (logs.length < MIN_RUNS) {
      return List.of();
    }
    Series series = new Series(clipped(logs));
    List<Split> splits = new ArrayList<>();
    Deque<Segment> segments = new ArrayDeque<>();
    segments.push(new Segment(0, logs.length));
    while (!segments.isEmpty()) {
      Segment segment = segments.pop();
      int length = segment.to() - segment.from();
      if (length < MIN_RUNS) {
        continue;
      }
      Candidate best = series.bestSplit(segment.from(), segment.to());
      double pValue = NullDistribution.pValue(best.statistic(), length);
      if (pValue <= MAX_P_VALUE) {
        splits.add(new Split(best.index(), best.statistic(), pValue));
        segments.push(new Segment(segment.from(), best.index()));
        segments.push(new Segment(best.index(), segment.to()));
      }
    }
    splits.sort(Comparator.comparingInt(Split::index));
    List<ChangePoint> changePoints = new ArrayList<>(splits.size());
    for (int i = 0; i < splits.size(); i++) {
      Split split = splits.get(i);
      int from = i == 0 ? 0 : splits.get(i - 1).index();
      int to = i == splits.size() - 1 ? logs.length : splits.get(i + 1).index();
      double before = series.meanLog(from, split.index());
      double after = series.meanLog(split.index(), to);
      changePoints.add(
          new ChangePoint(
              split.index(),
              Math.exp(before),
              Math.exp(after),
              Math.expm1(after - before),
              split.statistic(),
              split.pValue()));
    }
    return List.copyOf(changePoints);
  }

  /**
   * The logarithms of {@code values}.
   *
   * @throws IllegalArgumentException when a value is not a positive finite number, naming its run
   */
  static double[] logs(double[] values) {
    double[] logs = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      double value = values[i];
      if (!(value > 0) || Double.isInfinite(value)) {
        throw new IllegalArgumentException(
            "run " + i + " has " + value + ": values must be positive and finite");
      }
      logs[i] = Math.log(value);
    }
    return logs;
  }

  /**
   * The largest statistic over all splits of a whole series of log values: what {@link #detect}
   * compares with the table first, and what the calibration simulates.
   */
  static double largestStatistic(double[] logs) {
    return new Series(clipped(logs)).bestSplit(0, logs.length).statistic();
  }

  /**
   * The logs with each value pulled to within {@link #CLIP} noise sd of the median of the five
   * values around it. The noise sd comes from the median absolute difference of neighbours, which
   * neither a few steps nor a few outliers move.
   */
  static double[] clipped(double[] logs) {
    int n = logs.length;
    if (n < 3) {
      return logs.clone();
    }
    double[] differences = new double[n - 1];
    for (int i = 0; i + 1 < n; i++) {
      differences[i] = Math.abs(logs[i + 1] - logs[i]);
    }
    double band = CLIP * median(differences, differences.length) / MEDIAN_ABS_DIFFERENCE;
    double[] clipped = new double[n];
    double[] neighbourhood = new double[5];
    for (int i = 0; i < n; i++) {
      int from = Math.max(0, i - 2);
      int to = Math.min(n, i + 3);
      System.arraycopy(logs, from, neighbourhood, 0, to - from);
      double median = median(neighbourhood, to - from);
      clipped[i] = Math.max(median - band, Math.min(median + band, logs[i]));
    }
    return clipped;
  }

  /** The median of the first {@code length} values; sorts them in place. */
  private static double median(double[] values, int length) {
    Arrays.sort(values, 0, length);
    int half = length / 2;
    return length % 2 == 1 ? values[half] : (values[half - 1] + values[half]) / 2;
  }

  /** Runs {@code from} (inclusive) to {@code to} (exclusive), still to be searched. */
  private record Segment(int from, int to) {}

  /** The best split of a segment: the first run of the would-be new level and its statistic. */
  private record Candidate(int index, double statistic) {}

  /** A split found significant, with its calibrated p-value. */
  private record Split(int index, double statistic, double pValue) {}

  /**
   * Prefix sums of the clipped logs, taken about the first one so that a constant series sums to
   * exactly zero.
   */
  private static final class Series {

    private final double origin;
    private final double[] sums;
    private final double[] squares;

    Series(double[] levels) {
      origin = levels[0];
      sums = new double[levels.length + 1];
      squares = new double[levels.length + 1];
      for (int i = 0; i < levels.length; i++) {
        double centred = levels[i] - origin;
        sums[i + 1] = sums[i] + centred;
        squares[i + 1] = squares[i] + centred * centred;
      }
    }

    double meanLog(int from, int to) {
      return origin + (sums[to] - sums[from]) / (to - from);
    }

    /**
     * The split of {@code [from, to)} with the largest |t|, each side limited to the {@link
     * #WINDOW} runs next to the split and the variance pooled over both sides.
     */
    Candidate bestSplit(int from, int to) {
      int bestIndex = from + MIN_SEGMENT;
      double bestStatistic = 0;
      for (int k = from + MIN_SEGMENT; k <= to - MIN_SEGMENT; k++) {
        int start = Math.max(from, k - WINDOW);
        int end = Math.min(to, k + WINDOW);
        int left = k - start;
        int right = end - k;
        double leftSum = sums[k] - sums[start];
        double rightSum = sums[end] - sums[k];
        double leftMean = leftSum / left;
        double rightMean = rightSum / right;
        // Each side's sum of squared deviations; rounding can take a zero one a hair below zero.
        double deviations =
            Math.max(0, squares[k] - squares[start] - leftSum * leftMean)
                + Math.max(0, squares[end] - squares[k] - rightSum * rightMean);
        double variance = Math.max(deviations / (left + right - 2), MIN_NOISE * MIN_NOISE);
        double statistic =
            Math.abs(rightMean - leftMean) / Math.sqrt(variance * (1.0 / left + 1.0 / right));
        if (statistic > bestStatistic) {
          bestStatistic = statistic;
          bestIndex = k;
        }
      }
      return new Candidate(bestIndex, bestStatistic);
    }
  }
}
