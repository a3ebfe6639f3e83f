package dev.junitbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.withinPercentage;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NormalTests {

  // x, scipy.special.ndtr(x), scipy.special.ndtr(-x) (scipy 1.17)
  @ParameterizedTest(name = "Phi({0})")
  @CsvSource({
    "-10, 7.61985302416047e-24, 1.0",
    "-5.7, 5.99037140106353e-09, 0.9999999940096286",
    "-3, 0.0013498980316300933, 0.9986501019683699",
    "-1, 0.15865525393145707, 0.8413447460685429",
    "-0.5, 0.3085375387259869, 0.6914624612740131",
    "-0.001, 0.49960105778608893, 0.500398942213911",
    "0, 0.5, 0.5",
    "0.3, 0.6179114221889526, 0.3820885778110474",
    "0.67, 0.7485711049046899, 0.25142889509531013",
    "0.7, 0.758036347776927, 0.24196365222307303",
    "1.96, 0.9750021048517795, 0.024997895148220435",
    "5, 0.9999997133484281, 2.866515718791933e-07",
    "8, 0.9999999999999993, 6.22096057427174e-16",
    "20, 1.0, 2.7536241186061556e-89",
    "37, 1.0, 5.7255712225239266e-300",
  })
  @DisplayName("The cdf and the upper tail match scipy to 12 digits, far into the tails")
  void cdfMatchesScipy(double x, double cdf, double upper) {
    assertThat(Normal.cdf(x)).isCloseTo(cdf, withinPercentage(1e-10));
    assertThat(Normal.upperTail(x)).isCloseTo(upper, withinPercentage(1e-10));
  }

  @Test
  @DisplayName("Beyond the smallest double the tails are 0 and 1, never NaN")
  void extremeTails() {
    assertThat(Normal.upperTail(40)).isZero();
    assertThat(Normal.upperTail(-40)).isEqualTo(1.0);
    assertThat(Normal.cdf(Double.POSITIVE_INFINITY)).isEqualTo(1.0);
    assertThat(Normal.upperTail(Double.NaN)).isNaN();
  }

  // p, scipy.special.ndtri(p)
  @ParameterizedTest(name = "quantile({0})")
  @CsvSource({
    "1e-300, -37.0470962993612",
    "1e-20, -9.262340089798409",
    "1e-10, -6.361340902404056",
    "0.001, -3.090232306167813",
    "0.025, -1.9599639845400545",
    "0.2, -0.8416212335729142",
    "0.6, 0.2533471031357997",
    "0.975, 1.959963984540054",
    "0.9995, 3.2905267314919255",
    "0.999999999999, 7.0344869100478356",
  })
  @DisplayName("The quantile matches scipy's ndtri to 12 digits")
  void quantileMatchesScipy(double p, double expected) {
    assertThat(Normal.quantile(p)).isCloseTo(expected, withinPercentage(1e-10));
  }

  @Test
  @DisplayName(
      "The quantile is 0 at one half, infinite at 0 and 1, and rejects what is not a probability")
  void quantileEdges() {
    assertThat(Normal.quantile(0.5)).isZero();
    assertThat(Normal.quantile(0)).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(Normal.quantile(1)).isEqualTo(Double.POSITIVE_INFINITY);
    assertThatThrownBy(() -> Normal.quantile(1.5)).hasMessageContaining("[0, 1]");
    assertThatThrownBy(() -> Normal.quantile(Double.NaN)).hasMessageContaining("NaN");
  }
}
