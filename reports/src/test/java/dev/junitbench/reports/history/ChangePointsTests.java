package dev.junitbench.reports.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.junitbench.stats.StudentT;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The detector on simulated histories with 3% noise (Gaussian, sd 3% of the level). Rates are
 * measured over a fixed number of seeded series and printed, so the figures in
 * docs/design/change-points.adoc can be checked against a run.
 */
@DisplayName("history check: change points of a series of runs")
class ChangePointsTests {

  private static final int TRIALS = 2_000;
  private static final double NOISE = 0.03;
  private static final int RUNS = 50;

  // Steps are placed uniformly at runs 10..40 of 50: every step then has at least ten runs on each
  // side, so what is
  // measured is the detector rather than a history too short to show the step at all.
  private static final int FIRST_STEP = 10;
  private static final int LAST_STEP = 40;

  // A 5% step in 3% noise is 1.6 noise sd: with ten runs on one side its t statistic (about 4.6) is
  // near the 1% cut-off
  // (3.7), and about one such step in six is missed or misplaced. From 15 runs on each side (t
  // above 5.3) the step is
  // nearly always seen, and what is measured is how well it is placed: runs 15..35.
  private static final int FIRST_MIDDLE_STEP = 15;
  private static final int LAST_MIDDLE_STEP = 35;

  @Test
  @DisplayName("a 10% step is found within one run of where it happened")
  void tenPercentStep() {
    double rate = locatedRate(0.10, 1, FIRST_STEP, LAST_STEP, 1);
    report(
        "10%% step at runs %d..%d of %d, found within +-1 run: %.1f%%",
        FIRST_STEP, LAST_STEP, RUNS, 100 * rate);
    assertThat(rate).isGreaterThanOrEqualTo(0.95);
  }

  @Test
  @DisplayName("a 5% step is found within four runs of where it happened")
  void fivePercentStep() {
    double middle = locatedRate(0.05, 4, FIRST_MIDDLE_STEP, LAST_MIDDLE_STEP, 2);
    double wide = locatedRate(0.05, 4, FIRST_STEP, LAST_STEP, 12);
    report(
        "5%% step at runs %d..%d of %d, found within +-4 runs: %.1f%%; at runs %d..%d: %.1f%%",
        FIRST_MIDDLE_STEP, LAST_MIDDLE_STEP, RUNS, 100 * middle, FIRST_STEP, LAST_STEP, 100 * wide);
    assertThat(middle).isGreaterThanOrEqualTo(0.90);
    // Even knowing there is exactly one step, the least-squares split lies within four runs of a
    // step at 10..40 in
    // only about 94% of these series; a test held to 1% false alarms finds about 96% of the steps.
    assertThat(wide).isGreaterThanOrEqualTo(0.87);
  }

  @Test
  @DisplayName("a fresh 10% regression is found once four runs show it")
  void freshRegression() {
    SplittableRandom random = new SplittableRandom(11);
    int found = 0;
    int start = RUNS - ChangePoints.MIN_SEGMENT;
    for (int trial = 0; trial < TRIALS; trial++) {
      List<ChangePoint> points =
          ChangePoints.detect(series(random, RUNS, run -> run >= start ? 1.10 : 1.0));
      if (points.stream()
          .anyMatch(point -> Math.abs(point.index() - start) <= 1 && point.change() > 0)) {
        found++;
      }
    }
    double rate = (double) found / TRIALS;
    report("10%% step in the last 4 of %d runs, found within +-1 run: %.1f%%", RUNS, 100 * rate);
    assertThat(rate).isGreaterThanOrEqualTo(0.90);
  }

  @Test
  @DisplayName("step-free series of 50 runs get a false change point in at most 1% of series")
  void stepFree50() {
    double rate = falseAlarmRate(RUNS, TRIALS, 3);
    report("step-free %d runs, series with any change point: %.2f%%", RUNS, 100 * rate);
    assertThat(rate).isLessThanOrEqualTo(0.01);
  }

  @Test
  @DisplayName("step-free series of 1,000 runs get a false change point in about 1% of series")
  void stepFree1000() {
    double rate = falseAlarmRate(1_000, TRIALS, 4);
    report("step-free 1000 runs, series with any change point: %.2f%%", 100 * rate);
    // The cut-off is the simulated 1% point; 2,000 series measure a 1% rate to +-0.22% (one
    // standard error).
    assertThat(rate).isLessThanOrEqualTo(0.015);
  }

  @Test
  @DisplayName(
      "a textbook p < 0.01 at the best split would flag far more than 1% of step-free series")
  void bestSplitNeedsCalibration() {
    SplittableRandom random = new SplittableRandom(5);
    double textbook = StudentT.quantile(1 - 0.01 / 2, RUNS - 2);
    int flagged = 0;
    for (int trial = 0; trial < TRIALS; trial++) {
      double[] logs = new double[RUNS];
      for (int run = 0; run < RUNS; run++) {
        logs[run] = NOISE * random.nextGaussian();
      }
      if (ChangePoints.largestStatistic(logs) > textbook) {
        flagged++;
      }
    }
    double rate = (double) flagged / TRIALS;
    report("step-free %d runs, best split's textbook p < 0.01: %.1f%%", RUNS, 100 * rate);
    assertThat(rate).isGreaterThan(0.10);
  }

  @Test
  @DisplayName("a +10% step and the -10% step back are both found")
  void twoSteps() {
    SplittableRandom random = new SplittableRandom(6);
    int found = 0;
    int more = 0;
    int trials = 1_000;
    for (int trial = 0; trial < trials; trial++) {
      List<ChangePoint> points =
          ChangePoints.detect(series(random, 100, run -> run >= 30 && run < 70 ? 1.10 : 1.0));
      boolean up =
          points.stream()
              .anyMatch(point -> Math.abs(point.index() - 30) <= 1 && point.change() > 0);
      boolean down =
          points.stream()
              .anyMatch(point -> Math.abs(point.index() - 70) <= 1 && point.change() < 0);
      if (up && down) {
        found++;
      }
      if (points.size() > 2) {
        more++;
      }
    }
    double rate = (double) found / trials;
    double moreRate = (double) more / trials;
    report(
        "+10%% at 30 and back at 70 of 100 runs, both found within +-1: %.1f%%; series with a third change point:"
            + " %.1f%%",
        100 * rate, 100 * moreRate);
    assertThat(rate).isGreaterThanOrEqualTo(0.95);
    // Each of the three segments is searched again at the 1% level.
    assertThat(moreRate).isLessThanOrEqualTo(0.05);
  }

  @Test
  @DisplayName("an improvement is reported with a negative change")
  void improvement() {
    List<ChangePoint> points =
        ChangePoints.detect(series(new SplittableRandom(7), RUNS, run -> run >= 25 ? 0.9 : 1.0));

    assertThat(points).hasSize(1);
    ChangePoint point = points.get(0);
    assertThat(point.index()).isBetween(24, 26);
    assertThat(point.change()).isCloseTo(-0.10, within(0.02));
    assertThat(point.after()).isLessThan(point.before());
  }

  @Test
  @DisplayName("one run 30% slower in a flat series is not a change point, wherever it is")
  void singleOutlier() {
    double[] values = series(new SplittableRandom(8), RUNS, run -> 1.0);
    values[25] *= 1.3;
    assertThat(ChangePoints.detect(values)).isEmpty();

    SplittableRandom random = new SplittableRandom(9);
    int anywhere = 0;
    for (int trial = 0; trial < TRIALS; trial++) {
      double[] series = series(random, RUNS, run -> 1.0);
      series[random.nextInt(RUNS)] *= 1.3;
      if (!ChangePoints.detect(series).isEmpty()) {
        anywhere++;
      }
    }
    int nearEnd = 0;
    for (int trial = 0; trial < TRIALS; trial++) {
      double[] series = series(random, RUNS, run -> 1.0);
      int position = random.nextInt(2 * ChangePoints.MIN_SEGMENT);
      series[
              position < ChangePoints.MIN_SEGMENT
                  ? position
                  : RUNS - 1 - position + ChangePoints.MIN_SEGMENT] *=
          1.3;
      if (!ChangePoints.detect(series).isEmpty()) {
        nearEnd++;
      }
    }
    double rate = (double) anywhere / TRIALS;
    double nearEndRate = (double) nearEnd / TRIALS;
    report(
        "one +30%% run at a random place in %d runs, series with any change point: %.2f%%; in the first or last 4"
            + " runs: %.2f%%",
        RUNS, 100 * rate, 100 * nearEndRate);
    // A step-free series has about 1%. In the first or last four runs the outlier, clipped to 3
    // noise sd, still lifts
    // the mean of a four-run segment by 0.75 sd, which the best split sometimes takes for a level.
    assertThat(rate).isLessThanOrEqualTo(0.02);
    assertThat(nearEndRate).isLessThanOrEqualTo(0.05);
  }

  @Test
  @DisplayName("constant series, and series too short to judge, have no change points")
  void constantAndShort() {
    double[] constant = new double[RUNS];
    Arrays.fill(constant, 12.5);
    assertThat(ChangePoints.detect(constant)).isEmpty();

    double[] tooShort = {1, 1, 1, 5, 5, 5, 5};
    assertThat(tooShort).hasSize(ChangePoints.MIN_RUNS - 1);
    assertThat(ChangePoints.detect(tooShort)).isEmpty();
    assertThat(ChangePoints.detect(new double[0])).isEmpty();

    double[] shortest = {1.00, 1.01, 0.99, 1.00, 2.00, 2.02, 1.98, 2.01};
    assertThat(ChangePoints.detect(shortest)).extracting(ChangePoint::index).containsExactly(4);
  }

  @Test
  @DisplayName("a clean step between two constants has finite figures")
  void stepWithoutNoise() {
    double[] values = new double[40];
    for (int run = 0; run < values.length; run++) {
      values[run] = run < 20 ? 10.0 : 11.0;
    }
    List<ChangePoint> points = ChangePoints.detect(values);

    assertThat(points).hasSize(1);
    ChangePoint point = points.get(0);
    assertThat(point.index()).isEqualTo(20);
    assertThat(point.change()).isCloseTo(0.10, within(1e-12));
    assertThat(point.statistic()).isFinite();
    assertThat(point.pValue()).isFinite().isPositive().isLessThan(0.001);
  }

  @Test
  @DisplayName("index, levels, change and p-value of a hand-made series")
  void handMade() {
    SplittableRandom random = new SplittableRandom(10);
    double[] values = new double[40];
    for (int run = 0; run < values.length; run++) {
      values[run] = (run < 20 ? 10.0 : 11.0) * (1 + 0.001 * random.nextGaussian());
    }
    List<ChangePoint> points = ChangePoints.detect(values);

    assertThat(points).hasSize(1);
    ChangePoint point = points.get(0);
    assertThat(point.index()).isEqualTo(20);
    assertThat(point.before()).isCloseTo(10.0, within(0.01));
    assertThat(point.after()).isCloseTo(11.0, within(0.01));
    assertThat(point.change())
        .isCloseTo(0.10, within(0.002))
        .isCloseTo(point.after() / point.before() - 1, within(1e-12));
    assertThat(point.statistic())
        .isGreaterThan(NullDistribution.quantile(40, NullDistribution.P.length - 1));
    assertThat(point.pValue()).isPositive().isLessThan(0.001);
  }

  @Test
  @DisplayName("the p-value is the table's at its quantiles and falls as the statistic grows")
  void pValueFromTheTable() {
    for (int column = 0; column < NullDistribution.P.length; column++) {
      assertThat(NullDistribution.pValue(NullDistribution.quantile(50, column), 50))
          .isCloseTo(NullDistribution.P[column], within(1e-9));
    }
    double previous = 1;
    for (double statistic = 0; statistic < 40; statistic += 0.05) {
      double pValue = NullDistribution.pValue(statistic, 333);
      assertThat(pValue).isBetween(NullDistribution.MIN_P_VALUE, previous);
      previous = pValue;
    }
    assertThat(NullDistribution.pValue(0, 8)).isEqualTo(1.0);
    assertThat(NullDistribution.pValue(1e300, 100_000)).isEqualTo(NullDistribution.MIN_P_VALUE);
  }

  @Test
  @DisplayName("values that are not positive and finite are refused")
  void refusesNonPositive() {
    assertThatThrownBy(() -> ChangePoints.detect(new double[] {1, 2, 0, 1, 1, 1, 1, 1}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("run 2");
    assertThatThrownBy(() -> ChangePoints.detect(new double[] {1, Double.NaN}))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ChangePoints.detect(new double[] {Double.POSITIVE_INFINITY}))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /**
   * The share of {@link #TRIALS} series of {@link #RUNS} runs with an upward step of {@code step}
   * at a uniform place in {@code first..last} where a change point of the step's sign lies within
   * {@code tolerance} runs of it.
   */
  private static double locatedRate(double step, int tolerance, int first, int last, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int located = 0;
    for (int trial = 0; trial < TRIALS; trial++) {
      int at = first + random.nextInt(last - first + 1);
      List<ChangePoint> points =
          ChangePoints.detect(series(random, RUNS, run -> run >= at ? 1 + step : 1.0));
      if (points.stream()
          .anyMatch(point -> Math.abs(point.index() - at) <= tolerance && point.change() > 0)) {
        located++;
      }
    }
    return (double) located / TRIALS;
  }

  private static double falseAlarmRate(int runs, int trials, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int alarms = 0;
    for (int trial = 0; trial < trials; trial++) {
      if (!ChangePoints.detect(series(random, runs, run -> 1.0)).isEmpty()) {
        alarms++;
      }
    }
    return (double) alarms / trials;
  }

  /** A series of {@code runs} runs at {@code level(run)} times 1 + 3% Gaussian noise. */
  private static double[] series(SplittableRandom random, int runs, IntToDoubleFunction level) {
    double[] values = new double[runs];
    for (int run = 0; run < runs; run++) {
      values[run] = level.applyAsDouble(run) * (1 + NOISE * random.nextGaussian());
    }
    return values;
  }

  private static void report(String format, Object... args) {
    System.out.println("[change points] " + String.format(Locale.ROOT, format, args));
  }
}
