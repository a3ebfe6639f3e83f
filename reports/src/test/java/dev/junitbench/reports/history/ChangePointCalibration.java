package dev.junitbench.reports.history;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Re-derives {@link NullDistribution}'s table: simulates step-free series of each of its lengths,
 * records the largest split statistic of {@link ChangePoints} on each, and prints the quantiles as
 * Java to paste over the table.
 *
 * <p>Run after {@code mvn test-compile}, from the reports module: {@code java -cp
 * target/classes:target/test-classes dev.junitbench.reports.history.ChangePointCalibration
 * [series]}, where {@code series} per length defaults to 100,000 (a few minutes on two cores; the
 * 0.001 column then rests on 100 exceedances, the 0.01 cut-off on 1,000). Every length has its own
 * fixed seed, so the table comes out the same each time.
 */
final class ChangePointCalibration {

  private ChangePointCalibration() {}

  public static void main(String[] args) {
    int series = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
    int[] lengths = NullDistribution.LENGTHS;
    double[][] quantiles = new double[lengths.length][];
    IntStream.range(0, lengths.length)
        .parallel()
        .forEach(
            row ->
                quantiles[row] =
                    quantiles(nullStatistics(lengths[row], series, 1_000 + lengths[row])));
    System.out.printf(
        Locale.ROOT,
        "  // %,d simulated step-free series per length; columns p = %s%n",
        series,
        Arrays.toString(NullDistribution.P));
    for (int row = 0; row < lengths.length; row++) {
      StringBuilder line =
          new StringBuilder(String.format(Locale.ROOT, "      /* %5d */ {", lengths[row]));
      for (int column = 0; column < quantiles[row].length; column++) {
        line.append(
            String.format(Locale.ROOT, column == 0 ? "%.4f" : ", %.4f", quantiles[row][column]));
      }
      System.out.println(line.append("},"));
    }
  }

  /**
   * The largest statistic of each of {@code series} step-free series of {@code length} runs,
   * sorted.
   */
  static double[] nullStatistics(int length, int series, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double[] logs = new double[length];
    double[] statistics = new double[series];
    for (int i = 0; i < series; i++) {
      for (int run = 0; run < length; run++) {
        logs[run] = random.nextGaussian();
      }
      statistics[i] = ChangePoints.largestStatistic(logs);
    }
    Arrays.sort(statistics);
    return statistics;
  }

  /**
   * For each of the table's probabilities p, the statistic that a share p of the sorted statistics
   * reach.
   */
  static double[] quantiles(double[] sorted) {
    double[] quantiles = new double[NullDistribution.P.length];
    for (int column = 0; column < quantiles.length; column++) {
      int exceeding = (int) Math.round(NullDistribution.P[column] * sorted.length);
      quantiles[column] = sorted[sorted.length - Math.max(1, exceeding)];
    }
    return quantiles;
  }
}
