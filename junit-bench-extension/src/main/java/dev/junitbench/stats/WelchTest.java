package dev.junitbench.stats;

/**
 * Welch's t-test of the log fork medians of two forked runs: no assumption that both sides spread
 * alike, degrees of freedom by Welch-Satterthwaite.
 *
 * @param logRatio mean log median now minus the baseline's: the log of the ratio of geometric means
 * @param standardError standard error of {@code logRatio}, above 0
 * @param statistic {@code logRatio / standardError}
 * @param degreesOfFreedom Welch-Satterthwaite degrees of freedom
 * @param pValue two-sided p-value
 */
record WelchTest(
    double logRatio,
    double standardError,
    double statistic,
    double degreesOfFreedom,
    double pValue) {

  /**
   * Tests {@code current} against {@code baseline}, each of 2 forks or more, or returns null when
   * every fork median is the same within each side: no spread to test against.
   */
  static WelchTest of(ForkMedians baseline, ForkMedians current) {
    int n1 = baseline.count();
    int n2 = current.count();
    if (Math.min(n1, n2) < 2) {
      throw new IllegalArgumentException(
          "Welch's test needs 2 forks a side, had " + n1 + " and " + n2);
    }
    double a = baseline.logVariance() / n1;
    double b = current.logVariance() / n2;
    double se = Math.sqrt(a + b);
    if (!(se > 0)) {
      return null;
    }
    double diff = current.meanLog() - baseline.meanLog();
    double df = (a + b) * (a + b) / (a * a / (n1 - 1) + b * b / (n2 - 1));
    double t = diff / se;
    // The lower tail at -|t| directly: 1 - cdf(|t|) would round p-values below 1e-16 to 0.
    double p = Math.min(1.0, 2 * StudentT.cdf(-Math.abs(t), df));
    return new WelchTest(diff, se, t, df, p);
  }

  /** Half the width of the 95% interval of the log ratio: {@code t(0.975, df) * se}. */
  double margin95() {
    return StudentT.quantile(0.975, degreesOfFreedom) * standardError;
  }
}
