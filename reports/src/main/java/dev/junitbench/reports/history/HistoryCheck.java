package dev.junitbench.reports.history;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * {@code history check}: each series (one scenario on one host) searched for change points and for
 * a step in its newest runs too young to be one, and a verdict: a regression when the newest of
 * them moved the figure the wrong way by more than the threshold. A shift in the series, not one
 * noisy run against one baseline.
 */
public final class HistoryCheck {

  /** The figure a series is judged on. */
  public enum Metric {
    /** The median latency: lower is better. */
    MEDIAN("median latency", true, Series.Point::medianMs),
    /** The 99th percentile: lower is better. */
    P99("p99 latency", true, Series.Point::p99Ms),
    /** The throughput: higher is better. */
    THROUGHPUT("throughput", false, Series.Point::throughput);

    private final String title;
    private final boolean lowerIsBetter;
    private final Function<Series.Point, Double> value;

    Metric(String title, boolean lowerIsBetter, Function<Series.Point, Double> value) {
      this.title = title;
      this.lowerIsBetter = lowerIsBetter;
      this.value = value;
    }

    /** How the figure is named in output. */
    public String title() {
      return title;
    }

    /** Whether a smaller value is better. */
    public boolean lowerIsBetter() {
      return lowerIsBetter;
    }
  }

  /**
   * One change point, placed on its run.
   *
   * @param point the first run of the new level
   * @param runs how many runs the series had then (the point's index, counted from 1, is {@code
   *     index + 1})
   * @param index the point's index in the series
   * @param change the relative change of the level (after / before - 1) in the figure judged
   * @param before the level before (geometric mean of the segment)
   * @param after the level after
   * @param pValue the calibrated significance
   * @param worse whether it moved the figure the wrong way
   */
  public record Shift(
      Series.Point point,
      int runs,
      int index,
      double change,
      double before,
      double after,
      double pValue,
      boolean worse) {}

  /** What a series regressed at. */
  public enum Regression {
    /** Neither its newest change point nor a suspected step is a regression. */
    NONE,
    /** Its newest change point. */
    CHANGE_POINT,
    /** A suspected step in its newest runs, newer than any change point. */
    SUSPECTED_STEP
  }

  /**
   * A step in the newest runs that change-point detection cannot confirm yet, placed on its first
   * run.
   *
   * @param point the first run of the step
   * @param step the step as {@link SuspectedSteps#detect} found it (its levels in the figure
   *     judged)
   */
  public record Suspected(Series.Point point, SuspectedStep step) {}

  /**
   * A series and what was found in it.
   *
   * @param series the series
   * @param runs the runs that had the figure
   * @param shifts its change points, oldest first
   * @param suspected a step in its newest runs that no change point confirms yet, or null
   * @param regression what it regressed at: its newest change point or its suspected step made the
   *     figure worse by more than the threshold (and is recent enough), or neither
   */
  public record Finding(
      Series series, int runs, List<Shift> shifts, Suspected suspected, Regression regression) {

    /** Whether the series regressed. */
    public boolean regressed() {
      return regression != Regression.NONE;
    }

    /** The newest change point, or null. */
    public Shift newest() {
      return shifts.isEmpty() ? null : shifts.get(shifts.size() - 1);
    }

    /**
     * Whether the series was judged: it has the runs to judge its newest ones ({@link
     * SuspectedSteps#MIN_RUNS}), or a regression was found in the runs it has. A series that is
     * neither is NOT JUDGED, never counted as ok.
     */
    public boolean judged() {
      return runs >= SuspectedSteps.MIN_RUNS || regressed();
    }
  }

  private HistoryCheck() {}

  /**
   * Judges every series on {@code metric}: a regression is a newest change point, or a suspected
   * step in the newest runs, that made the figure worse by more than {@code threshold} (a relative
   * change, 0.05 for 5%).
   */
  public static List<Finding> check(List<Series> all, Metric metric, double threshold) {
    return check(all, metric, threshold, Integer.MAX_VALUE);
  }

  /**
   * The same, counting a newest change point or a suspected step as a regression only when its
   * first run lies among the newest {@code within} runs of its series: a check after every push
   * then fails the pushes that show a new slowdown, not every push after one that was accepted.
   */
  public static List<Finding> check(List<Series> all, Metric metric, double threshold, int within) {
    List<Finding> findings = new ArrayList<>(all.size());
    for (Series series : all) {
      List<Series.Point> points = new ArrayList<>(series.points().size());
      for (Series.Point point : series.points()) {
        Double value = metric.value.apply(point);
        if (value != null && value > 0 && Double.isFinite(value)) {
          points.add(point);
        }
      }
      double[] values = new double[points.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = metric.value.apply(points.get(i));
      }
      List<Shift> shifts = new ArrayList<>();
      for (ChangePoint found : ChangePoints.detect(values)) {
        boolean worse = metric.lowerIsBetter ? found.change() > 0 : found.change() < 0;
        shifts.add(
            new Shift(
                points.get(found.index()),
                values.length,
                found.index(),
                found.change(),
                found.before(),
                found.after(),
                found.pValue(),
                worse));
      }
      Shift newest = shifts.isEmpty() ? null : shifts.get(shifts.size() - 1);
      SuspectedStep step = SuspectedSteps.detect(values, metric.lowerIsBetter);
      // A change point at the step's first run, or one run off as a change point can be, has
      // confirmed it.
      Suspected suspected =
          step == null || (newest != null && newest.index() >= step.index() - 1)
              ? null
              : new Suspected(points.get(step.index()), step);
      Regression regression = Regression.NONE;
      if (suspected != null && Math.abs(step.change()) > threshold && step.runs() <= within) {
        regression = Regression.SUSPECTED_STEP;
      } else if (newest != null
          && newest.worse()
          && Math.abs(newest.change()) > threshold
          && values.length - newest.index() <= within) {
        regression = Regression.CHANGE_POINT;
      }
      findings.add(new Finding(series, values.length, List.copyOf(shifts), suspected, regression));
    }
    return findings;
  }

  /** The relative change as text: {@code +12.3%}. */
  static String percent(double change) {
    return String.format(Locale.ROOT, "%+.1f%%", change * 100);
  }
}
