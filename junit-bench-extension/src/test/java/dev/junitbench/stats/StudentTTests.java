package dev.junitbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.withinPercentage;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StudentTTests {

  // p, degrees of freedom, scipy.stats.t.ppf(p, df) (scipy 1.17)
  @ParameterizedTest(name = "t({0}, {1} df)")
  @CsvSource({
    "0.9995, 1, 636.6192487687897",
    "0.9995, 2, 31.599054576445365",
    "0.9995, 4, 8.610301581379522",
    "0.9995, 9, 4.780912585931217",
    "0.9995, 99, 3.391528833363685",
    "0.9995, 76000, 3.290654758788347",
    "0.975, 3, 3.1824463052837078",
    "0.6, 7.5, 0.26250189880429486",
    "0.999999, 30, 5.871117120408624",
  })
  @DisplayName("The quantile matches scipy's to 10 digits, JMH's 99.9% factor among them")
  void quantileMatchesScipy(double p, double df, double expected) {
    assertThat(StudentT.quantile(p, df)).isCloseTo(expected, withinPercentage(1e-8));
    assertThat(StudentT.quantile(1 - p, df)).isCloseTo(-expected, withinPercentage(1e-6));
  }

  @Test
  @DisplayName("The cdf is one half at 0 and symmetric")
  void cdf() {
    assertThat(StudentT.cdf(0, 5)).isEqualTo(0.5);
    // scipy.stats.t.cdf(2.0, 5)
    assertThat(StudentT.cdf(2.0, 5)).isCloseTo(0.9490302605850708, withinPercentage(1e-10));
    assertThat(StudentT.cdf(-2.0, 5)).isCloseTo(1 - 0.9490302605850708, withinPercentage(1e-8));
  }

  @Test
  @DisplayName("Bad arguments are refused with what is accepted")
  void badArguments() {
    assertThatThrownBy(() -> StudentT.quantile(1, 5)).hasMessageContaining("(0, 1)");
    assertThatThrownBy(() -> StudentT.quantile(0.9, 0)).hasMessageContaining("positive");
  }
}
