package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Student's t distribution: the quantile JMH multiplies a standard error by for its {@code
 * scoreError} (99.9% confidence), so a JMH export states the error JMH would state.
 *
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class StudentT {

  private static final double[] LANCZOS = {
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7
  };

  private StudentT() {}

  /**
   * The t with {@code P(T <= t) = p} for {@code degreesOfFreedom} ({@code > 0}) degrees of freedom,
   * p in (0, 1).
   */
  public static double quantile(double p, double degreesOfFreedom) {
    if (!(p > 0 && p < 1)) {
      throw new IllegalArgumentException("p must be in (0, 1), was " + p);
    }
    if (!(degreesOfFreedom > 0)) {
      throw new IllegalArgumentException(
          "degrees of freedom must be positive, were " + degreesOfFreedom);
    }
    if (p == 0.5) {
      return 0;
    }
    if (p < 0.5) {
      return -quantile(1 - p, degreesOfFreedom);
    }
    // Bracket, then bisect: the cdf is monotone, and 200 halvings reach the last bit of any double.
    double low = 0;
    double high = Math.max(1, Normal.quantile(p));
    while (cdf(high, degreesOfFreedom) < p) {
      low = high;
      high *= 2;
      if (Double.isInfinite(high)) {
        return high;
      }
    }
    for (int i = 0; i < 200 && high - low > Math.ulp(high); i++) {
      double middle = low + (high - low) / 2;
      if (cdf(middle, degreesOfFreedom) < p) {
        low = middle;
      } else {
        high = middle;
      }
    }
    return low + (high - low) / 2;
  }

  /** {@code P(T <= t)}. */
  public static double cdf(double t, double degreesOfFreedom) {
    double x = degreesOfFreedom / (degreesOfFreedom + t * t);
    double tail = 0.5 * regularizedBeta(x, degreesOfFreedom / 2, 0.5);
    return t > 0 ? 1 - tail : tail;
  }

  /**
   * I_x(a, b) by its continued fraction (modified Lentz), using the symmetry where that converges
   * faster.
   */
  static double regularizedBeta(double x, double a, double b) {
    if (x <= 0) {
      return 0;
    }
    if (x >= 1) {
      return 1;
    }
    double front =
        Math.exp(lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
    if (x > (a + 1) / (a + b + 2)) {
      return 1 - front * continuedFraction(1 - x, b, a) / b;
    }
    return front * continuedFraction(x, a, b) / a;
  }

  private static double continuedFraction(double x, double a, double b) {
    final double tiny = 1e-300;
    double c = 1;
    double d = 1 - (a + b) * x / (a + 1);
    d = Math.abs(d) < tiny ? tiny : d;
    d = 1 / d;
    double result = d;
    for (int m = 1; m <= 10_000; m++) {
      int m2 = 2 * m;
      double even = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
      d = 1 + even * d;
      d = Math.abs(d) < tiny ? tiny : d;
      c = 1 + even / c;
      c = Math.abs(c) < tiny ? tiny : c;
      d = 1 / d;
      result *= d * c;
      double odd = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
      d = 1 + odd * d;
      d = Math.abs(d) < tiny ? tiny : d;
      c = 1 + odd / c;
      c = Math.abs(c) < tiny ? tiny : c;
      d = 1 / d;
      double step = d * c;
      result *= step;
      if (Math.abs(step - 1) < 1e-16) {
        break;
      }
    }
    return result;
  }

  /** ln Gamma(x) for x > 0 (Lanczos, g = 7), with the reflection below 1/2. */
  static double lnGamma(double x) {
    if (x < 0.5) {
      return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lnGamma(1 - x);
    }
    double z = x - 1;
    double sum = LANCZOS[0];
    for (int i = 1; i < LANCZOS.length; i++) {
      sum += LANCZOS[i] / (z + i);
    }
    double t = z + 7.5;
    return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
  }
}
