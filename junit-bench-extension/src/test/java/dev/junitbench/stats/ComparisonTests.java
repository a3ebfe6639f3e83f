package dev.junitbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.util.Arrays;
import java.util.Random;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ComparisonTests {

  private static final RegressionRule RULE = RegressionRule.DEFAULT;

  /** n lognormal latencies in ns with the given median and coefficient of variation. */
  static long[] lognormal(Random random, int n, double medianNs, double cv) {
    double sigma = Math.sqrt(Math.log(1 + cv * cv));
    long[] samples = new long[n];
    for (int i = 0; i < n; i++) {
      samples[i] = Math.round(medianNs * Math.exp(sigma * random.nextGaussian()));
    }
    return samples;
  }

  /**
   * Rates over {@code pairs} simulated comparisons of a baseline with a current run {@code factor}
   * slower.
   */
  record Rates(double regressed, double improved, double covered) {}

  static Rates simulate(long seed, int pairs, double factor) {
    Random random = new Random(seed);
    int regressed = 0;
    int improved = 0;
    int covered = 0;
    for (int i = 0; i < pairs; i++) {
      long[] baseline = lognormal(random, 100, 10e6, 0.03);
      long[] current = lognormal(random, 100, 10e6 * factor, 0.03);
      Comparison comparison = Comparison.ofSamples(baseline, 100, current, 100, RULE);
      regressed += comparison.verdict() == Verdict.REGRESSED ? 1 : 0;
      improved += comparison.verdict() == Verdict.IMPROVED ? 1 : 0;
      covered += comparison.ci95Low() <= factor && factor <= comparison.ci95High() ? 1 : 0;
    }
    return new Rates(
        regressed / (double) pairs, improved / (double) pairs, covered / (double) pairs);
  }

  @Test
  @DisplayName(
      "Simulation, lognormal CV 3%, n = 100 a side: at most 1% false regressions over 1000 A/A pairs")
  void aaFalseAlarms() {
    Rates rates = simulate(20261123L, 1000, 1.0);
    System.out.println(
        "A/A: regressed "
            + rates.regressed()
            + ", improved "
            + rates.improved()
            + ", ratio interval covered 1.0 in "
            + rates.covered());
    assertThat(rates.regressed()).isLessThanOrEqualTo(0.01);
    assertThat(rates.improved()).isLessThanOrEqualTo(0.01);
    // The interval of the ratio holds the true ratio about 95% of the time (it is slightly
    // conservative).
    assertThat(rates.covered()).isBetween(0.93, 0.995);
  }

  @Test
  @DisplayName(
      "Simulation, threshold 0: A/A pairs are called changed at about the rate alpha says, so the p-value is right")
  void aaAtAlpha() {
    Random random = new Random(11);
    RegressionRule noThreshold = new RegressionRule(0, 0.01);
    int called = 0;
    for (int i = 0; i < 2000; i++) {
      long[] baseline = lognormal(random, 100, 10e6, 0.03);
      long[] current = lognormal(random, 100, 10e6, 0.03);
      called +=
          Comparison.ofSamples(baseline, 100, current, 100, noThreshold).verdict()
                  != Verdict.UNCHANGED
              ? 1
              : 0;
    }
    System.out.println("A/A with no threshold: called changed " + called / 2000.0);
    // Two-sided alpha 0.01: about 20 of 2000; the binomial's 99.9% range is 7 to 37.
    assertThat(called).isBetween(7, 37);
  }

  @Test
  @DisplayName(
      "Zero-width intervals on both sides (a coarse clock) leave no spread to test: no p-value, unchanged")
  void zeroWidthSummaries() {
    long[] flat = new long[20];
    Arrays.fill(flat, 30);
    long[] higher = new long[20];
    Arrays.fill(higher, 40);
    Comparison comparison =
        Comparison.ofSummaries(LatencySummary.of(flat, 20), LatencySummary.of(higher, 20), RULE);
    assertThat(comparison.pValue()).isNull();
    assertThat(comparison.verdict()).isEqualTo(Verdict.UNCHANGED);
    assertThat(comparison.note()).contains("zero width");
  }

  @Test
  @DisplayName("Simulation: a 10% slowdown is called a regression in at least 95% of 1000 pairs")
  void tenPercentDetected() {
    Rates rates = simulate(42L, 1000, 1.10);
    System.out.println(
        "10% slower: regressed "
            + rates.regressed()
            + ", interval covered 1.10 in "
            + rates.covered());
    assertThat(rates.regressed()).isGreaterThanOrEqualTo(0.95);
    assertThat(rates.improved()).isZero();
    assertThat(rates.covered()).isBetween(0.93, 0.995);
  }

  @Test
  @DisplayName(
      "Simulation: a true 5% slowdown sits on the threshold and is called about half the time")
  void fivePercentOnTheThreshold() {
    Rates rates = simulate(7L, 1000, 1.05);
    System.out.println("5% slower: regressed " + rates.regressed());
    assertThat(rates.regressed()).isBetween(0.3, 0.7);
  }

  @Test
  @DisplayName("A 10% speed-up is an improvement, never a regression")
  void improvement() {
    Rates rates = simulate(99L, 200, 0.90);
    assertThat(rates.improved()).isGreaterThanOrEqualTo(0.95);
    assertThat(rates.regressed()).isZero();
  }

  @Test
  @DisplayName(
      "From summaries alone: the same ratio and interval, a Wald p-value, the same verdict")
  void summariesOnly() {
    Random random = new Random(5);
    long[] baseline = lognormal(random, 200, 10e6, 0.03);
    long[] current = lognormal(random, 200, 11e6, 0.03);
    Comparison fromSamples = Comparison.ofSamples(baseline, 200, current, 200, RULE);
    Comparison fromSummaries =
        Comparison.ofSummaries(
            LatencySummary.of(baseline, 200), LatencySummary.of(current, 200), RULE);
    assertThat(fromSummaries.test()).isEqualTo(Comparison.WALD);
    assertThat(fromSamples.test()).isEqualTo(Comparison.MANN_WHITNEY);
    assertThat(fromSummaries.ratio()).isCloseTo(fromSamples.ratio(), withinPercentage(1e-9));
    assertThat(fromSummaries.ci95Low()).isCloseTo(fromSamples.ci95Low(), withinPercentage(1e-9));
    assertThat(fromSummaries.verdict())
        .isEqualTo(fromSamples.verdict())
        .isEqualTo(Verdict.REGRESSED);
    assertThat(fromSummaries.pValue()).isLessThan(1e-10);
    assertThat(fromSummaries.baselineMedianMs())
        .isCloseTo(fromSamples.baselineMedianMs(), withinPercentage(1e-9));
  }

  @Test
  @DisplayName("Too few samples: a ratio, no interval, and no call from a summary")
  void fewSamples() {
    long[] baseline = {100, 101, 102};
    long[] current = {200, 201, 202};
    Comparison fromSamples = Comparison.ofSamples(baseline, 3, current, 3, RULE);
    assertThat(fromSamples.ratio()).isCloseTo(201.0 / 101, withinPercentage(1e-12));
    assertThat(fromSamples.ci95Low()).isNull();
    assertThat(fromSamples.note()).contains("fewer than 6 samples");
    // 3 against 3: the exact test's smallest p is 0.1, never below alpha.
    assertThat(fromSamples.pValue()).isCloseTo(0.1, withinPercentage(1e-9));
    assertThat(fromSamples.verdict()).isEqualTo(Verdict.UNCHANGED);

    Comparison fromSummaries =
        Comparison.ofSummaries(LatencySummary.of(baseline, 3), LatencySummary.of(current, 3), RULE);
    assertThat(fromSummaries.pValue()).isNull();
    assertThat(fromSummaries.verdict()).isEqualTo(Verdict.UNCHANGED);
    assertThat(fromSummaries.note()).contains("no test");
  }

  @Test
  @DisplayName("A median of 0 ns (a body faster than the clock) has no ratio and no verdict")
  void zeroMedian() {
    long[] zeros = new long[10];
    long[] some = {10, 10, 10, 10, 10, 20, 20, 20, 20, 20};
    Comparison comparison = Comparison.ofSamples(zeros, 10, some, 10, RULE);
    assertThat(comparison.ratio()).isNull();
    assertThat(comparison.verdict()).isEqualTo(Verdict.UNCHANGED);
    assertThat(comparison.note()).contains("median of 0");
  }

  @Test
  @DisplayName(
      "The rule: latency lower is better; a change is called only beyond the threshold and when significant")
  void directions() {
    assertThat(RULE.latencyVerdict(1.2, 1e-5)).isEqualTo(Verdict.REGRESSED);
    assertThat(RULE.latencyVerdict(0.8, 1e-5)).isEqualTo(Verdict.IMPROVED);
    assertThat(RULE.latencyVerdict(1.04, 1e-50))
        .as("within the threshold")
        .isEqualTo(Verdict.UNCHANGED);
    assertThat(RULE.latencyVerdict(1.5, 0.02)).as("not significant").isEqualTo(Verdict.UNCHANGED);
    assertThat(RULE.latencyVerdict(1.5, null)).as("no test").isEqualTo(Verdict.UNCHANGED);
    assertThat(RULE.describe()).isEqualTo("change > 5% and p < 0.01");
  }

  @Test
  @DisplayName("A rule with a negative threshold or an alpha outside (0, 0.5] is refused")
  void badRule() {
    Assertions.assertThatThrownBy(() -> new RegressionRule(-0.1, 0.01))
        .hasMessageContaining("threshold must be 0 or more");
    assertThat(new RegressionRule(2.0, 0.01).latencyVerdict(2.5, 1e-9))
        .isEqualTo(Verdict.UNCHANGED);
    assertThat(new RegressionRule(2.0, 0.01).latencyVerdict(3.5, 1e-9))
        .isEqualTo(Verdict.REGRESSED);
    Assertions.assertThatThrownBy(() -> new RegressionRule(0.05, 0))
        .hasMessageContaining("alpha must be in (0, 0.5]");
    Assertions.assertThatThrownBy(() -> new RegressionRule(Double.NaN, 0.01))
        .hasMessageContaining("threshold");
  }
}
