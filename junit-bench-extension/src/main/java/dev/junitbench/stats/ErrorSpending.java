package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Arrays;
import org.apiguardian.api.API;

/**
 * The boundaries of a one-sided test looked at several times as data come in (a group-sequential
 * design), by Lan and DeMets' error spending with the O'Brien-Fleming-type function {@code alpha(t)
 * = 2 - 2 Phi(z(1 - alpha/2) / sqrt(t))} at information fraction t: look k rejects when its z
 * exceeds {@code boundaries[k]}, and over all looks a true null is rejected with probability {@code
 * alpha}, however early the test stops. The boundaries are computed, not tabulated: by the
 * recursive numerical integration of Armitage, McPherson and Rowe over the score process, whose
 * increments between looks are independent normals. Early looks spend almost nothing (a first look
 * at a quarter of the data rejects only beyond z = 5.5 at alpha 0.005), so the last look's boundary
 * stays close to a fixed test's.
 *
 * @param alpha the one-sided level spent over all looks, in (0, 0.5)
 * @param fractions the information fraction of each look, ascending, in (0, 1], the last 1
 * @param boundaries the z a look's statistic must exceed to reject, one per look
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ErrorSpending(double alpha, double[] fractions, double[] boundaries) {

  /** Grid step of the integration on the score scale (its standard deviation is at most 1). */
  private static final double STEP = 0.005;

  /** Where the grid starts: the score's mass below -8 standard deviations is nil. */
  private static final double FLOOR = -8;

  /**
   * The O'Brien-Fleming-type boundaries of a one-sided level {@code alpha} at looks made at {@code
   * fractions} of the information (ascending, in (0, 1], the last 1).
   */
  public static ErrorSpending obrienFleming(double alpha, double[] fractions) {
    return of(Shape.OBRIEN_FLEMING, alpha, fractions);
  }

  /**
   * The Pocock-type boundaries of a one-sided level {@code alpha} at looks made at {@code
   * fractions} of the information (ascending, in (0, 1], the last 1).
   */
  public static ErrorSpending pocock(double alpha, double[] fractions) {
    return of(Shape.POCOCK, alpha, fractions);
  }

  /** How a design spends its level over the information: Lan and DeMets' two functions. */
  @API(status = EXPERIMENTAL, since = "0.1")
  public enum Shape {
    /**
     * {@code alpha(t) = 2 - 2 Phi(z(1 - alpha/2) / sqrt t)}: almost nothing early, the last look
     * close to a fixed test's.
     */
    OBRIEN_FLEMING,
    /**
     * {@code alpha(t) = alpha ln(1 + (e - 1) t)}: evenly over the looks, so a clear change stops at
     * the first, at the cost of a stricter last look.
     */
    POCOCK;

    /** The level spent by information fraction {@code t}. */
    public double spent(double alpha, double t) {
      return this == OBRIEN_FLEMING
          ? 2 * Normal.upperTail(Normal.quantile(1 - alpha / 2) / Math.sqrt(t))
          : alpha * Math.log(1 + (Math.E - 1) * t);
    }
  }

  /**
   * The boundaries of a one-sided level {@code alpha} spent by {@code shape} at looks made at
   * {@code fractions} of the information (ascending, in (0, 1], the last 1).
   */
  public static ErrorSpending of(Shape shape, double alpha, double[] fractions) {
    if (!(alpha > 0 && alpha < 0.5)) {
      throw new IllegalArgumentException("the one-sided level must be in (0, 0.5), was " + alpha);
    }
    if (fractions.length == 0 || fractions[fractions.length - 1] != 1) {
      throw new IllegalArgumentException(
          "the information fractions must end with 1 (the last look sees everything), were "
              + Arrays.toString(fractions));
    }
    for (int k = 0; k < fractions.length; k++) {
      if (!(fractions[k] > (k == 0 ? 0 : fractions[k - 1]) && fractions[k] <= 1)) {
        throw new IllegalArgumentException(
            "the information fractions must rise in (0, 1], were " + Arrays.toString(fractions));
      }
    }
    double[] boundaries = new double[fractions.length];
    double first = fractions[0];
    // From the tail: 1 - spent rounds to 1 for an early look (4e-17 at a ninth of the way).
    boundaries[0] = -Normal.quantile(shape.spent(alpha, first));
    // The density of the score S = Z sqrt(t) of paths not yet stopped, on a grid up to the bound.
    double[] grid = grid(boundaries[0] * Math.sqrt(first));
    double[] density = new double[grid.length];
    for (int i = 0; i < grid.length; i++) {
      density[i] = phi(grid[i] / Math.sqrt(first)) / Math.sqrt(first);
    }
    for (int k = 1; k < fractions.length; k++) {
      double delta = Math.sqrt(fractions[k] - fractions[k - 1]);
      double target = shape.spent(alpha, fractions[k]) - shape.spent(alpha, fractions[k - 1]);
      double bound = solve(grid, density, delta, target);
      boundaries[k] = bound / Math.sqrt(fractions[k]);
      double[] next = grid(bound);
      double[] moved = new double[next.length];
      double[] weights = weights(grid);
      for (int j = 0; j < next.length; j++) {
        double sum = 0;
        for (int i = 0; i < grid.length; i++) {
          sum += weights[i] * density[i] * phi((next[j] - grid[i]) / delta);
        }
        moved[j] = sum / delta;
      }
      grid = next;
      density = moved;
    }
    return new ErrorSpending(alpha, fractions.clone(), boundaries);
  }

  /**
   * The level spent by information fraction {@code t}: {@code 2 - 2 Phi(z(1 - alpha/2) / sqrt t)}.
   */
  public static double spent(double alpha, double t) {
    return Shape.OBRIEN_FLEMING.spent(alpha, t);
  }

  /** The one-sided nominal p-value below which look {@code k} (from 0) rejects. */
  public double nominal(int k) {
    return Normal.upperTail(boundaries[k]);
  }

  /** How many looks the design has. */
  public int looks() {
    return boundaries.length;
  }

  @Override
  public double[] fractions() {
    return fractions.clone();
  }

  @Override
  public double[] boundaries() {
    return boundaries.clone();
  }

  /** The score bound whose crossing probability from the paths still going is {@code target}. */
  private static double solve(double[] grid, double[] density, double delta, double target) {
    double[] weights = weights(grid);
    double low = FLOOR;
    double high = 40;
    if (!(target > 0)) {
      return high;
    }
    for (int i = 0; i < 100 && high - low > 1e-9; i++) {
      double middle = (low + high) / 2;
      double crossing = 0;
      for (int j = 0; j < grid.length; j++) {
        crossing += weights[j] * density[j] * Normal.upperTail((middle - grid[j]) / delta);
      }
      if (crossing > target) {
        low = middle;
      } else {
        high = middle;
      }
    }
    return (low + high) / 2;
  }

  /** Points from {@link #FLOOR} every {@link #STEP}, and the bound itself last. */
  private static double[] grid(double bound) {
    int n = Math.max(0, (int) Math.ceil((bound - FLOOR) / STEP));
    double[] points = new double[n + 1];
    for (int i = 0; i < n; i++) {
      points[i] = FLOOR + i * STEP;
    }
    points[n] = bound;
    return points;
  }

  /** Trapezoid weights of a grid whose last interval may be shorter. */
  private static double[] weights(double[] grid) {
    double[] weights = new double[grid.length];
    for (int i = 1; i < grid.length; i++) {
      double half = (grid[i] - grid[i - 1]) / 2;
      weights[i - 1] += half;
      weights[i] += half;
    }
    return weights;
  }

  private static double phi(double x) {
    return Math.exp(-x * x / 2) / Math.sqrt(2 * Math.PI);
  }
}
