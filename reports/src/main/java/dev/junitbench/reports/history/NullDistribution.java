package dev.junitbench.reports.history;

/**
 * How large the largest split statistic of {@link ChangePoints} gets on series without any change,
 * by length: the table that turns a statistic into a calibrated p-value.
 *
 * <p>A textbook t-test p-value is wrong here because the split tested is the best of many: p &lt;
 * 0.01 at the best split of a 50-run series happens on about 17% of step-free series. The table
 * instead holds quantiles of the largest statistic over simulated step-free series (Gaussian noise
 * in log space; the statistic does not depend on the noise level), written by {@code
 * ChangePointCalibration} in the test sources, which re-derives it.
 */
final class NullDistribution {

  /** Exceedance probabilities of the table's columns, descending. */
  static final double[] P = {0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001};

  /** Series lengths of the table's rows; closer together where the quantiles bend most. */
  static final int[] LENGTHS = {
    8, 9, 10, 12, 14, 16, 20, 25, 30, 40, 50, 60, 80, 100, 150, 200, 300, 500, 700, 1000, 1500,
    2000, 3000, 5000
  };

  /**
   * QUANTILES[row][column]: the statistic exceeded by a share P[column] of step-free series of
   * LENGTHS[row] runs.
   */
  static final double[][] QUANTILES = {
    // 100,000 simulated step-free series per length.
    /*     8 */ {0.7280, 1.4733, 1.9981, 2.5282, 3.2723, 3.8465, 4.4939, 5.4462, 6.3994},
    /*     9 */ {0.9818, 1.7278, 2.2543, 2.7903, 3.5099, 4.0929, 4.6891, 5.6087, 6.3854},
    /*    10 */ {1.1385, 1.8862, 2.4092, 2.9093, 3.5836, 4.1418, 4.7349, 5.6237, 6.2675},
    /*    12 */ {1.3312, 2.0528, 2.5437, 3.0148, 3.6338, 4.1477, 4.6537, 5.3381, 5.8944},
    /*    14 */ {1.4445, 2.1393, 2.6073, 3.0538, 3.6289, 4.0492, 4.4971, 5.0455, 5.5443},
    /*    16 */ {1.5176, 2.1973, 2.6411, 3.0619, 3.6054, 4.0008, 4.4351, 4.9576, 5.4281},
    /*    20 */ {1.6171, 2.2729, 2.6915, 3.0724, 3.5517, 3.9031, 4.2796, 4.7629, 5.0902},
    /*    25 */ {1.6931, 2.3104, 2.7013, 3.0652, 3.5190, 3.8562, 4.1647, 4.6005, 4.8531},
    /*    30 */ {1.7469, 2.3483, 2.7319, 3.0745, 3.4944, 3.7962, 4.0739, 4.4690, 4.7679},
    /*    40 */ {1.8136, 2.3890, 2.7455, 3.0691, 3.4601, 3.7445, 4.0118, 4.3283, 4.6313},
    /*    50 */ {1.8645, 2.4312, 2.7821, 3.0919, 3.4682, 3.7311, 3.9931, 4.3381, 4.5740},
    /*    60 */ {1.9258, 2.4886, 2.8211, 3.1240, 3.4997, 3.7607, 4.0003, 4.3173, 4.5054},
    /*    80 */ {2.0360, 2.5920, 2.9211, 3.2143, 3.5631, 3.8344, 4.0670, 4.3642, 4.5828},
    /*   100 */ {2.1287, 2.6688, 2.9925, 3.2825, 3.6219, 3.8698, 4.1071, 4.4016, 4.6469},
    /*   150 */ {2.2910, 2.8104, 3.1234, 3.3985, 3.7261, 3.9673, 4.1964, 4.4778, 4.6870},
    /*   200 */ {2.4113, 2.9176, 3.2194, 3.4920, 3.8232, 4.0468, 4.2685, 4.5932, 4.8350},
    /*   300 */ {2.5800, 3.0656, 3.3571, 3.6199, 3.9370, 4.1589, 4.3884, 4.6615, 4.8601},
    /*   500 */ {2.7911, 3.2517, 3.5300, 3.7830, 4.0756, 4.2898, 4.4858, 4.7794, 4.9668},
    /*   700 */ {2.9280, 3.3709, 3.6382, 3.8772, 4.1785, 4.3910, 4.5875, 4.8718, 5.0707},
    /*  1000 */ {3.0707, 3.4985, 3.7635, 3.9966, 4.2933, 4.5049, 4.7180, 4.9772, 5.1676},
    /*  1500 */ {3.2231, 3.6364, 3.8854, 4.1159, 4.3906, 4.5930, 4.7924, 5.0580, 5.2635},
    /*  2000 */ {3.3307, 3.7314, 3.9779, 4.2084, 4.4900, 4.6924, 4.8898, 5.1439, 5.3078},
    /*  3000 */ {3.4786, 3.8684, 4.1099, 4.3294, 4.6003, 4.7976, 4.9901, 5.2406, 5.4047},
    /*  5000 */ {3.6578, 4.0329, 4.2651, 4.4835, 4.7531, 4.9454, 5.1289, 5.3557, 5.5463},
  };

  /**
   * Below the table's smallest probability the tail is extrapolated as Gaussian-shaped (log p
   * linear in the statistic squared); that says "far beyond chance" rather than a precise figure,
   * so it stops here.
   */
  static final double MIN_P_VALUE = 1e-12;

  private static final double[] LOG_P = new double[P.length];

  static {
    for (int column = 0; column < P.length; column++) {
      LOG_P[column] = Math.log(P[column]);
    }
  }

  private NullDistribution() {}

  /**
   * The share of step-free series of {@code length} runs whose largest statistic is at least {@code
   * statistic}: log p interpolated linearly between the table's columns, the columns linearly in
   * log length between its rows (and extrapolated the same way past 5,000 runs, which errs towards
   * fewer change points).
   */
  static double pValue(double statistic, int length) {
    double[] quantiles = quantiles(length);
    if (statistic <= quantiles[0]) {
      // From p = 1 at a statistic of 0 to the first column.
      return Math.exp(LOG_P[0] * Math.max(0, statistic) / quantiles[0]);
    }
    for (int column = 1; column < P.length; column++) {
      if (statistic <= quantiles[column]) {
        double fraction =
            (statistic - quantiles[column - 1]) / (quantiles[column] - quantiles[column - 1]);
        return Math.exp(LOG_P[column - 1] + fraction * (LOG_P[column] - LOG_P[column - 1]));
      }
    }
    int last = P.length - 1;
    double lastSquared = quantiles[last] * quantiles[last];
    double slope =
        (LOG_P[last] - LOG_P[last - 1]) / (lastSquared - quantiles[last - 1] * quantiles[last - 1]);
    return Math.max(
        MIN_P_VALUE, Math.exp(LOG_P[last] + slope * (statistic * statistic - lastSquared)));
  }

  /**
   * The statistic a step-free series of {@code length} runs reaches with probability {@code
   * P[column]}.
   */
  static double quantile(int length, int column) {
    return quantiles(length)[column];
  }

  private static double[] quantiles(int length) {
    int upper = 1;
    while (upper < LENGTHS.length - 1 && LENGTHS[upper] < length) {
      upper++;
    }
    if (length <= LENGTHS[0]) {
      return QUANTILES[0];
    }
    int lower = upper - 1;
    double fraction =
        Math.log((double) length / LENGTHS[lower])
            / Math.log((double) LENGTHS[upper] / LENGTHS[lower]);
    double[] quantiles = new double[P.length];
    for (int column = 0; column < P.length; column++) {
      quantiles[column] =
          QUANTILES[lower][column]
              + fraction * (QUANTILES[upper][column] - QUANTILES[lower][column]);
    }
    return quantiles;
  }
}
