package dev.junitbench.stats;

/**
 * Probability mass of Binomial(n, 1/2), accurate to a few ulps for any int n: Loader's saddle-point
 * form (as in R's dbinom), because multiplying n factors of 1/2 underflows and summing logs drifts.
 */
final class BinomialHalf {

  private static final double LN_2PI = Math.log(2 * Math.PI);

  /**
   * stirlerr(m) = ln m! - ln(sqrt(2 pi m) (m/e)^m) for m = 0..15, where the series below is too
   * coarse (mpmath, 40 digits).
   */
  private static final double[] STIRLERR_SMALL = {
    0.0,
    0.08106146679532726,
    0.0413406959554093,
    0.02767792568499834,
    0.020790672103765093,
    0.016644691189821193,
    0.013876128823070748,
    0.01189670994589177,
    0.010411265261972096,
    0.009255462182712733,
    0.00833056343336287,
    0.007573675487951841,
    0.00694284010720953,
    0.006408994188004207,
    0.0059513701127588475,
    0.005554733551962801,
  };

  private BinomialHalf() {}

  /** P(B = x) for B ~ Binomial(n, 1/2), 0 <= x <= n. */
  static double pmf(int n, int x) {
    if (x == 0 || x == n) {
      return Math.scalb(1.0, -n); // exactly 2^-n, and 0 once that underflows
    }
    double half = n / 2.0;
    double lc = stirlerr(n) - stirlerr(x) - stirlerr(n - x) - bd0(x, half) - bd0(n - x, half);
    double lf = LN_2PI + Math.log(x) + Math.log1p(-(double) x / n);
    return Math.exp(lc - 0.5 * lf);
  }

  private static double stirlerr(int m) {
    if (m < STIRLERR_SMALL.length) {
      return STIRLERR_SMALL[m];
    }
    final double s0 = 1.0 / 12, s1 = 1.0 / 360, s2 = 1.0 / 1260, s3 = 1.0 / 1680, s4 = 1.0 / 1188;
    double mm = (double) m * m;
    if (m > 500) {
      return (s0 - s1 / mm) / m;
    }
    if (m > 80) {
      return (s0 - (s1 - s2 / mm) / mm) / m;
    }
    if (m > 35) {
      return (s0 - (s1 - (s2 - s3 / mm) / mm) / mm) / m;
    }
    return (s0 - (s1 - (s2 - (s3 - s4 / mm) / mm) / mm) / mm) / m;
  }

  /** Deviance x ln(x/np) + np - x, by a series when x is near np, where the direct form cancels. */
  private static double bd0(double x, double np) {
    if (Math.abs(x - np) < 0.1 * (x + np)) {
      double v = (x - np) / (x + np);
      double s = (x - np) * v;
      double ej = 2 * x * v;
      v *= v;
      for (int j = 1; ; j++) {
        ej *= v;
        double next = s + ej / (2 * j + 1);
        if (next == s) {
          return next;
        }
        s = next;
      }
    }
    return x * Math.log(x / np) + np - x;
  }
}
