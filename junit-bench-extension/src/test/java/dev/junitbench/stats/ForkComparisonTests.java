package dev.junitbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.results.ResultsJson;
import java.util.SplittableRandom;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

// Expected figures from scipy 1.17 with b = numpy.log(baseline), c = numpy.log(current):
// r = scipy.stats.ttest_ind(c, b, equal_var=False) gives statistic, pvalue and df;
// d = c.mean() - b.mean(); se = numpy.sqrt(c.var(ddof=1)/len(c) + b.var(ddof=1)/len(b));
// ratio numpy.exp(d), interval numpy.exp(d -+ scipy.stats.t.ppf(0.975, r.df) * se).
class ForkComparisonTests {

  private static final RegressionRule RULE = RegressionRule.DEFAULT;
  private static final double[] BASELINE = {10.21, 10.53, 9.87, 10.92, 10.14};

  @Test
  @DisplayName(
      "Five forks against four, 9% slower: scipy's Welch statistic, p-value, degrees of freedom and interval")
  void againstScipy() {
    double[] current = {11.02, 11.61, 10.95, 11.38};
    WelchTest welch =
        WelchTest.of(ForkMedians.of("baseline", BASELINE), ForkMedians.of("current", current));
    assertThat(welch.statistic()).isCloseTo(3.8105286738064637, withinPercentage(1e-10));
    assertThat(welch.pValue()).isCloseTo(0.006711617806326873, withinPercentage(1e-8));
    assertThat(welch.degreesOfFreedom()).isCloseTo(6.95090159671702, withinPercentage(1e-10));

    Comparison c = Comparison.ofForks(BASELINE, current, RULE);
    assertThat(c.test()).isEqualTo(Comparison.WELCH).isEqualTo("welch-t-log-fork-medians");
    assertThat(c.pValue()).isCloseTo(0.006711617806326873, withinPercentage(1e-8));
    assertThat(c.ratio()).isCloseTo(1.0880182422306328, withinPercentage(1e-11));
    assertThat(c.ci95Low()).isCloseTo(1.0324499228692385, withinPercentage(1e-9));
    assertThat(c.ci95High()).isCloseTo(1.1465773488914912, withinPercentage(1e-9));
    // numpy.exp(b.mean()), numpy.exp(c.mean())
    assertThat(c.baselineMedianMs()).isCloseTo(10.327765582933926, withinPercentage(1e-11));
    assertThat(c.currentMedianMs()).isCloseTo(11.236797355713799, withinPercentage(1e-11));
    assertThat(c.baselineCount()).isEqualTo(5);
    assertThat(c.currentCount()).isEqualTo(4);
    assertThat(c.countUnit()).isEqualTo("forks");
    assertThat(c.verdict()).isEqualTo(Verdict.REGRESSED);
    assertThat(c.note()).isNull();
  }

  @Test
  @DisplayName("No change against three forks: scipy's figures, and unchanged")
  void noChange() {
    double[] current = {10.35, 10.02, 10.61};
    WelchTest welch =
        WelchTest.of(ForkMedians.of("baseline", BASELINE), ForkMedians.of("current", current));
    assertThat(welch.statistic()).isCloseTo(-0.015867573884243143, withinPercentage(1e-8));
    assertThat(welch.degreesOfFreedom()).isCloseTo(5.487872725467967, withinPercentage(1e-10));

    Comparison c = Comparison.ofForks(BASELINE, current, RULE);
    assertThat(c.pValue()).isCloseTo(0.9879009780889658, withinPercentage(1e-10));
    assertThat(c.ratio()).isCloseTo(0.9996196389707379, withinPercentage(1e-11));
    assertThat(c.ci95Low()).isCloseTo(0.9413884537987112, withinPercentage(1e-9));
    assertThat(c.ci95High()).isCloseTo(1.0614528132184282, withinPercentage(1e-9));
    assertThat(c.verdict()).isEqualTo(Verdict.UNCHANGED);
  }

  @Test
  @DisplayName(
      "A twofold slowdown with tiny spread keeps its tiny p-value: the tail is computed, not 1 - cdf")
  void tinyP() {
    double[] baseline = {10.001, 10.002, 9.999, 10.000, 10.003, 9.998};
    double[] current = {20.004, 19.997, 20.001, 20.002, 19.999, 20.000, 20.003};
    WelchTest welch =
        WelchTest.of(ForkMedians.of("baseline", baseline), ForkMedians.of("current", current));
    assertThat(welch.statistic()).isCloseTo(7794.751413787053, withinPercentage(1e-8));
    assertThat(welch.degreesOfFreedom()).isCloseTo(8.313127023725436, withinPercentage(1e-8));

    Comparison c = Comparison.ofForks(baseline, current, RULE);
    assertThat(c.pValue()).isCloseTo(7.925755967947337e-30, withinPercentage(1e-6));
    assertThat(c.ratio()).isCloseTo(1.9999857317154206, withinPercentage(1e-11));
    assertThat(c.ci95Low()).isCloseTo(1.9995783315432185, withinPercentage(1e-9));
    assertThat(c.ci95High()).isCloseTo(2.0003932148925734, withinPercentage(1e-9));
    assertThat(c.verdict()).isEqualTo(Verdict.REGRESSED);

    Comparison faster = Comparison.ofForks(current, baseline, RULE);
    assertThat(faster.pValue()).isCloseTo(7.925755967947337e-30, withinPercentage(1e-6));
    assertThat(faster.verdict()).isEqualTo(Verdict.IMPROVED);
  }

  @Test
  @DisplayName(
      "Fewer than 2 forks on a side: a ratio of geometric means, no p-value, no interval, unchanged")
  void oneFork() {
    Comparison c = Comparison.ofForks(new double[] {10}, new double[] {20, 20.5, 19.5}, RULE);
    assertThat(c.ratio()).isCloseTo(Math.cbrt(20 * 20.5 * 19.5) / 10, withinPercentage(1e-12));
    assertThat(c.pValue()).isNull();
    assertThat(c.ci95Low()).isNull();
    assertThat(c.ci95High()).isNull();
    assertThat(c.verdict()).isEqualTo(Verdict.UNCHANGED);
    assertThat(c.note()).isEqualTo("fewer than 2 forks on a side: no Welch test");
    assertThat(c.baselineCount()).isEqualTo(1);
    assertThat(c.currentCount()).isEqualTo(3);
  }

  @Test
  @DisplayName("Every fork median equal within each side: no spread to test, no p-value, unchanged")
  void noSpread() {
    Comparison c = Comparison.ofForks(new double[] {10, 10, 10}, new double[] {12, 12}, RULE);
    assertThat(c.ratio()).isCloseTo(1.2, withinPercentage(1e-12));
    assertThat(c.pValue()).isNull();
    assertThat(c.verdict()).isEqualTo(Verdict.UNCHANGED);
    assertThat(c.note()).contains("no spread to test");
  }

  @Test
  @DisplayName("A fork median of 0 has no logarithm: no ratio, no test")
  void zeroMedian() {
    Comparison c =
        Comparison.ofForks(new double[] {0, 1e-6, 1e-6}, new double[] {1e-6, 1e-6}, RULE);
    assertThat(c.ratio()).isNull();
    assertThat(c.pValue()).isNull();
    assertThat(c.baselineMedianMs()).isZero();
    assertThat(c.verdict()).isEqualTo(Verdict.UNCHANGED);
    assertThat(c.note()).contains("no logarithm");
  }

  @Test
  @DisplayName(
      "No fork on a side, or a negative or non-finite median, is refused naming the side and fork")
  void badInput() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Comparison.ofForks(new double[0], BASELINE, RULE))
        .withMessageContaining("no baseline fork medians");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Comparison.ofForks(BASELINE, new double[] {1, -1}, RULE))
        .withMessageContaining("current fork 2's median");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Comparison.ofForks(new double[] {Double.NaN}, BASELINE, RULE))
        .withMessageContaining("baseline fork 1's median");
  }

  @Test
  @DisplayName(
      "Counts are forks for Welch and samples for every other test; the unit is derived, not a JSON field")
  void countUnit() throws Exception {
    assertThat(Comparison.ofForks(BASELINE, BASELINE, RULE).countUnit()).isEqualTo("forks");
    long[] samples = {10, 11, 12, 13, 14, 15};
    assertThat(Comparison.ofSamples(samples, 6, samples, 6, RULE).countUnit()).isEqualTo("samples");
    JsonNode json = ResultsJson.mapper().valueToTree(Comparison.ofForks(BASELINE, BASELINE, RULE));
    assertThat(json.has("count_unit")).isFalse();
    assertThat(json.get("test").asText()).isEqualTo("welch-t-log-fork-medians");
  }

  /** Share of {@code trials} comparisons of 5 against 5 forks with the given verdict. */
  private static double share(
      long seed, int trials, double factor, RegressionRule rule, Verdict verdict) {
    SplittableRandom random = new SplittableRandom(seed);
    int hits = 0;
    for (int i = 0; i < trials; i++) {
      double[] baseline = forkMedians(random, 5, 10);
      double[] current = forkMedians(random, 5, 10 * factor);
      Comparison c = Comparison.ofForks(baseline, current, rule);
      hits +=
          verdict == null
              ? (c.verdict() != Verdict.UNCHANGED ? 1 : 0)
              : (c.verdict() == verdict ? 1 : 0);
    }
    return hits / (double) trials;
  }

  /**
   * Fork medians (ms) of JVMs landing lognormally around {@code centerMs} with a log-sd of 0.03.
   */
  private static double[] forkMedians(SplittableRandom random, int forks, double centerMs) {
    double[] medians = new double[forks];
    for (int i = 0; i < forks; i++) {
      medians[i] = centerMs * Math.exp(0.03 * random.nextGaussian());
    }
    return medians;
  }

  @Test
  @DisplayName(
      "Simulation, 5 against 5 forks, A/A with threshold 0: called changed at about alpha = 1%")
  void aaAtAlpha() {
    double called = share(2026L, 2000, 1.0, new RegressionRule(0, 0.01), null);
    System.out.println("Welch A/A, threshold 0, alpha 0.01: called changed " + called);
    // Seed 2026 gives 0.009 (18 of 2000); the binomial's 99.9% range around 1% of 2000 is 0.35% to
    // 1.8%.
    assertThat(called).isBetween(0.003, 0.02);
  }

  @Test
  @DisplayName(
      "Simulation, 5 against 5 forks, A/A with the default rule: at most 1% false regressions")
  void aaDefaultRule() {
    double regressed = share(7L, 2000, 1.0, RULE, Verdict.REGRESSED);
    System.out.println("Welch A/A, default rule: regressed " + regressed);
    // Seed 7 gives 0.003 (6 of 2000): a false call needs both p < 0.01 and a ratio above 1.05.
    assertThat(regressed).isLessThanOrEqualTo(0.01);
  }

  @Test
  @DisplayName(
      "Simulation, 5 against 5 forks: a true 10% slowdown is called regressed with the default rule")
  void tenPercentDetected() {
    double regressed = share(42L, 2000, 1.10, RULE, Verdict.REGRESSED);
    System.out.println("Welch 10% slower, default rule: regressed " + regressed);
    // Seed 42 gives 0.87 (1740 of 2000). 5 forks a side with a log-sd of 0.03 put the log ratio's
    // standard
    // error at 0.019, and ln(1.1) is 5 of those; but p < 0.01 asks for t > 3.36 at 8 df (more at
    // Welch's fewer)
    // from an estimated standard error, which scipy.stats.nct(8, 5.02).sf(3.355) = 0.91 says
    // happens 9 times in 10.
    assertThat(regressed).isGreaterThanOrEqualTo(0.84);
  }
}
