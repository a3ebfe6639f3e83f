package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Locale;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Forks until the answer is known: after each fork from the {@code min}-th on, the 95% interval
 * across forks (Student-t on the log fork medians, as {@link ForkStatistics}) is computed, and the
 * forks stop once its relative half-width, {@code (ci95_high - ci95_low) / (2 x centre)}, is at
 * most {@code precision}, or {@code max} forks ran. This is the sequential fixed-width interval of
 * Chow and Robbins ("On the asymptotic theory of fixed-width sequential confidence intervals for
 * the mean", Ann. Math. Statist. 36(2), 1965) at the small counts forks come in. Stopping when an
 * interval is narrow stops mostly when the forks happened to agree, so the naive interval then
 * covers 90.8-93.1% instead of 95% (between-fork CV 1.7-5%, 3 to 10 forks, +-2%); here both the
 * stopping test and the reported interval use the t quantile inflated by {@link #EARLY_INFLATION}
 * at a look before the last and by {@link #LAST_INFLATION} at the last, factors calibrated by
 * simulation (lognormal fork medians, fixed seeds, 100,000 replications per CV:
 * ForkStopRuleCoverageTests and the user guide's forks page) to cover 94.4-95.7% at those CVs; at
 * other counts and precisions the same simulation gives 94.7-97.0%.
 *
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ForkStopRule {

  /** Fewest forks the rule starts from: below 3, t(0.975, 1) = 12.7 makes any stop a fluke. */
  public static final int FEWEST_FORKS = 3;

  /**
   * The t quantile's factor at a look before {@code max}, where stopping selects agreeing forks.
   */
  public static final double EARLY_INFLATION = 1.25;

  /** The t quantile's factor at the look at {@code max}, whose stop is forced more often. */
  public static final double LAST_INFLATION = 1.15;

  /** Why the forks stopped. */
  @API(status = EXPERIMENTAL, since = "0.1")
  public enum Stop {
    /** The interval reached the precision: no more forks needed. */
    PRECISION_REACHED,
    /** {@code max} forks ran before the interval reached the precision. */
    MAX_REACHED,
    /** Not yet: another fork is needed. */
    CONTINUE;

    /** The name in result files: {@code precision_reached}. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * The interval after {@code forks} forks and what it decides.
   *
   * @param forks forks whose medians it rests on
   * @param centerMs the geometric mean of the fork medians, ms
   * @param ci95Low the lower bound of the (inflated) 95% interval, ms
   * @param ci95High the upper bound, ms
   * @param halfWidth the relative half-width, (ci95High - ci95Low) / (2 x centerMs)
   * @param stop whether to stop, and why
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record Look(
      int forks, double centerMs, double ci95Low, double ci95High, double halfWidth, Stop stop) {}

  private final int min;
  private final int max;
  private final double precision;
  private final double early;
  private final double last;
  private final double[] quantiles;

  /**
   * Forks from {@code min} to {@code max} until the relative half-width is at most {@code
   * precision}.
   *
   * @throws IllegalArgumentException when min is below 3, max below min, or precision outside (0,
   *     1)
   */
  public ForkStopRule(int min, int max, double precision) {
    this(min, max, precision, EARLY_INFLATION, LAST_INFLATION);
  }

  private ForkStopRule(int min, int max, double precision, double early, double last) {
    if (min < FEWEST_FORKS) {
      throw new IllegalArgumentException(
          "min must be " + FEWEST_FORKS + " forks or more, was " + min);
    }
    if (max < min) {
      throw new IllegalArgumentException("max must be min or more, was " + max + " < " + min);
    }
    if (!(precision > 0 && precision < 1)) {
      throw new IllegalArgumentException(
          "precision must be above 0 and below 1 (0.02 = +-2%), was " + precision);
    }
    this.min = min;
    this.max = max;
    this.precision = precision;
    this.early = early;
    this.last = last;
    this.quantiles = new double[max + 1];
    for (int k = min; k <= max; k++) {
      quantiles[k] = StudentT.quantile(0.975, k - 1) * (k == max ? last : early);
    }
  }

  /** The same rule without the correction: the plain t quantile, for comparison. */
  static ForkStopRule naive(int min, int max, double precision) {
    return new ForkStopRule(min, max, precision, 1, 1);
  }

  /** Fewest forks. */
  public int min() {
    return min;
  }

  /** Most forks. */
  public int max() {
    return max;
  }

  /** The relative half-width aimed at: 0.02 = +-2%. */
  public double precision() {
    return precision;
  }

  /** The t quantile the interval of {@code forks} forks uses, inflated. */
  public double quantile(int forks) {
    checkForks(forks);
    return quantiles[forks];
  }

  /**
   * The interval after the forks of {@code mediansMs} (ms, in fork order, min to max of them) and
   * whether to stop.
   *
   * @throws IllegalArgumentException when there are fewer than min or more than max medians, or a
   *     median is not positive and finite
   */
  public Look look(double[] mediansMs) {
    Objects.requireNonNull(mediansMs, "mediansMs");
    int k = mediansMs.length;
    checkForks(k);
    double sum = 0;
    double[] logs = new double[k];
    for (int i = 0; i < k; i++) {
      if (!(mediansMs[i] > 0 && Double.isFinite(mediansMs[i]))) {
        throw new IllegalArgumentException(
            "fork " + (i + 1) + "'s median must be positive and finite, was " + mediansMs[i]);
      }
      logs[i] = Math.log(mediansMs[i]);
      sum += logs[i];
    }
    double meanLog = sum / k;
    double squares = 0;
    for (double log : logs) {
      squares += (log - meanLog) * (log - meanLog);
    }
    double logHalfWidth = quantiles[k] * Math.sqrt(squares / (k - 1) / k);
    double halfWidth = Math.sinh(logHalfWidth);
    Stop stop =
        halfWidth <= precision
            ? Stop.PRECISION_REACHED
            : k == max ? Stop.MAX_REACHED : Stop.CONTINUE;
    return new Look(
        k,
        Math.exp(meanLog),
        Math.exp(meanLog - logHalfWidth),
        Math.exp(meanLog + logHalfWidth),
        halfWidth,
        stop);
  }

  /**
   * How the interval of {@code forks} forks is built, for readers: {@code sequential student-t on
   * log fork medians, 3 df, quantile x1.25 (stopping corrected)}.
   */
  public String method(int forks) {
    checkForks(forks);
    return String.format(
        Locale.ROOT,
        "sequential student-t on log fork medians, %d df, quantile x%.2f (stopping corrected)",
        forks - 1,
        forks == max ? last : early);
  }

  private void checkForks(int forks) {
    if (forks < min || forks > max) {
      throw new IllegalArgumentException(
          "between " + min + " and " + max + " fork medians are needed, was " + forks);
    }
  }

  @Override
  public String toString() {
    return "ForkStopRule[min=" + min + ", max=" + max + ", precision=" + precision + "]";
  }
}
