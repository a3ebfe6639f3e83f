package dev.junitbench.stats;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * A count of forks and measured iterations per fork with what it is expected to give, and the
 * search for the cheapest one (Kalibera and Jones, ISMM 2013, on a log scale). A fork of r
 * iterations has a log median of variance {@code tau2 + v / r}: {@code tau2} what JVMs add, {@code
 * v / r} what its own samples leave; n forks of r iterations cost {@code n * (forkCost + r *
 * iterationCost)}.
 *
 * @param forks forks to run
 * @param iterations measured iterations per fork
 * @param logHalfWidth expected half-width of the 95% interval of the log centre
 * @param costMs what the forks cost together, ms
 */
record ForkPlan(int forks, int iterations, double logHalfWidth, double costMs) {

  /**
   * Fewest measured iterations advised per fork: below them a fork's median has no interval of its
   * own, and the within-fork variance the advice rests on could not be measured again.
   */
  static final int MIN_ITERATIONS = MedianInterval.MIN_COUNT;

  /**
   * The plan of least cost that reaches {@code targetHalfWidth}, as advice; a note why when none
   * does.
   */
  static ForkAdvice cheapest(
      ForkStatistics statistics,
      double targetHalfWidth,
      double forkCostMs,
      double iterationCostMs,
      long iterationsPerFork) {
    double within = statistics.withinLogVariance();
    // A fork median's variance shrinks as 1/r: this run's variance at its own r, scaled to one
    // iteration.
    double v = within * iterationsPerFork;
    // What fork medians vary by beyond their own sampling; sampling noise can exceed the spread
    // seen.
    double tau2 = Math.max(0, statistics.betweenLogVariance() - within);
    double target = Math.log1p(targetHalfWidth);

    ForkPlan best = null;
    for (int n = ForkStatistics.MIN_FORKS; n <= ForkStatistics.MAX_FORKS; n++) {
      if (best != null && n * (forkCostMs + MIN_ITERATIONS * iterationCostMs) >= best.costMs()) {
        break; // even the fewest iterations a fork cost more from here on
      }
      ForkPlan plan = fewestIterations(n, tau2, v, target, forkCostMs, iterationCostMs);
      if (plan != null && (best == null || plan.costMs() < best.costMs())) {
        best = plan;
      }
    }
    String spread =
        "between-fork CV "
            + percent(statistics.betweenForkCv())
            + ", within-fork "
            + percent(statistics.withinForkCv());
    if (best == null) {
      String why =
          reachable(ForkStatistics.MAX_FORKS, tau2, target)
              ? String.format(
                  Locale.ROOT,
                  "even %d forks would need more than %,d iterations each",
                  ForkStatistics.MAX_FORKS,
                  ForkStatistics.MAX_ITERATIONS)
              : "the spread between forks alone needs more than "
                  + ForkStatistics.MAX_FORKS
                  + " forks";
      return new ForkAdvice(
          targetHalfWidth,
          null,
          null,
          null,
          "Kalibera & Jones: nothing reaches +-"
              + percent(targetHalfWidth)
              + ": "
              + why
              + " ("
              + spread
              + ")");
    }
    double halfWidth = Math.expm1(best.logHalfWidth());
    return new ForkAdvice(
        targetHalfWidth,
        best.forks(),
        best.iterations(),
        halfWidth,
        "Kalibera & Jones: "
            + best.forks()
            + " forks x "
            + best.iterations()
            + " iterations reach +-"
            + percent(targetHalfWidth)
            + " (expected +-"
            + percent(halfWidth)
            + "); "
            + spread);
  }

  /**
   * n forks with the fewest iterations that reach the target, or null when none up to the maximum
   * does. From t * sqrt((tau2 + v / r) / n) <= target: v / r <= n (target / t)^2 - tau2.
   */
  static ForkPlan fewestIterations(
      int n, double tau2, double v, double target, double forkCostMs, double iterationCostMs) {
    double t = StudentT.quantile(0.975, n - 1);
    double room = n * (target / t) * (target / t) - tau2;
    if (!(room > 0)) {
      return null;
    }
    double needed = v == 0 ? MIN_ITERATIONS : Math.max(MIN_ITERATIONS, Math.ceil(v / room));
    if (needed > ForkStatistics.MAX_ITERATIONS) {
      return null;
    }
    int r = (int) needed;
    // The division can round a hair below the boundary; one more iteration settles it.
    while (halfWidth(n, r, t, tau2, v) > target) {
      if (++r > ForkStatistics.MAX_ITERATIONS) {
        return null;
      }
    }
    return new ForkPlan(n, r, halfWidth(n, r, t, tau2, v), n * (forkCostMs + r * iterationCostMs));
  }

  private static boolean reachable(int n, double tau2, double target) {
    double t = StudentT.quantile(0.975, n - 1);
    return n * (target / t) * (target / t) > tau2;
  }

  private static double halfWidth(int n, int r, double t, double tau2, double v) {
    return t * Math.sqrt((tau2 + v / r) / n);
  }

  /** 0.0312 as {@code 3.1%}: two significant digits are what a reader of advice uses. */
  static String percent(double fraction) {
    return new BigDecimal(fraction * 100)
            .round(new MathContext(2))
            .stripTrailingZeros()
            .toPlainString()
        + "%";
  }
}
