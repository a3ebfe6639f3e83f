package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A scenario measured in several fresh JVMs, summarised across them. A JVM run settles at its own
 * level (code layout, JIT decisions, heap placement), so the spread between fork medians, not the
 * spread of the pooled samples, says how well the centre is known: the interval here is a Student-t
 * interval on the log fork medians. The forks' own intervals give the within-fork variance, and the
 * two together give {@link #advise advice} on forks and iterations.
 *
 * @param forks forks that yielded a median, 1 or more
 * @param centerMs the geometric mean of the fork medians, ms: the centre of the interval
 * @param ci95Low lower bound of the 95% Student-t interval on the log fork medians, ms, or null
 *     with one fork
 * @param ci95High upper bound, ms, or null likewise
 * @param betweenForkCv sample standard deviation of the fork medians over their mean, or null with
 *     one fork
 * @param withinForkCv the mean over forks of a fork median's relative standard error, read from
 *     that fork's own interval; null when no fork has an interval
 * @param betweenLogVariance sample variance of the log fork medians (k - 1 denominator), 0 with one
 *     fork
 * @param withinLogVariance the mean over forks of a log fork median's variance from its own
 *     samples, or null when no fork has an interval
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ForkStatistics(
    int forks,
    double centerMs,
    Double ci95Low,
    Double ci95High,
    Double betweenForkCv,
    Double withinForkCv,
    double betweenLogVariance,
    Double withinLogVariance) {

  /**
   * Fewest forks an interval across forks, its advice and a test of fork medians need: a variance
   * needs two.
   */
  public static final int MIN_FORKS = 2;

  /** Most forks {@link #advise} considers. */
  static final int MAX_FORKS = 1000;

  /** Most measured iterations per fork {@link #advise} considers. */
  static final int MAX_ITERATIONS = 10_000_000;

  /** The normal quantile a 95% interval of a median spans on each side: the fork intervals' z. */
  private static final double Z_975 = Normal.quantile(0.975);

  /**
   * Summarises k forks from their medians and their medians' 95% intervals, all in ms and in fork
   * order. A fork whose interval is unknown (fewer than 6 samples) has NaN in both interval arrays;
   * so does, in effect, one whose interval reaches 0 (a body faster than the clock), which has no
   * width on a log scale and is left out of the within-fork figures.
   *
   * @throws IllegalArgumentException when the arrays are empty or differ in length, a median is not
   *     positive and finite, or an interval is half known, negative, or reversed
   */
  public static ForkStatistics of(double[] mediansMs, double[] ci95LowMs, double[] ci95HighMs) {
    Objects.requireNonNull(mediansMs, "mediansMs");
    Objects.requireNonNull(ci95LowMs, "ci95LowMs");
    Objects.requireNonNull(ci95HighMs, "ci95HighMs");
    int k = mediansMs.length;
    if (k == 0) {
      throw new IllegalArgumentException("no fork medians: at least one fork is needed");
    }
    if (ci95LowMs.length != k || ci95HighMs.length != k) {
      throw new IllegalArgumentException(
          "one interval per fork is needed: "
              + k
              + " medians, "
              + ci95LowMs.length
              + " lower and "
              + ci95HighMs.length
              + " upper bounds");
    }
    double[] logs = new double[k];
    for (int i = 0; i < k; i++) {
      if (!(mediansMs[i] > 0 && Double.isFinite(mediansMs[i]))) {
        throw new IllegalArgumentException(
            "fork " + (i + 1) + "'s median must be positive and finite, was " + mediansMs[i]);
      }
      logs[i] = Math.log(mediansMs[i]);
    }
    double meanLog = mean(logs);
    double betweenLogVariance = k < 2 ? 0 : variance(logs, meanLog);

    Double low = null;
    Double high = null;
    Double betweenForkCv = null;
    if (k >= 2) {
      double halfWidth = StudentT.quantile(0.975, k - 1) * Math.sqrt(betweenLogVariance / k);
      low = Math.exp(meanLog - halfWidth);
      high = Math.exp(meanLog + halfWidth);
      double meanMs = mean(mediansMs);
      betweenForkCv = Math.sqrt(variance(mediansMs, meanMs)) / meanMs;
    }

    double varianceSum = 0;
    double standardErrorSum = 0;
    int withInterval = 0;
    for (int i = 0; i < k; i++) {
      double within = withinLogVariance(i, ci95LowMs[i], ci95HighMs[i]);
      if (!Double.isNaN(within)) {
        varianceSum += within;
        standardErrorSum += Math.sqrt(within);
        withInterval++;
      }
    }
    return new ForkStatistics(
        k,
        Math.exp(meanLog),
        low,
        high,
        betweenForkCv,
        withInterval == 0 ? null : standardErrorSum / withInterval,
        betweenLogVariance,
        withInterval == 0 ? null : varianceSum / withInterval);
  }

  /**
   * How the interval was built, for readers: {@code student-t on log fork medians, 4 df}, or {@code
   * one fork: no interval across forks}.
   */
  public String method() {
    return forks < 2
        ? "one fork: no interval across forks"
        : "student-t on log fork medians, " + (forks - 1) + " df";
  }

  /**
   * The cheapest number of forks and measured iterations per fork whose 95% interval is expected to
   * reach {@code targetHalfWidth}, after Kalibera and Jones ("Rigorous Benchmarking in Reasonable
   * Time", ISMM 2013) on a log scale. A fork of r measured iterations has a log median of variance
   * {@code tau2 + v / r}, with {@code v = withinLogVariance * iterationsPerFork} (what its own
   * samples leave, scaled to one iteration) and {@code tau2 = max(0, betweenLogVariance -
   * withinLogVariance)} (what JVMs add); n such forks cost {@code n * (forkCostMs + r *
   * iterationCostMs)} and give the half-width {@code t(0.975, n - 1) * sqrt((tau2 + v / r) / n)}.
   * The search covers 2 to 1000 forks and 1 to 10,000,000 iterations. Nulls in the advice, with a
   * note saying why, when this run had one fork or no fork interval, or when nothing in that range
   * gets there.
   *
   * @param targetHalfWidth relative half-width aimed at, above 0: 0.025 = +-2.5%
   * @param forkCostMs what one fork costs besides its measured iterations (JVM start, warm-up), ms,
   *     0 or more
   * @param iterationCostMs what one measured iteration costs, ms, 0 or more
   * @param iterationsPerFork measured iterations each fork of this run had, 1 or more
   * @throws IllegalArgumentException when an argument is outside those ranges
   */
  public ForkAdvice advise(
      double targetHalfWidth, double forkCostMs, double iterationCostMs, long iterationsPerFork) {
    if (!(targetHalfWidth > 0 && Double.isFinite(targetHalfWidth))) {
      throw new IllegalArgumentException(
          "targetHalfWidth must be above 0 (0.025 = +-2.5%), was " + targetHalfWidth);
    }
    if (!(forkCostMs >= 0 && Double.isFinite(forkCostMs))) {
      throw new IllegalArgumentException(
          "forkCostMs must be 0 or more and finite, was " + forkCostMs);
    }
    if (!(iterationCostMs >= 0 && Double.isFinite(iterationCostMs))) {
      throw new IllegalArgumentException(
          "iterationCostMs must be 0 or more and finite, was " + iterationCostMs);
    }
    if (iterationsPerFork < 1) {
      throw new IllegalArgumentException(
          "iterationsPerFork must be 1 or more, was " + iterationsPerFork);
    }
    if (forks < 2) {
      return new ForkAdvice(
          targetHalfWidth,
          null,
          null,
          null,
          "one fork shows no spread between JVMs: advice needs 2 forks or more");
    }
    if (withinLogVariance == null) {
      return new ForkAdvice(
          targetHalfWidth,
          null,
          null,
          null,
          "no fork has an interval of its median (fewer than 6 samples, or a latency of 0): "
              + "the variance within a fork is unknown, so no advice");
    }
    return ForkPlan.cheapest(this, targetHalfWidth, forkCostMs, iterationCostMs, iterationsPerFork);
  }

  /**
   * The variance of a log fork median from its 95% interval, or NaN when the interval is unknown.
   */
  private static double withinLogVariance(int fork, double low, double high) {
    if (Double.isNaN(low) && Double.isNaN(high)) {
      return Double.NaN;
    }
    if (Double.isNaN(low) || Double.isNaN(high)) {
      throw new IllegalArgumentException(
          "fork "
              + (fork + 1)
              + "'s interval is half known ("
              + low
              + ", "
              + high
              + "): give NaN for both bounds when it is unknown");
    }
    if (!(low >= 0 && high >= low && Double.isFinite(high))) {
      throw new IllegalArgumentException(
          "fork "
              + (fork + 1)
              + "'s interval must satisfy 0 <= low <= high < infinity, was ("
              + low
              + ", "
              + high
              + ")");
    }
    if (low == 0) {
      return Double.NaN;
    }
    double standardError = (Math.log(high) - Math.log(low)) / (2 * Z_975);
    return standardError * standardError;
  }

  private static double mean(double[] values) {
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    return sum / values.length;
  }

  /** Two-pass sample variance: deviations from the mean, so close values keep their spread. */
  private static double variance(double[] values, double mean) {
    double squares = 0;
    for (double v : values) {
      squares += (v - mean) * (v - mean);
    }
    return squares / (values.length - 1);
  }
}
