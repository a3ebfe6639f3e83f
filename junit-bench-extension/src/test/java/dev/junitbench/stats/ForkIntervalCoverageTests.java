package dev.junitbench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Simulated forked runs: each JVM lands at its own level, lognormal around the true centre with a
 * log-sd of 0.05, and its iterations scatter lognormally around that level with a log-sd of 0.10.
 * The interval across forks must hold the true centre 95% of the time; the pooled samples' interval
 * of the median, which ignores that JVMs differ, must not be trusted.
 */
class ForkIntervalCoverageTests {

  private static final double CENTER_NS = 10e6;
  private static final double BETWEEN_LOG_SD = 0.05;
  private static final double WITHIN_LOG_SD = 0.10;
  private static final int ITERATIONS = 200;
  private static final int TRIALS = 4000;

  /** How often each interval held the true centre. */
  private record Coverage(double forks, double pooled) {}

  private static Coverage simulate(long seed, int forks) {
    SplittableRandom random = new SplittableRandom(seed);
    double center = CENTER_NS / 1e6;
    long[] pooled = new long[forks * ITERATIONS];
    long[] samples = new long[ITERATIONS];
    double[] medians = new double[forks];
    double[] lows = new double[forks];
    double[] highs = new double[forks];
    int forksCovered = 0;
    int pooledCovered = 0;
    for (int trial = 0; trial < TRIALS; trial++) {
      for (int f = 0; f < forks; f++) {
        double level = CENTER_NS * Math.exp(BETWEEN_LOG_SD * random.nextGaussian());
        for (int i = 0; i < ITERATIONS; i++) {
          samples[i] = Math.round(level * Math.exp(WITHIN_LOG_SD * random.nextGaussian()));
        }
        System.arraycopy(samples, 0, pooled, f * ITERATIONS, ITERATIONS);
        LatencySummary fork = LatencySummary.of(samples, ITERATIONS);
        medians[f] = fork.median();
        lows[f] = fork.ci95Low();
        highs[f] = fork.ci95High();
      }
      ForkStatistics statistics = ForkStatistics.of(medians, lows, highs);
      forksCovered += statistics.ci95Low() <= center && center <= statistics.ci95High() ? 1 : 0;
      LatencySummary all = LatencySummary.of(pooled, pooled.length);
      pooledCovered += all.ci95Low() <= center && center <= all.ci95High() ? 1 : 0;
    }
    return new Coverage(forksCovered / (double) TRIALS, pooledCovered / (double) TRIALS);
  }

  @Test
  @DisplayName(
      "Five forks of 200 iterations: the t interval holds the true centre 95% of the time, the pooled one far less")
  void fiveForks() {
    Coverage coverage = simulate(20261124L, 5);
    System.out.println(
        "5 forks: t interval covered "
            + coverage.forks()
            + ", pooled samples' interval "
            + coverage.pooled());
    // Seed 20261124 gives 0.94925 (3797 of 4000); the binomial's 95% range around 95% of 4000 is
    // 94.3% to 95.7%.
    assertThat(coverage.forks()).isBetween(0.94, 0.96);
    // Seed 20261124 gives 0.30225 (1209 of 4000): the 1000 pooled samples make an interval as
    // narrow as
    // if they were independent (log standard error about 1.25 * 0.112 / sqrt(1000) = 0.0044), yet
    // the
    // mean of five JVM levels wanders by 0.05 / sqrt(5) = 0.022, five times that: P(|Z| < 0.39) =
    // 0.30.
    assertThat(coverage.pooled()).isLessThan(0.5);
  }

  @Test
  @DisplayName(
      "Three forks: the t interval, 2 degrees of freedom, still holds the true centre 95% of the time")
  void threeForks() {
    Coverage coverage = simulate(31L, 3);
    System.out.println(
        "3 forks: t interval covered "
            + coverage.forks()
            + ", pooled samples' interval "
            + coverage.pooled());
    // Seed 31 gives 0.95 (3800 of 4000); the pooled interval covers 0.29525.
    assertThat(coverage.forks()).isBetween(0.935, 0.965);
  }
}
