package dev.junitbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Error spending: O'Brien-Fleming-type and Pocock-type boundaries, computed")
class ErrorSpendingTests {

  @Test
  @DisplayName(
      "five equal looks at one-sided 0.025 give the boundaries published for Lan-DeMets"
          + " O'Brien-Fleming spending (4.877, 3.357, 2.680, 2.290, 2.031)")
  void publishedBoundaries() {
    ErrorSpending design =
        ErrorSpending.obrienFleming(0.025, new double[] {0.2, 0.4, 0.6, 0.8, 1.0});

    assertThat(design.boundaries())
        .containsExactly(new double[] {4.877, 3.357, 2.680, 2.290, 2.031}, within(0.002));
  }

  @Test
  @DisplayName("one look is the fixed test: its boundary is the normal quantile of the level")
  void oneLookIsFixed() {
    ErrorSpending design = ErrorSpending.obrienFleming(0.005, new double[] {1});

    assertThat(design.boundaries()[0]).isCloseTo(2.5758, within(1e-3));
    assertThat(design.nominal(0)).isCloseTo(0.005, within(1e-6));
  }

  @Test
  @DisplayName(
      "the levels the looks spend add up to alpha, the last look's nominal level just under it")
  void spendsAlpha() {
    ErrorSpending design = ErrorSpending.obrienFleming(0.005, new double[] {0.25, 0.5, 0.75, 1});

    assertThat(ErrorSpending.spent(0.005, 1)).isCloseTo(0.005, within(1e-12));
    assertThat(design.nominal(0)).isLessThan(1e-6);
    assertThat(design.nominal(3)).isBetween(0.0035, 0.005);
    for (int k = 1; k < design.looks(); k++) {
      assertThat(design.boundaries()[k]).isLessThan(design.boundaries()[k - 1]);
    }
  }

  @Test
  @DisplayName(
      "twenty looks, the most the pull-request gate takes, give finite boundaries and levels above 0")
  void manyLooks() {
    double[] fractions = new double[20];
    for (int k = 0; k < fractions.length; k++) {
      fractions[k] = (k + 1) / 20.0;
    }
    ErrorSpending design = ErrorSpending.obrienFleming(0.005, fractions);

    for (int k = 0; k < design.looks(); k++) {
      assertThat(design.boundaries()[k]).as("boundary %d", k).isFinite();
      assertThat(design.nominal(k)).as("level %d", k).isPositive();
    }
    // The first look spends about 1e-30: only a change no noise could make passes it.
    assertThat(design.boundaries()[0]).isGreaterThan(10);
    assertThat(design.nominal(19)).isBetween(0.003, 0.005);
    List<double[]> flat = List.of(new double[] {1.0, 1.01, 0.99}, new double[] {1.0, 1.0, 1.01});
    SequentialVerdict decided =
        new SequentialRounds(1, 20)
            .decide(flat.subList(0, 1), flat.subList(1, 2), RegressionRule.DEFAULT);
    assertThat(decided).isNotNull();
  }

  @Test
  @DisplayName("fractions that do not rise to 1, and a level outside (0, 0.5), are refused")
  void badInput() {
    assertThatThrownBy(() -> ErrorSpending.obrienFleming(0.005, new double[] {0.5, 0.8}))
        .hasMessageContaining("must end with 1");
    assertThatThrownBy(() -> ErrorSpending.obrienFleming(0.005, new double[] {0.5, 0.5, 1}))
        .hasMessageContaining("must rise in (0, 1]");
    assertThatThrownBy(() -> ErrorSpending.obrienFleming(0.7, new double[] {1}))
        .hasMessageContaining("one-sided level must be in (0, 0.5)");
  }

  @Test
  @DisplayName(
      "Pocock-type: alpha ln(1 + (e - 1) t) spent, nearly even boundaries, one look the fixed test")
  void pocock() {
    ErrorSpending design = ErrorSpending.pocock(0.025, new double[] {0.25, 0.5, 0.75, 1});

    assertThat(ErrorSpending.Shape.POCOCK.spent(0.025, 1)).isCloseTo(0.025, within(1e-12));
    assertThat(ErrorSpending.Shape.POCOCK.spent(0.025, 0.25))
        .isCloseTo(0.025 * Math.log(1 + (Math.E - 1) / 4), within(1e-12));
    // The first look spends alpha(0.25) = 0.00895: z = 2.367.
    assertThat(design.boundaries()[0]).isCloseTo(2.367, within(0.002));
    for (int k = 1; k < design.looks(); k++) {
      assertThat(design.boundaries()[k]).isBetween(2.2, 2.45);
    }
    assertThat(ErrorSpending.pocock(0.005, new double[] {1}).boundaries()[0])
        .isCloseTo(2.5758, within(1e-3));
  }

  @Test
  @DisplayName(
      "each shape's boundaries are crossed, look by look, as often as it spends: 400,000 simulated score paths (fixed seed)")
  void crossingsMatchTheSpending() {
    double[] fractions = {0.25, 0.5, 0.75, 1};
    for (ErrorSpending.Shape shape : ErrorSpending.Shape.values()) {
      ErrorSpending design = ErrorSpending.of(shape, 0.025, fractions);
      SplittableRandom random = new SplittableRandom(20261127);
      int paths = 400_000;
      int[] crossed = new int[fractions.length];
      for (int p = 0; p < paths; p++) {
        double score = 0;
        double before = 0;
        for (int k = 0; k < fractions.length; k++) {
          double u = 1 - random.nextDouble();
          double gaussian =
              Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextDouble());
          score += gaussian * Math.sqrt(fractions[k] - before);
          before = fractions[k];
          if (score / Math.sqrt(fractions[k]) > design.boundaries()[k]) {
            crossed[k]++;
            break;
          }
        }
      }
      double previous = 0;
      for (int k = 0; k < fractions.length; k++) {
        double spent = shape.spent(0.025, fractions[k]) - previous;
        previous = shape.spent(0.025, fractions[k]);
        // Binomial standard error at 400,000 paths, four of them.
        double tolerance = 4 * Math.sqrt(spent / paths) + 1e-6;
        assertThat((double) crossed[k] / paths)
            .as("%s, look %d", shape, k + 1)
            .isCloseTo(spent, within(tolerance));
      }
    }
  }
}
