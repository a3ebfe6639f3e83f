package dev.junitbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.withinPercentage;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ForkAdviceTests {

  /** Figures as five forks would give them; only the variances and CVs matter to advice. */
  private static ForkStatistics forks(double betweenLogVariance, double withinLogVariance) {
    return new ForkStatistics(
        5,
        10,
        9.8,
        10.2,
        Math.sqrt(betweenLogVariance),
        Math.sqrt(withinLogVariance),
        betweenLogVariance,
        withinLogVariance);
  }

  /** The cheapest plan on the grid, tried pair by pair: fewest forks first among equal costs. */
  private record Plan(int forks, int iterations, double costMs) {}

  private static Plan bruteForce(
      ForkStatistics s,
      double target,
      double forkCostMs,
      double iterationCostMs,
      long iterationsPerFork,
      int maxForks,
      int maxIterations) {
    double v = s.withinLogVariance() * iterationsPerFork;
    double tau2 = Math.max(0, s.betweenLogVariance() - s.withinLogVariance());
    double logTarget = Math.log1p(target);
    Plan best = null;
    for (int n = 2; n <= maxForks; n++) {
      double t = StudentT.quantile(0.975, n - 1);
      for (int r = ForkPlan.MIN_ITERATIONS; r <= maxIterations; r++) {
        double cost = n * (forkCostMs + r * iterationCostMs);
        if (t * Math.sqrt((tau2 + v / r) / n) <= logTarget
            && (best == null || cost < best.costMs())) {
          best = new Plan(n, r, cost);
        }
      }
    }
    return best;
  }

  @ParameterizedTest(
      name =
          "between {0}, within {1}, {2} iterations a fork, target {3}, fork {4} ms, iteration {5} ms")
  @CsvSource({
    "0.00096, 1.6e-5, 200, 0.025, 2000, 5",
    "0.0001, 4e-5, 1000, 0.01, 500, 0.2",
    "0.0004, 1e-4, 100, 0.02, 0, 1",
    "0.0025, 2e-4, 50, 0.05, 3000, 0.5",
    "1e-6, 1e-6, 300, 0.01, 10000, 0.05",
  })
  @DisplayName(
      "The advice is the cheapest pair a brute-force search of the grid finds, and reaches the target")
  void cheapestOnTheGrid(
      double between,
      double within,
      long iterationsPerFork,
      double target,
      double forkCostMs,
      double iterationCostMs) {
    ForkStatistics s = forks(between, within);
    ForkAdvice advice = s.advise(target, forkCostMs, iterationCostMs, iterationsPerFork);
    Plan best = bruteForce(s, target, forkCostMs, iterationCostMs, iterationsPerFork, 200, 20_000);

    assertThat(best).as("the grid holds a plan").isNotNull();
    assertThat(advice.forks()).isEqualTo(best.forks());
    assertThat(advice.iterations()).isEqualTo(best.iterations());
    assertThat(advice.targetHalfWidth()).isEqualTo(target);
    assertThat(advice.halfWidth()).isLessThanOrEqualTo(target).isPositive();
    double tau2 = Math.max(0, between - within);
    double expectedLog =
        StudentT.quantile(0.975, best.forks() - 1)
            * Math.sqrt((tau2 + within * iterationsPerFork / best.iterations()) / best.forks());
    assertThat(advice.halfWidth()).isCloseTo(Math.expm1(expectedLog), withinPercentage(1e-9));
  }

  @Test
  @DisplayName(
      "The note names the method, the counts, the target, the expected width and both spreads")
  void note() {
    ForkAdvice advice = forks(0.00096, 1.6e-5).advise(0.025, 2000, 5, 200);
    assertThat(advice.note())
        .isEqualTo(
            "Kalibera & Jones: "
                + advice.forks()
                + " forks x "
                + advice.iterations()
                + " iterations reach +-2.5% (expected +-"
                + ForkPlan.percent(advice.halfWidth())
                + "); between-fork CV 3.1%, within-fork 0.4%");
  }

  @Test
  @DisplayName("A large spread between forks calls for more forks")
  void betweenSpreadMeansForks() {
    ForkAdvice calm = forks(0.0004, 1e-5).advise(0.02, 1000, 1, 200);
    ForkAdvice jumpy = forks(0.004, 1e-5).advise(0.02, 1000, 1, 200);
    assertThat(jumpy.forks()).isGreaterThan(calm.forks());
    assertThat(calm.halfWidth()).isLessThanOrEqualTo(0.02);
    assertThat(jumpy.halfWidth()).isLessThanOrEqualTo(0.02);
  }

  @Test
  @DisplayName(
      "A large spread within forks, with cheap iterations, calls for more iterations per fork")
  void withinSpreadMeansIterations() {
    ForkAdvice steady = forks(0.002, 1e-5).advise(0.02, 1000, 0.01, 200);
    ForkAdvice noisy = forks(0.002, 1e-3).advise(0.02, 1000, 0.01, 200);
    assertThat(noisy.iterations()).isGreaterThan(steady.iterations());
    assertThat(noisy.halfWidth()).isLessThanOrEqualTo(0.02);
  }

  @Test
  @DisplayName(
      "A target the spread between forks puts out of reach gives no counts, and the note says why")
  void unreachableByForks() {
    ForkAdvice advice = forks(0.25, 1e-4).advise(0.001, 1000, 1, 200);
    assertThat(advice.forks()).isNull();
    assertThat(advice.iterations()).isNull();
    assertThat(advice.halfWidth()).isNull();
    assertThat(advice.targetHalfWidth()).isEqualTo(0.001);
    assertThat(advice.note())
        .contains("nothing reaches +-0.1%")
        .contains("the spread between forks alone needs more than 1000 forks");
  }

  @Test
  @DisplayName(
      "A target the spread within forks puts beyond 10,000,000 iterations gives no counts, and the note says why")
  void unreachableByIterations() {
    ForkAdvice advice = forks(1.0, 1.0).advise(0.001, 1000, 1, 1_000_000);
    assertThat(advice.forks()).isNull();
    assertThat(advice.note())
        .contains("even 1000 forks would need more than 10,000,000 iterations each");
  }

  @Test
  @DisplayName("One fork, or no fork interval: no advice, and the note says what is missing")
  void missingFigures() {
    ForkAdvice one =
        ForkStatistics.of(new double[] {10}, new double[] {9.9}, new double[] {10.1})
            .advise(0.02, 1000, 1, 200);
    assertThat(one.forks()).isNull();
    assertThat(one.note()).contains("advice needs 2 forks or more");

    double[] nan = {Double.NaN, Double.NaN};
    ForkAdvice noWithin =
        ForkStatistics.of(new double[] {10, 11}, nan, nan).advise(0.02, 1000, 1, 200);
    assertThat(noWithin.iterations()).isNull();
    assertThat(noWithin.halfWidth()).isNull();
    assertThat(noWithin.note()).contains("the variance within a fork is unknown");
  }

  @Test
  @DisplayName("Arguments out of range are refused, naming the argument")
  void badArguments() {
    ForkStatistics s = forks(0.001, 1e-5);
    assertThatIllegalArgumentException()
        .isThrownBy(() -> s.advise(0, 1, 1, 1))
        .withMessageContaining("targetHalfWidth");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> s.advise(Double.NaN, 1, 1, 1))
        .withMessageContaining("targetHalfWidth");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> s.advise(0.02, -1, 1, 1))
        .withMessageContaining("forkCostMs");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> s.advise(0.02, Double.POSITIVE_INFINITY, 1, 1))
        .withMessageContaining("forkCostMs");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> s.advise(0.02, 1, Double.NaN, 1))
        .withMessageContaining("iterationCostMs");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> s.advise(0.02, 1, 1, 0))
        .withMessageContaining("iterationsPerFork");
  }
}
