package dev.junitbench.stats;

/**
 * The standard normal distribution: its tails to full double precision far out (Cody's rational
 * approximations, as R's {@code pnorm} uses) and its quantiles (Wichura's AS 241, as R's {@code
 * qnorm} uses), so p-values of 1e-300 are still numbers, not zero from a subtraction.
 */
final class Normal {

  private static final double SQRT_32 = 5.656854249492380195206754896838;
  private static final double ONE_OVER_SQRT_2PI = 0.398942280401432677939946059934;

  private static final double[] A = {
    2.2352520354606839287,
    161.02823106855587881,
    1067.6894854603709582,
    18154.981253343561249,
    0.065682337918207449113
  };
  private static final double[] B = {
    47.20258190468824187, 976.09855173777669322, 10260.932208618978205, 45507.789335026729956
  };
  private static final double[] C = {
    0.39894151208813466764, 8.8831497943883759412, 93.506656132177855979, 597.27027639480026226,
    2494.5375852903726711, 6848.1904505362823326, 11602.651437647350124, 9842.7148383839780218,
    1.0765576773720192317e-8
  };
  private static final double[] D = {
    22.266688044328115691, 235.38790178262499861, 1519.377599407554805, 6485.558298266760755,
    18615.571640885098091, 34900.952721145977266, 38912.003286093271411, 19685.429676859990727
  };
  private static final double[] P = {
    0.21589853405795699,
    0.1274011611602473639,
    0.022235277870649807,
    0.001421619193227893466,
    2.9112874951168792e-5,
    0.02307344176494017303
  };
  private static final double[] Q = {
    1.28426009614491121,
    0.468238212480865118,
    0.0659881378689285515,
    0.00378239633202758244,
    7.29751555083966205e-5
  };

  private Normal() {}

  /** P(Z <= x). */
  static double cdf(double x) {
    return upperTail(-x);
  }

  /** P(Z > x), accurate in the far tail. */
  static double upperTail(double x) {
    if (Double.isNaN(x)) {
      return Double.NaN;
    }
    double y = Math.abs(x);
    if (y <= 0.67448975) {
      double xsq = y > 1.11e-16 ? x * x : 0;
      double num = A[4] * xsq;
      double den = xsq;
      for (int i = 0; i < 3; i++) {
        num = (num + A[i]) * xsq;
        den = (den + B[i]) * xsq;
      }
      // x (num + A3) / (den + B3) is P(Z <= x) - 1/2
      return 0.5 - x * (num + A[3]) / (den + B[3]);
    }
    double tail; // P(Z > y)
    if (y <= SQRT_32) {
      double num = C[8] * y;
      double den = y;
      for (int i = 0; i < 7; i++) {
        num = (num + C[i]) * y;
        den = (den + D[i]) * y;
      }
      tail = (num + C[7]) / (den + D[7]) * gaussianFactor(y);
    } else if (y > 38.5) {
      // exp(-y^2/2) underflows below the smallest double from here on
      tail = 0.0;
    } else {
      double xsq = 1.0 / (x * x);
      double num = P[5] * xsq;
      double den = xsq;
      for (int i = 0; i < 4; i++) {
        num = (num + P[i]) * xsq;
        den = (den + Q[i]) * xsq;
      }
      double value = xsq * (num + P[4]) / (den + Q[4]);
      tail = gaussianFactor(y) * (ONE_OVER_SQRT_2PI - value) / y;
    }
    return x > 0 ? tail : 1 - tail;
  }

  /** exp(-y^2/2), with y^2 split so the rounding of the square does not cost digits far out. */
  private static double gaussianFactor(double y) {
    double ysq = Math.floor(y * 16) / 16;
    double del = (y - ysq) * (y + ysq);
    return Math.exp(-ysq * ysq * 0.5) * Math.exp(-del * 0.5);
  }

  /** The x with P(Z <= x) = p, for p in (0, 1); -infinity at 0 and +infinity at 1. */
  static double quantile(double p) {
    if (!(p >= 0 && p <= 1)) {
      throw new IllegalArgumentException("p must be in [0, 1], was " + p);
    }
    if (p == 0) {
      return Double.NEGATIVE_INFINITY;
    }
    if (p == 1) {
      return Double.POSITIVE_INFINITY;
    }
    double q = p - 0.5;
    if (Math.abs(q) <= 0.425) {
      double r = 0.180625 - q * q;
      return q
          * (((((((r * 2509.0809287301226727 + 33430.575583588128105) * r + 67265.770927008700853)
                                                  * r
                                              + 45921.953931549871457)
                                          * r
                                      + 13731.693765509461125)
                                  * r
                              + 1971.5909503065514427)
                          * r
                      + 133.14166789178437745)
                  * r
              + 3.387132872796366608)
          / (((((((r * 5226.495278852545925 + 28729.085735721942674) * r + 39307.89580009271061) * r
                                              + 21213.794301586595867)
                                          * r
                                      + 5394.1960214247511077)
                                  * r
                              + 687.1870074920579083)
                          * r
                      + 42.313330701600911252)
                  * r
              + 1.0);
    }
    double r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
    double value;
    if (r <= 5) {
      r -= 1.6;
      value =
          (((((((r * 7.7454501427834140764e-4 + 0.0227238449892691845833) * r
                                                          + 0.24178072517745061177)
                                                      * r
                                                  + 1.27045825245236838258)
                                              * r
                                          + 3.64784832476320460504)
                                      * r
                                  + 5.7694972214606914055)
                              * r
                          + 4.6303378461565452959)
                      * r
                  + 1.42343711074968357734)
              / (((((((r * 1.05075007164441684324e-9 + 5.475938084995344946e-4) * r
                                                          + 0.0151986665636164571966)
                                                      * r
                                                  + 0.14810397642748007459)
                                              * r
                                          + 0.68976733498510000455)
                                      * r
                                  + 1.6763848301838038494)
                              * r
                          + 2.05319162663775882187)
                      * r
                  + 1.0);
    } else {
      r -= 5;
      value =
          (((((((r * 2.01033439929228813265e-7 + 2.71155556874348757815e-5) * r
                                                          + 0.0012426609473880784386)
                                                      * r
                                                  + 0.026532189526576123093)
                                              * r
                                          + 0.29656057182850489123)
                                      * r
                                  + 1.7848265399172913358)
                              * r
                          + 5.4637849111641143699)
                      * r
                  + 6.6579046435011037772)
              / (((((((r * 2.04426310338993978564e-15 + 1.4215117583164458887e-7) * r
                                                          + 1.8463183175100546818e-5)
                                                      * r
                                                  + 7.868691311456132591e-4)
                                              * r
                                          + 0.0148753612908506148525)
                                      * r
                                  + 0.13692988092273580531)
                              * r
                          + 0.59983220655588793769)
                      * r
                  + 1.0);
    }
    return q < 0 ? -value : value;
  }
}
