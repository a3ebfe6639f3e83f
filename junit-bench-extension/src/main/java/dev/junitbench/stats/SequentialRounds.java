package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apiguardian.api.API;

/**
 * A decision over rounds that stops as soon as it can: after each pair of rounds (one of the
 * baseline, one of the current build) a scenario's JVM runs pooled so far are compared by the test
 * between JVM runs ({@link JvmRuns}), and the scenario is settled REGRESSED or IMPROVED once its
 * change passes the threshold and its p-value the boundary of that round, UNCHANGED once its 95%
 * interval's upper bound lies below the threshold (futility), NOT JUDGED at once when its JVMs fall
 * on two levels; else it is undecided and needs another round, up to {@code maxRounds}, where every
 * scenario gets its final verdict. The boundaries spend each direction's half of the rule's alpha
 * over the looks by Lan and DeMets' O'Brien-Fleming-type function ({@link ErrorSpending}), each
 * look's information fraction its rounds over {@code maxRounds}; a look's boundary, a nominal
 * one-sided p-value, is applied to the t-test's p-value. The futility rule is non-binding: the
 * boundaries are computed as if it never stopped anything, so stopping early for it only lowers the
 * false alarms. A settled verdict is final: later rounds do not change it.
 *
 * @param minRounds the first round pair after which a scenario may settle, 1 or more
 * @param maxRounds the last, where every scenario is settled
 * @param shape how the boundaries spend the level over the rounds: O'Brien-Fleming-type, the
 *     pull-request gate's (a Pocock-type design settles a real slowdown a round sooner where JVMs
 *     agree, but calls about 1% of scenarios with JVMs on two levels regressed: the user guide's
 *     compare-confidence page has the simulation)
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record SequentialRounds(int minRounds, int maxRounds, ErrorSpending.Shape shape) {

  /** The most rounds a design may have: the boundaries are computed for each look. */
  public static final int LIMIT = 20;

  /** Rounds from {@code minRounds} to {@code maxRounds}, O'Brien-Fleming-type. */
  public SequentialRounds(int minRounds, int maxRounds) {
    this(minRounds, maxRounds, ErrorSpending.Shape.OBRIEN_FLEMING);
  }

  /** Checks both counts. */
  public SequentialRounds {
    Objects.requireNonNull(shape, "shape");
    if (minRounds < 1) {
      throw new IllegalArgumentException(
          "the fewest rounds must be 1 or more (1: a first look after one round a side), was "
              + minRounds);
    }
    if (maxRounds < minRounds || maxRounds > LIMIT) {
      throw new IllegalArgumentException(
          "the most rounds must be from the fewest ("
              + minRounds
              + ") to "
              + LIMIT
              + ", was "
              + maxRounds);
    }
  }

  /** Boundaries already computed, by design and level: each costs a numerical integration. */
  private static final Map<String, ErrorSpending> COMPUTED = new ConcurrentHashMap<>();

  /** The boundaries of each look, from round {@code minRounds} to {@code maxRounds}. */
  public ErrorSpending spending(RegressionRule rule) {
    return COMPUTED.computeIfAbsent(
        shape + "/" + minRounds + "/" + maxRounds + "/" + rule.alpha(), key -> compute(rule));
  }

  private ErrorSpending compute(RegressionRule rule) {
    double[] fractions = new double[maxRounds - minRounds + 1];
    for (int k = minRounds; k <= maxRounds; k++) {
      fractions[k - minRounds] = (double) k / maxRounds;
    }
    return ErrorSpending.of(shape, rule.alpha() / 2, fractions);
  }

  /**
   * Decides a scenario from its JVM medians (ms) round by round: {@code baseline.get(i)} are the
   * baseline's JVM medians of round i + 1, likewise {@code current}; the rounds both sides have are
   * looked at, in order, until the scenario settles.
   */
  public SequentialVerdict decide(
      List<double[]> baseline, List<double[]> current, RegressionRule rule) {
    int rounds = Math.min(Math.min(baseline.size(), current.size()), maxRounds);
    ErrorSpending spending = spending(rule);
    Comparison last = null;
    String open = "fewer than " + minRounds + " rounds a side, the first look";
    for (int k = minRounds; k <= rounds; k++) {
      double[] a = pooled(baseline, k);
      double[] b = pooled(current, k);
      double nominal = spending.nominal(k - minRounds);
      String boundary =
          String.format(
              Locale.ROOT, "the boundary of round %d of %d, p < %.2g", k, maxRounds, 2 * nominal);
      boolean lastRound = k == maxRounds;
      Optional<Comparison> tested =
          JvmRuns.compare(
              a,
              b,
              new RegressionRule(
                  rule.threshold(), Math.min(0.5, Math.max(Double.MIN_NORMAL, 2 * nominal))));
      if (tested.isEmpty()) {
        open = "one JVM run a side: no test between JVM runs";
        if (lastRound) {
          return settled(
              Comparison.notJudged("not judged: " + open, mean(a), mean(b), 1, 1), k, open);
        }
        continue;
      }
      Comparison comparison = tested.get();
      last = comparison;
      Verdict verdict = comparison.verdict();
      if (verdict == Verdict.REGRESSED || verdict == Verdict.IMPROVED) {
        return settled(
            comparison,
            k,
            String.format(
                Locale.ROOT,
                "%s %+.1f%%, p = %.2g, past %s",
                verdict.words(),
                (comparison.ratio() - 1) * 100,
                comparison.pValue(),
                boundary));
      }
      if (verdict == Verdict.NOT_JUDGED) {
        // Levels stay levels: more rounds of a bimodal side only repeat them.
        if (lastRound || "JVMs bimodal".equals(JvmRuns.notJudgedKind(comparison.note()))) {
          return settled(comparison, k, JvmRuns.notJudgedKind(comparison.note()));
        }
        open = comparison.note();
        continue;
      }
      double threshold = rule.threshold();
      // Futility: a change whose interval's upper bound is below the threshold cannot become a
      // regression the gate calls, however many rounds follow; waiting for the whole interval to
      // fit both ways would measure improvements on for nothing.
      boolean belowThreshold =
          comparison.ci95High() != null && comparison.ci95High() < 1 + threshold;
      String interval = interval(comparison);
      if (belowThreshold) {
        return settled(
            comparison,
            k,
            String.format(
                Locale.ROOT,
                "not regressed: its 95%% interval %s ends below +%s",
                interval,
                percent(threshold).substring(2)));
      }
      if (lastRound) {
        return settled(
            comparison,
            k,
            String.format(
                Locale.ROOT,
                "unchanged at the last round: %+.1f%% (95%% interval %s), p = %s, not past %s",
                (comparison.ratio() == null ? Double.NaN : comparison.ratio() - 1) * 100,
                interval,
                comparison.pValue() == null
                    ? "none"
                    : String.format(Locale.ROOT, "%.2g", comparison.pValue()),
                boundary));
      }
      open =
          String.format(
              Locale.ROOT,
              "its 95%% interval %s reaches past %s, and p = %s is not past %s",
              interval,
              percent(threshold),
              comparison.pValue() == null
                  ? "none"
                  : String.format(Locale.ROOT, "%.2g", comparison.pValue()),
              boundary);
    }
    String why = "undecided after round " + rounds + " of " + maxRounds + ": " + open;
    Comparison shown =
        last == null
            ? Comparison.notJudged(
                "not judged: " + why,
                rounds == 0 ? 0 : mean(pooled(baseline, rounds)),
                rounds == 0 ? 0 : mean(pooled(current, rounds)),
                rounds == 0 ? 0 : pooled(baseline, rounds).length,
                rounds == 0 ? 0 : pooled(current, rounds).length)
            : new Comparison(
                Verdict.NOT_JUDGED,
                last.ratio(),
                last.ci95Low(),
                last.ci95High(),
                last.pValue(),
                last.test(),
                last.baselineMedianMs(),
                last.currentMedianMs(),
                last.baselineCount(),
                last.currentCount(),
                "not judged: " + why);
    return new SequentialVerdict(shown, false, rounds, why);
  }

  private static SequentialVerdict settled(Comparison comparison, int round, String why) {
    return new SequentialVerdict(comparison, true, round, why);
  }

  /** The JVM medians of the first {@code rounds} rounds, one after the other. */
  private static double[] pooled(List<double[]> perRound, int rounds) {
    int total = 0;
    for (int i = 0; i < rounds; i++) {
      total += perRound.get(i).length;
    }
    double[] all = new double[total];
    int at = 0;
    for (int i = 0; i < rounds; i++) {
      double[] round = perRound.get(i);
      System.arraycopy(round, 0, all, at, round.length);
      at += round.length;
    }
    return all;
  }

  private static double mean(double[] ms) {
    double logs = 0;
    for (double m : ms) {
      logs += Math.log(m);
    }
    return ms.length == 0 ? 0 : Math.exp(logs / ms.length);
  }

  private static String interval(Comparison comparison) {
    return comparison.ci95Low() == null || comparison.ci95High() == null
        ? "(none)"
        : String.format(
            Locale.ROOT,
            "%+.1f%% to %+.1f%%",
            (comparison.ci95Low() - 1) * 100,
            (comparison.ci95High() - 1) * 100);
  }

  private static String percent(double fraction) {
    double pct = fraction * 100;
    return "+-"
        + (pct == Math.rint(pct)
            ? String.valueOf((long) pct)
            : String.format(Locale.ROOT, "%.3g", pct))
        + "%";
  }
}
