package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Arrays;
import org.apiguardian.api.API;

/**
 * A scenario's latency now against its baseline: the ratio of medians (current / baseline) with its
 * 95% confidence interval ({@link MedianRatio}), a two-sided p-value, and the verdict of a {@link
 * RegressionRule}. From raw samples the p-value is the Mann-Whitney U test's; from summaries alone
 * (a run without samples.csv) it is a Wald test of the log ratio with the interval's standard
 * error; between runs measured in several JVMs it is Welch's t-test of the log fork medians, the
 * prediction interval of one side's JVM from the other side's spread, or the test of two levels
 * ({@link JvmRuns} picks), and the ratio is that of their geometric means.
 *
 * @param verdict regressed, improved, unchanged (latency: lower is better) or not judged
 * @param ratio current median / baseline median, or null when a median is not positive
 * @param ci95Low lower bound of the ratio's 95% interval, or null with fewer than 6 samples (2
 *     forks) a side
 * @param ci95High upper bound, or null likewise
 * @param pValue two-sided p-value, or null when no test was possible
 * @param test {@code mann-whitney-u}, {@code mann-whitney-u-exact}, {@code wald-log-median-ratio},
 *     {@code welch-t-log-fork-medians}, {@code t-prediction-log-jvm-medians}, {@code
 *     t-alike-jvms-fork-spread}, {@code student-t-log-jvm-levels} or {@code none} (not judged)
 * @param baselineMedianMs the baseline's median latency, ms (between JVMs: the geometric mean of
 *     its JVM medians)
 * @param currentMedianMs the current median latency, ms (between JVMs likewise)
 * @param baselineCount samples of the baseline; forks for Welch, JVMs for the tests between JVM
 *     runs ({@link #countUnit()})
 * @param currentCount samples now; forks for Welch likewise
 * @param note why a figure is missing or the verdict could not be called, or null
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Comparison(
    Verdict verdict,
    Double ratio,
    Double ci95Low,
    Double ci95High,
    Double pValue,
    String test,
    double baselineMedianMs,
    double currentMedianMs,
    long baselineCount,
    long currentCount,
    String note) {

  /** The test of raw samples. */
  public static final String MANN_WHITNEY = "mann-whitney-u";

  /** The test of raw samples, exact distribution. */
  public static final String MANN_WHITNEY_EXACT = "mann-whitney-u-exact";

  /** The test of summaries: z = ln(ratio) / standard error. */
  public static final String WALD = "wald-log-median-ratio";

  /** The test of runs in several JVMs: Welch's t on the log fork medians. */
  public static final String WELCH = "welch-t-log-fork-medians";

  /**
   * The test of a side measured in one JVM (or two) against the spread of the other side's fork
   * medians: the prediction interval those forks give for one more JVM run.
   */
  public static final String PREDICTION = "t-prediction-log-jvm-medians";

  /**
   * The test of a change beyond both levels of JVMs that fell on two: Student's t of one level of
   * each side, the spread pooled within every level ({@link JvmRuns}).
   */
  public static final String LEVELS = "student-t-log-jvm-levels";

  /**
   * The test of two runs' measurements in their JUnit JVMs, made alike, against the spread between
   * JVMs that one run's forks show ({@link JvmRuns#compareAlike}).
   */
  public static final String ALIKE = "t-alike-jvms-fork-spread";

  /** No test: the scenario was not judged ({@link Verdict#NOT_JUDGED}). */
  public static final String NONE = "none";

  private static final double NS_PER_MS = 1e6;

  /**
   * Compares the first {@code n1} latencies (ns) of {@code baselineNs} with the first {@code n2} of
   * {@code currentNs}; neither array is modified.
   */
  public static Comparison ofSamples(
      long[] baselineNs, int n1, long[] currentNs, int n2, RegressionRule rule) {
    long[] base = Arrays.copyOf(baselineNs, n1);
    long[] now = Arrays.copyOf(currentNs, n2);
    Arrays.sort(base);
    Arrays.sort(now);
    MannWhitney test = MannWhitney.test(base, n1, now, n2);
    double baseMedian = Percentiles.type7(base, n1, 0.5);
    double nowMedian = Percentiles.type7(now, n2, 0.5);
    String name = test.exact() ? MANN_WHITNEY_EXACT : MANN_WHITNEY;
    if (!(baseMedian > 0 && nowMedian > 0)) {
      return unrateable(test.pValue(), name, baseMedian / NS_PER_MS, nowMedian / NS_PER_MS, n1, n2);
    }
    double ratio = nowMedian / baseMedian;
    MedianRatio interval = null;
    String note = null;
    if (Math.min(n1, n2) < MedianInterval.MIN_COUNT) {
      note = "fewer than " + MedianInterval.MIN_COUNT + " samples on a side: no interval";
    } else {
      MedianRatio.Side baseSide = MedianRatio.Side.ofSorted(base, n1);
      MedianRatio.Side nowSide = MedianRatio.Side.ofSorted(now, n2);
      if (baseSide.ci95Low() > 0 && nowSide.ci95Low() > 0) {
        interval = MedianRatio.of(baseSide, nowSide);
      } else {
        note =
            "a latency of 0 ns (a body faster than the clock's resolution) leaves the interval undefined";
      }
    }
    return new Comparison(
        rule.latencyVerdict(ratio, test.pValue()),
        ratio,
        interval == null ? null : interval.ci95Low(),
        interval == null ? null : interval.ci95High(),
        test.pValue(),
        name,
        baseMedian / NS_PER_MS,
        nowMedian / NS_PER_MS,
        n1,
        n2,
        note);
  }

  /**
   * Compares two summaries when raw samples are missing on a side: the ratio and its interval as
   * from samples, the p-value of z = ln(ratio) / standard error.
   */
  public static Comparison ofSummaries(
      LatencySummary baseline, LatencySummary current, RegressionRule rule) {
    double baseMedian = baseline.median();
    double nowMedian = current.median();
    if (!(baseMedian > 0 && nowMedian > 0)) {
      return unrateable(null, WALD, baseMedian, nowMedian, baseline.count(), current.count());
    }
    double ratio = nowMedian / baseMedian;
    if (baseline.ci95Low() == null || current.ci95Low() == null) {
      return untested(
          ratio,
          WALD,
          baseMedian,
          nowMedian,
          baseline.count(),
          current.count(),
          "fewer than " + MedianInterval.MIN_COUNT + " samples on a side: no interval, no test");
    }
    if (!(baseline.ci95Low() > 0 && current.ci95Low() > 0)) {
      return new Comparison(
          Verdict.UNCHANGED,
          ratio,
          null,
          null,
          null,
          WALD,
          baseMedian,
          nowMedian,
          baseline.count(),
          current.count(),
          "a latency of 0 (a body faster than the clock's resolution) leaves the interval undefined; no test");
    }
    MedianRatio interval = MedianRatio.of(side(baseline), side(current));
    if (!(interval.logStandardError() > 0)) {
      // Intervals of zero width (a clock coarser than the body) leave no spread to test against.
      return new Comparison(
          Verdict.UNCHANGED,
          ratio,
          interval.ci95Low(),
          interval.ci95High(),
          null,
          WALD,
          baseMedian,
          nowMedian,
          baseline.count(),
          current.count(),
          "both medians' intervals have zero width: no test");
    }
    Double p =
        Math.min(
            1.0, 2 * Normal.upperTail(Math.abs(Math.log(ratio)) / interval.logStandardError()));
    return new Comparison(
        rule.latencyVerdict(ratio, p),
        ratio,
        interval.ci95Low(),
        interval.ci95High(),
        p,
        WALD,
        baseMedian,
        nowMedian,
        baseline.count(),
        current.count(),
        null);
  }

  /**
   * Compares runs measured in several fresh JVMs by their fork medians (ms), with Welch's t-test on
   * the log medians: a JVM run lands at its own level, so forks, not samples, are the independent
   * observations, and their spread is what a change must stand out from. The ratio is that of the
   * geometric means of the fork medians, its 95% interval {@code exp(diff -+ t(0.975, df) * se)}
   * with the Welch-Satterthwaite degrees of freedom. Mann-Whitney is never used here: with 3 forks
   * a side its smallest two-sided p-value is 0.1, so no change could ever be called at the usual
   * alphas. Neither array is modified.
   *
   * @throws IllegalArgumentException when a side has no fork, or a median is negative or not finite
   */
  public static Comparison ofForks(
      double[] baselineMediansMs, double[] currentMediansMs, RegressionRule rule) {
    ForkMedians base = ForkMedians.of("baseline", baselineMediansMs);
    ForkMedians now = ForkMedians.of("current", currentMediansMs);
    int n1 = base.count();
    int n2 = now.count();
    if (!(base.geometricMeanMs() > 0 && now.geometricMeanMs() > 0)) {
      return untested(
          null,
          WELCH,
          base.geometricMeanMs(),
          now.geometricMeanMs(),
          n1,
          n2,
          "a fork median of 0 (a body faster than the clock's resolution) has no logarithm: no ratio, no test");
    }
    double diff = now.meanLog() - base.meanLog();
    double ratio = Math.exp(diff);
    if (Math.min(n1, n2) < 2) {
      return untested(
          ratio,
          WELCH,
          base.geometricMeanMs(),
          now.geometricMeanMs(),
          n1,
          n2,
          "fewer than 2 forks on a side: no Welch test");
    }
    WelchTest welch = WelchTest.of(base, now);
    if (welch == null) {
      return untested(
          ratio,
          WELCH,
          base.geometricMeanMs(),
          now.geometricMeanMs(),
          n1,
          n2,
          "every fork median is the same within each side: no spread to test");
    }
    double margin = welch.margin95();
    return new Comparison(
        rule.latencyVerdict(ratio, welch.pValue()),
        ratio,
        Math.exp(diff - margin),
        Math.exp(diff + margin),
        welch.pValue(),
        WELCH,
        base.geometricMeanMs(),
        now.geometricMeanMs(),
        n1,
        n2,
        null);
  }

  /**
   * Compares a side measured in few JVMs with the spread of the other side's runs in several: with
   * n fork medians of mean log m and standard deviation s on the reference side, and the few side's
   * m' JVM medians of mean log y, {@code (y - m) / (s * sqrt(1/n + 1/m'))} follows Student's t with
   * n - 1 degrees of freedom when nothing changed. With one JVM on the few side this is the
   * prediction interval of one more JVM run. The ratio is current / baseline, its 95% interval that
   * t interval's. Neither array is modified.
   *
   * @param referenceMediansMs the fork medians of the side whose spread is used, 2 or more
   * @param fewMediansMs the JVM medians of the other side, 1 or more
   * @param referenceIsCurrent whether the reference side is the current run (else the baseline)
   * @throws IllegalArgumentException when a median is negative or not finite, or the reference has
   *     fewer than 2
   */
  public static Comparison ofSpreadOfOneSide(
      double[] referenceMediansMs,
      double[] fewMediansMs,
      boolean referenceIsCurrent,
      RegressionRule rule) {
    ForkMedians reference =
        ForkMedians.of(referenceIsCurrent ? "current" : "baseline", referenceMediansMs);
    ForkMedians few = ForkMedians.of(referenceIsCurrent ? "baseline" : "current", fewMediansMs);
    int n = reference.count();
    if (n < 2) {
      throw new IllegalArgumentException(
          "the spread of one side needs 2 forks or more there, had " + n);
    }
    ForkMedians base = referenceIsCurrent ? few : reference;
    ForkMedians now = referenceIsCurrent ? reference : few;
    if (!(base.geometricMeanMs() > 0 && now.geometricMeanMs() > 0)) {
      return untested(
          null,
          PREDICTION,
          base.geometricMeanMs(),
          now.geometricMeanMs(),
          base.count(),
          now.count(),
          "a median of 0 (a body faster than the clock's resolution) has no logarithm: no ratio, no test");
    }
    double diff = now.meanLog() - base.meanLog();
    double ratio = Math.exp(diff);
    double se = Math.sqrt(reference.logVariance() * (1.0 / n + 1.0 / few.count()));
    if (!(se > 0)) {
      return untested(
          ratio,
          PREDICTION,
          base.geometricMeanMs(),
          now.geometricMeanMs(),
          base.count(),
          now.count(),
          "every fork median is the same: no spread to judge by");
    }
    double p = Math.min(1.0, 2 * StudentT.cdf(-Math.abs(diff / se), n - 1));
    double margin = StudentT.quantile(0.975, n - 1) * se;
    return new Comparison(
        rule.latencyVerdict(ratio, p),
        ratio,
        Math.exp(diff - margin),
        Math.exp(diff + margin),
        p,
        PREDICTION,
        base.geometricMeanMs(),
        now.geometricMeanMs(),
        base.count(),
        now.count(),
        null);
  }

  /**
   * No verdict, with the reason first in the note: the figures are shown, nothing is tested.
   *
   * @param baselineMs the baseline's centre (median or geometric mean of its JVM runs), ms
   * @param currentMs the current centre, ms
   */
  public static Comparison notJudged(
      String reason, double baselineMs, double currentMs, long baselineJvms, long currentJvms) {
    Double ratio = baselineMs > 0 && currentMs > 0 ? currentMs / baselineMs : null;
    return new Comparison(
        Verdict.NOT_JUDGED,
        ratio,
        null,
        null,
        null,
        NONE,
        baselineMs,
        currentMs,
        baselineJvms,
        currentJvms,
        reason);
  }

  /**
   * What {@link #baselineCount()} and {@link #currentCount()} count: {@code forks} for {@link
   * #WELCH}, {@code JVMs} for {@link #PREDICTION}, {@link #LEVELS}, {@link #ALIKE} and {@link
   * #NONE}, {@code samples} for every other test.
   */
  public String countUnit() {
    return WELCH.equals(test)
        ? "forks"
        : PREDICTION.equals(test) || NONE.equals(test) || LEVELS.equals(test) || ALIKE.equals(test)
            ? "JVMs"
            : "samples";
  }

  /**
   * Whether the test holds the variance between JVM runs: Welch's on fork medians, the prediction
   * of one JVM, or the test of two levels.
   */
  public boolean betweenJvms() {
    return WELCH.equals(test)
        || PREDICTION.equals(test)
        || LEVELS.equals(test)
        || ALIKE.equals(test);
  }

  private static MedianRatio.Side side(LatencySummary summary) {
    return new MedianRatio.Side(
        summary.median(), summary.ci95Low(), summary.ci95High(), summary.count());
  }

  /**
   * This comparison, or, when no test was possible and the medians differ (too few samples on a
   * side for an interval, no spread between JVM runs to test against) or have no ratio (a median of
   * 0), the same figures NOT JUDGED, its reason first: a change nobody could test is never called
   * unchanged.
   */
  public Comparison untestedNotJudged() {
    boolean untested = ratio == null || (pValue == null && ratio != 1);
    if (verdict != Verdict.UNCHANGED || !untested) {
      return this;
    }
    return new Comparison(
        Verdict.NOT_JUDGED,
        ratio,
        ci95Low,
        ci95High,
        null,
        test,
        baselineMedianMs,
        currentMedianMs,
        baselineCount,
        currentCount,
        "not judged: no test possible" + (note == null ? "" : " (" + note + ")"));
  }

  /** This comparison with {@code more} added to its note. */
  public Comparison withNote(String more) {
    return new Comparison(
        verdict,
        ratio,
        ci95Low,
        ci95High,
        pValue,
        test,
        baselineMedianMs,
        currentMedianMs,
        baselineCount,
        currentCount,
        note == null ? more : note + "; " + more);
  }

  /**
   * A comparison that tested nothing, with the reason: unchanged, with no interval and no p-value.
   */
  private static Comparison untested(
      Double ratio, String test, double baseMs, double nowMs, long n1, long n2, String reason) {
    return new Comparison(
        Verdict.UNCHANGED, ratio, null, null, null, test, baseMs, nowMs, n1, n2, reason);
  }

  private static Comparison unrateable(
      Double p, String test, double baseMs, double nowMs, long n1, long n2) {
    return new Comparison(
        Verdict.UNCHANGED,
        null,
        null,
        null,
        p,
        test,
        baseMs,
        nowMs,
        n1,
        n2,
        "a median of 0 (a body faster than the clock's resolution) has no ratio");
  }
}
