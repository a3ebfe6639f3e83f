package dev.junitbench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Simulated adaptive forks: each JVM lands lognormally around the true centre with a between-fork
 * CV, and measures its median with a little noise of its own (log-sd 0.2%); forks are added until
 * the rule stops them (default min 3, max 10, precision +-2%). The naive rule (plain t quantile)
 * covers the true centre less than 95% of the time; the corrected rule covers 94-96%.
 */
@DisplayName("Forks until the answer is known, simulated")
class ForkStopRuleCoverageTests {

  private static final double CENTER_MS = 8.0;
  private static final double WITHIN_LOG_SD = 0.002;
  private static final int REPLICATIONS = 100_000;

  /** How often the reported interval held the true centre, and the mean count of forks run. */
  private record Outcome(double coverage, double meanForks) {}

  private static Outcome simulate(ForkStopRule rule, double cv, long seed) {
    return simulate(rule, cv, seed, REPLICATIONS);
  }

  private static Outcome simulate(ForkStopRule rule, double cv, long seed, int replications) {
    SplittableRandom random = new SplittableRandom(seed);
    double betweenLogSd = Math.sqrt(Math.log1p(cv * cv));
    double[] medians = new double[rule.max()];
    long covered = 0;
    long forks = 0;
    for (int replication = 0; replication < replications; replication++) {
      for (int f = 0; f < medians.length; f++) {
        medians[f] =
            CENTER_MS
                * Math.exp(
                    betweenLogSd * random.nextGaussian() + WITHIN_LOG_SD * random.nextGaussian());
      }
      ForkStopRule.Look look = null;
      for (int k = rule.min(); k <= rule.max(); k++) {
        look = rule.look(Arrays.copyOf(medians, k));
        if (look.stop() != ForkStopRule.Stop.CONTINUE) {
          break;
        }
      }
      forks += look.forks();
      covered += look.ci95Low() <= CENTER_MS && CENTER_MS <= look.ci95High() ? 1 : 0;
    }
    return new Outcome(covered / (double) replications, forks / (double) replications);
  }

  @ParameterizedTest(name = "between-fork CV {0}")
  @CsvSource({"0.017", "0.03", "0.05"})
  @DisplayName(
      "stopping on a narrow interval makes the naive interval cover less than 95%, the corrected one 94-96%")
  void coverage(double cv) {
    long seed = 20261127L;
    ForkStopRule naiveRule = ForkStopRule.naive(3, 10, 0.02);
    ForkStopRule corrected = new ForkStopRule(3, 10, 0.02);
    Outcome naive = simulate(naiveRule, cv, seed);
    Outcome fixed = simulate(corrected, cv, seed);
    System.out.println(
        String.format(
            Locale.ROOT,
            "between-fork CV %.1f%%: naive covers %.2f%% in %.2f forks, corrected %.2f%% in %.2f"
                + " forks",
            cv * 100,
            naive.coverage() * 100,
            naive.meanForks(),
            fixed.coverage() * 100,
            fixed.meanForks()));
    // 100,000 replications: the binomial standard error at 95% is 0.07 percentage points.
    assertThat(naive.coverage()).as("naive coverage").isLessThan(0.942);
    assertThat(fixed.coverage()).as("corrected coverage").isBetween(0.94, 0.96);
    assertThat(fixed.meanForks())
        .as("the correction costs forks")
        .isGreaterThanOrEqualTo(naive.meanForks());
  }

  @ParameterizedTest(name = "min {0}, max {1}, precision {2}, between-fork CV {3}")
  @CsvSource({
    "3, 10, 0.05, 0.05",
    "3, 10, 0.05, 0.08",
    "3, 10, 0.03, 0.05",
    "3, 10, 0.01, 0.005",
    "3, 5, 0.02, 0.03",
    "5, 10, 0.02, 0.05",
    "5, 20, 0.01, 0.017",
    "3, 20, 0.02, 0.12",
    "4, 15, 0.03, 0.03"
  })
  @DisplayName(
      "outside the defaults the corrected interval covers about as the defaults' does (at least"
          + " 93.5% in 20,000 replications)")
  void outsideTheDefaults(int min, int max, double precision, double cv) {
    Outcome outcome = simulate(new ForkStopRule(min, max, precision), cv, 20261128L, 20_000);
    System.out.println(
        String.format(
            Locale.ROOT,
            "min %d, max %d, precision %.1f%%, between-fork CV %.1f%%: corrected covers %.2f%% in"
                + " %.2f forks",
            min,
            max,
            precision * 100,
            cv * 100,
            outcome.coverage() * 100,
            outcome.meanForks()));
    // 20,000 replications: the binomial standard error at 95% is 0.15 percentage points.
    assertThat(outcome.coverage()).as("corrected coverage").isGreaterThanOrEqualTo(0.935);
  }
}
