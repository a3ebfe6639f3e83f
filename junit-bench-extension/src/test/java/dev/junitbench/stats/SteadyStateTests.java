package dev.junitbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.junitbench.stats.SteadyStateSimulation.Figures;
import java.util.SplittableRandom;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

@DisplayName("The steady-state rule")
class SteadyStateTests {

  private static final int RUNS = 4_000;
  private static final long SEED = 20261127L;

  private static double[] logs(double... medians) {
    double[] logs = new double[medians.length];
    for (int i = 0; i < medians.length; i++) {
      logs[i] = Math.log(medians[i]);
    }
    return logs;
  }

  @Nested
  @DisplayName("drift")
  class Drift {

    @Test
    @DisplayName("is the slope per window of a steady trend, over the last windows only")
    void slopeOfATrend() {
      double[] medians = new double[12];
      for (int i = 0; i < medians.length; i++) {
        // Flat, then 3% slower each window over the last eight.
        medians[i] = i < 4 ? 10 : 10 * Math.pow(1.03, i - 4);
      }
      double slope = SteadyState.slope(logs(medians), 12, 8, new double[28]);
      assertThat(SteadyState.perWindow(slope)).isCloseTo(0.03, within(1e-12));
      assertThat(SteadyState.steady(slope, 8, 0.02)).isFalse();
    }

    @Test
    @DisplayName(
        "is not moved by one window a pause spoiled, and catches a step inside the windows")
    void robust() {
      double[] spoiled = logs(10, 10, 10, 30, 10, 10, 10, 10);
      assertThat(SteadyState.slope(spoiled, 8, 8, new double[28])).isZero();
      double[] step = logs(20, 20, 20, 20, 10, 10, 10, 10);
      double slope = SteadyState.slope(step, 8, 8, new double[28]);
      assertThat(SteadyState.perWindow(slope)).isLessThan(-0.05);
      assertThat(SteadyState.steady(slope, 8, 0.02)).isFalse();
    }

    @Test
    @DisplayName("is undefined below the windows compared, and needs three of them")
    void tooFew() {
      assertThat(SteadyState.slope(logs(1, 1, 1), 3, 8, new double[28])).isNaN();
      assertThat(SteadyState.steady(Double.NaN, 8, 0.02)).isFalse();
      assertThatThrownBy(() -> SteadyState.slope(logs(1, 1), 2, 2, new double[1]))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("3 windows or more");
    }

    @Test
    @DisplayName("carried across the windows is compared with the tolerance, either way")
    void tolerance() {
      // 7 steps of 0.28% move the level by 1.98%: within 2%; of 0.29%, 2.04%: not.
      assertThat(SteadyState.steady(Math.log1p(0.0028), 8, 0.02)).isTrue();
      assertThat(SteadyState.steady(Math.log1p(-0.0028), 8, 0.02)).isTrue();
      assertThat(SteadyState.steady(Math.log1p(0.0029), 8, 0.02)).isFalse();
      assertThat(SteadyState.steady(Math.log1p(-0.0029), 8, 0.02)).isFalse();
    }
  }

  @Nested
  @DisplayName("on simulated warm-ups (fixed seed)")
  class Simulated {

    @Test
    @DisplayName("calls a benchmark steady from the start steady soon after its first windows")
    void alwaysSteady() {
      for (double sigma : new double[] {0.01, 0.02, 0.05}) {
        Figures figures =
            SteadyStateSimulation.figures(SteadyStateSimulation.flat(), sigma, RUNS, SEED);
        assertThat(figures.settledShare()).as("settled, noise %s", sigma).isGreaterThan(0.999);
        assertThat(figures.meanWindow()).as("mean window, noise %s", sigma).isLessThan(25);
      }
    }

    @Test
    @DisplayName("never settles before a falling cost has stopped falling")
    void knownSettlingPoint() {
      for (double sigma : new double[] {0.01, 0.02, 0.05}) {
        SplittableRandom random = new SplittableRandom(SEED);
        int early = 0;
        for (int run = 0; run < RUNS; run++) {
          int at =
              SteadyStateSimulation.settlesAt(
                  SteadyStateSimulation.falling(20),
                  sigma,
                  SteadyStateSimulation.MAX_WINDOWS,
                  random);
          if (at > 0 && at < 20) {
            early++;
          }
        }
        assertThat(early / (double) RUNS).as("settled early, noise %s", sigma).isLessThan(0.005);
      }
    }

    @Test
    @DisplayName("leaves a default measurement within 2% of the settled level of a decaying cost")
    void decayingCost() {
      Figures figures =
          SteadyStateSimulation.figures(SteadyStateSimulation.decaying(8), 0.01, RUNS, SEED);
      assertThat(figures.settledShare()).isEqualTo(1.0);
      assertThat(figures.within2Percent()).isGreaterThanOrEqualTo(0.99);
    }

    @Test
    @DisplayName("does not call a cost that grows 1% a window steady at 1% noise, nor 5% at 5%")
    void neverSteady() {
      Figures figures =
          SteadyStateSimulation.figures(SteadyStateSimulation.drifting(0.01), 0.01, RUNS, SEED);
      assertThat(figures.settledShare()).isLessThan(0.01);
      Figures fast =
          SteadyStateSimulation.figures(SteadyStateSimulation.drifting(0.05), 0.05, RUNS, SEED);
      assertThat(fast.settledShare()).isLessThan(0.001);
    }
  }
}
