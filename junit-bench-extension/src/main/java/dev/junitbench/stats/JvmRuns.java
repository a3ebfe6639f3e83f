package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The one place that picks how two sides' JVM runs (one median per JVM: a forked run's fork
 * medians, an unforked run's median, each round of a folder of rounds) are compared, so the gate,
 * {@code compare} and compare of rounds judge alike:
 *
 * <ul>
 *   <li>a side of {@link JvmLevels#MIN_JVMS} JVMs or more whose medians fall on two levels: not
 *       judged ({@link JvmLevels}), since a test of the mixture has little power and calls a side's
 *       luck a change; unless the change lies beyond both levels: Student's t of the current run's
 *       faster level against the baseline's slower one (for a regression; the other way round for
 *       an improvement), with the spread pooled within the levels, calls it, and every JVM of the
 *       one level lies beyond every JVM of the other by more than the threshold, so no choice of
 *       level could undo it;
 *   <li>both sides in 2 JVMs or more: Welch's t-test on the log medians, unless the smaller side
 *       has fewer than 3 and the sides differ in size, where Welch's degrees of freedom overstate
 *       what that side knows (its A/A false alarms rise to 2% at 2 vs 9 JVMs in simulation); then,
 *       as below, the larger side's spread judges the smaller side's mean;
 *   <li>one side in 2 JVMs or more, the other in one: the prediction interval of one more JVM run
 *       from the forked side's spread ({@link Comparison#ofSpreadOfOneSide});
 *   <li>both in one JVM: no between-JVM test; empty, and the caller tests the samples of one JVM.
 * </ul>
 *
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class JvmRuns {

  /** The label every verdict of one JVM against one JVM carries. */
  public static final String UNFORKED = "unforked: between-JVM variance unknown";

  /** What a change the alike JVMs show, and their forks do not, is called when it is not judged. */
  public static final String UNCONFIRMED = "not confirmed by the forks";

  /**
   * Why a scenario was not judged, in the few words the gate's and compare's summaries count it by:
   * {@code JVMs bimodal}, {@code not confirmed by the forks} or {@code no test possible}.
   */
  public static String notJudgedKind(String note) {
    if (note != null && note.contains("bimodal")) {
      return "JVMs bimodal";
    }
    return note != null && note.contains(UNCONFIRMED) ? UNCONFIRMED : "no test possible";
  }

  private JvmRuns() {}

  /**
   * Compares the JVM medians (ms, one per JVM run, positive) of the baseline and the current run,
   * or returns empty when each side has one JVM.
   */
  public static Optional<Comparison> compare(
      double[] baselineMs, double[] currentMs, RegressionRule rule) {
    int n1 = baselineMs.length;
    int n2 = currentMs.length;
    Optional<JvmLevels> before = JvmLevels.of(baselineMs);
    Optional<JvmLevels> now = JvmLevels.of(currentMs);
    if (n1 < 2 && n2 < 2) {
      return Optional.empty();
    }
    if (before.isEmpty() && now.isEmpty()) {
      return Optional.of(test(baselineMs, currentMs, rule));
    }
    String levels =
        (before.isPresent() ? before.get().describe() + " in the baseline" : "")
            + (before.isPresent() && now.isPresent() ? ", " : "")
            + (now.isPresent() ? now.get().describe() + " in the current run" : "");
    // Slower for certain: the current run's faster level against the baseline's slower one; faster
    // likewise.
    Levels baseline = Levels.of(baselineMs, before);
    Levels current = Levels.of(currentMs, now);
    Optional<Comparison> beyond =
        beyondBothLevels(
                baseline.slower, current.faster, baseline, current, Verdict.REGRESSED, rule)
            .or(
                () ->
                    beyondBothLevels(
                        baseline.faster,
                        current.slower,
                        baseline,
                        current,
                        Verdict.IMPROVED,
                        rule));
    if (beyond.isPresent()) {
      return Optional.of(
          beyond
              .get()
              .withNote(
                  levels
                      + "; the change stands against either level: the current run's"
                      + (beyond.get().verdict() == Verdict.REGRESSED
                          ? " faster JVMs are slower than the baseline's slower ones"
                          : " slower JVMs are faster than the baseline's faster ones")
                      + ", beyond the threshold"));
    }
    return Optional.of(
        Comparison.notJudged(
            "not judged: "
                + levels
                + "; a test of two levels mixed says nothing"
                + " (keep other work off the machine, or add forks)",
            geometricMean(baselineMs),
            geometricMean(currentMs),
            n1,
            n2));
  }

  /**
   * Compares two runs' measurements in their JUnit JVMs, made alike (a baseline measured in one JVM
   * beside other benchmarks, as an ordinary run is, against the current run's scenario measured the
   * same way before its forks), against the spread between JVMs that the forks show: with k fork
   * medians of log standard deviation s, {@code (ln current - ln baseline) / (s sqrt(2))} follows
   * Student's t with k - 1 degrees of freedom when nothing changed. A JVM that runs many benchmarks
   * may sit at another level than a fresh fork (warmer, or not), which a test of fresh forks
   * against it would call a change; the two alike JVMs share that. A change the alike JVMs show is
   * called only when the forks show it too (the prediction interval of the single side's JVM from
   * their spread): one JVM a side may itself sit on another level; otherwise it is not judged.
   * Forks on two levels: the mixture's spread is used, and a change it does not call is not judged.
   *
   * @param forkMediansMs the fork medians, ms, 2 or more
   * @param forksAreCurrent whether the forks are the current run's (else the baseline's)
   */
  public static Comparison compareAlike(
      double baselineHereMs,
      double currentHereMs,
      double[] forkMediansMs,
      boolean forksAreCurrent,
      RegressionRule rule) {
    int k = forkMediansMs.length;
    if (k < 2) {
      throw new IllegalArgumentException("the spread between JVMs needs 2 forks or more, had " + k);
    }
    String forked = forksAreCurrent ? "current" : "baseline";
    String other = forksAreCurrent ? "baseline" : "current";
    String spread =
        "alike: both runs' JUnit JVMs, the spread between JVMs from the "
            + forked
            + " run's "
            + k
            + " forks";
    if (!(baselineHereMs > 0 && currentHereMs > 0)) {
      return Comparison.notJudged(
          "not judged: a median of 0 has no ratio", baselineHereMs, currentHereMs, 1, 1);
    }
    double diff = Math.log(currentHereMs) - Math.log(baselineHereMs);
    double s = Math.sqrt(squares(forkMediansMs) / (k - 1));
    double se = s * Math.sqrt(2);
    if (!(se > 0)) {
      return Comparison.notJudged(
          "not judged: every fork median is the same, no spread to judge by",
          baselineHereMs,
          currentHereMs,
          1,
          1);
    }
    double ratio = Math.exp(diff);
    double p = Math.min(1.0, 2 * StudentT.cdf(-Math.abs(diff / se), k - 1));
    double margin = StudentT.quantile(0.975, k - 1) * se;
    Comparison tested =
        new Comparison(
            rule.latencyVerdict(ratio, p),
            ratio,
            Math.exp(diff - margin),
            Math.exp(diff + margin),
            p,
            Comparison.ALIKE,
            baselineHereMs,
            currentHereMs,
            1,
            1,
            spread);
    // One JVM a side may itself sit on another level: a change is called only when the forks show
    // it too.
    double single = forksAreCurrent ? baselineHereMs : currentHereMs;
    Comparison forks =
        Comparison.ofSpreadOfOneSide(forkMediansMs, new double[] {single}, forksAreCurrent, rule);
    boolean called = tested.verdict() == Verdict.REGRESSED || tested.verdict() == Verdict.IMPROVED;
    boolean confirmed = called && forks.verdict() == tested.verdict();
    Optional<JvmLevels> levels = JvmLevels.of(forkMediansMs);
    if (levels.isPresent()) {
      String named =
          levels.get().describe() + " in the " + (forksAreCurrent ? "current run" : "baseline");
      return confirmed
          ? tested.withNote(
              named
                  + "; the change stands against the mixture's spread, and the forks show"
                  + " it too")
          : Comparison.notJudged(
              "not judged: " + named + "; its two JVMs measured alike may sit on" + " either level",
              baselineHereMs,
              currentHereMs,
              1,
              1);
    }
    if (called && !confirmed) {
      double here = forksAreCurrent ? currentHereMs : baselineHereMs;
      return Comparison.notJudged(
          String.format(
              Locale.ROOT,
              "not judged: %s: %s %+.1f%% (p = %.2g):"
                  + " the %s run's JUnit JVM sits %+.1f%% from its own forks, which show %+.1f%%, so one JVM a side cannot"
                  + " tell a change from a JVM on another level (fork the %s run too)",
              UNCONFIRMED,
              tested.verdict().words(),
              (ratio - 1) * 100,
              p,
              forked,
              (here / Math.exp(meanLog(forkMediansMs)) - 1) * 100,
              (forks.ratio() - 1) * 100,
              other),
          baselineHereMs,
          currentHereMs,
          1,
          1);
    }
    if (!called && (forks.verdict() == Verdict.REGRESSED || forks.verdict() == Verdict.IMPROVED)) {
      // Not a verdict (fresh forks may sit apart from a JVM that ran other benchmarks), but worth a
      // look.
      return tested.withNote(
          String.format(
              Locale.ROOT,
              "the forks alone show %+.1f%% against the %s run's" + " JUnit JVM",
              (forks.ratio() - 1) * 100,
              other));
    }
    return tested;
  }

  /**
   * A side's levels: its faster and slower JVMs (both all of them when it has one level), and the
   * sum of squared log deviations within its levels with their degrees of freedom.
   */
  private record Levels(
      double[] faster, double[] slower, double withinSquares, int degreesOfFreedom) {
    static Levels of(double[] mediansMs, Optional<JvmLevels> levels) {
      if (levels.isEmpty()) {
        return new Levels(mediansMs, mediansMs, squares(mediansMs), mediansMs.length - 1);
      }
      double[] faster = levels.get().fasterMs();
      double[] slower = levels.get().slowerMs();
      return new Levels(faster, slower, squares(faster) + squares(slower), mediansMs.length - 2);
    }
  }

  /**
   * Student's t of one level of each side, the spread pooled within every level of both sides, when
   * it reaches {@code verdict} and every JVM of the one level lies beyond every JVM of the other by
   * more than the threshold; empty otherwise.
   */
  private static Optional<Comparison> beyondBothLevels(
      double[] baselineMs,
      double[] currentMs,
      Levels baseline,
      Levels current,
      Verdict verdict,
      RegressionRule rule) {
    int df = baseline.degreesOfFreedom + current.degreesOfFreedom;
    double pooled = (baseline.withinSquares + current.withinSquares) / df;
    double diff = meanLog(currentMs) - meanLog(baselineMs);
    double se = Math.sqrt(pooled * (1.0 / baselineMs.length + 1.0 / currentMs.length));
    if (df < 1 || !(se > 0)) {
      return Optional.empty();
    }
    double ratio = Math.exp(diff);
    double p = Math.min(1.0, 2 * StudentT.cdf(-Math.abs(diff / se), df));
    if (rule.latencyVerdict(ratio, p) != verdict) {
      return Optional.empty();
    }
    double[] before = baselineMs.clone();
    double[] now = currentMs.clone();
    Arrays.sort(before);
    Arrays.sort(now);
    boolean apart =
        verdict == Verdict.REGRESSED
            ? now[0] > before[before.length - 1] * (1 + rule.threshold())
            : now[now.length - 1] < before[0] * (1 - rule.threshold());
    double margin = StudentT.quantile(0.975, df) * se;
    return apart
        ? Optional.of(
            new Comparison(
                verdict,
                ratio,
                Math.exp(diff - margin),
                Math.exp(diff + margin),
                p,
                Comparison.LEVELS,
                Math.exp(meanLog(baselineMs)),
                Math.exp(meanLog(currentMs)),
                baselineMs.length,
                currentMs.length,
                null))
        : Optional.empty();
  }

  private static double meanLog(double[] ms) {
    double sum = 0;
    for (double m : ms) {
      sum += Math.log(m);
    }
    return sum / ms.length;
  }

  private static double squares(double[] ms) {
    double mean = meanLog(ms);
    double sum = 0;
    for (double m : ms) {
      sum += (Math.log(m) - mean) * (Math.log(m) - mean);
    }
    return sum;
  }

  /** The test between JVM runs, two levels or not; at least one side has 2 JVMs or more. */
  private static Comparison test(double[] baselineMs, double[] currentMs, RegressionRule rule) {
    int n1 = baselineMs.length;
    int n2 = currentMs.length;
    if (n1 >= 2 && n2 >= 2 && (Math.min(n1, n2) >= 3 || n1 == n2)) {
      return Comparison.ofForks(baselineMs, currentMs, rule);
    }
    return n2 > n1
        ? Comparison.ofSpreadOfOneSide(currentMs, baselineMs, true, rule)
        : Comparison.ofSpreadOfOneSide(baselineMs, currentMs, false, rule);
  }

  private static double geometricMean(double[] ms) {
    return Math.exp(meanLog(ms));
  }
}
