package dev.junitbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MedianIntervalTests {

  // Expected ranks (scipy 1.17): k = int(scipy.stats.binom.ppf(0.025, n, 0.5)), -1 when that is 0,
  // each confirmed by binom.cdf(k-1, n, 0.5) <= 0.025 < binom.cdf(k, n, 0.5).
  @ParameterizedTest(name = "n = {0} gives k = {1}")
  @CsvSource({
    "1, -1",
    "2, -1",
    "5, -1",
    "6, 1",
    "7, 1",
    "10, 2",
    "100, 40",
    "1000, 469",
    "1000000, 499020",
    "10000000, 4996901",
    // binom.cdf(3974733, 7954995, 0.5) = 0.024999999797779688: the closest call found among 50,000
    // n
    "7954995, 3974734",
    "2147483647, 1073696410",
  })
  @DisplayName("The lower rank is the one scipy's binomial distribution gives")
  void matchesScipy(int n, int expected) {
    assertThat(MedianInterval.lowerRank(n)).isEqualTo(expected);
  }

  @Test
  @DisplayName(
      "MIN_COUNT is the fewest samples with an interval, and none exists for an empty sample")
  void minCount() {
    // 0.5**5 = 0.03125 > 0.025 >= 0.5**6 = 0.015625
    assertThat(MedianInterval.MIN_COUNT).isEqualTo(6);
    assertThat(MedianInterval.lowerRank(MedianInterval.MIN_COUNT)).isEqualTo(1);
    assertThat(MedianInterval.lowerRank(MedianInterval.MIN_COUNT - 1)).isEqualTo(-1);
    assertThat(MedianInterval.lowerRank(0)).isEqualTo(-1);
  }

  @Test
  @DisplayName("The binomial cdf near the 2.5% tail is exact to many digits without underflow")
  void cdfMatchesScipy() {
    // scipy.stats.binom.cdf(39, 100, 0.5) and binom.cdf(468, 1000, 0.5): the small-n Stirling
    // corrections
    assertThat(MedianInterval.cdf(100, 39))
        .isCloseTo(0.017600100108852428, withinPercentage(1e-10));
    assertThat(MedianInterval.cdf(1000, 468))
        .isCloseTo(0.02314559868024909, withinPercentage(1e-10));
    // scipy.stats.binom.cdf(499018, 10**6, 0.5) and binom.cdf(499019, 10**6, 0.5)
    assertThat(MedianInterval.cdf(1_000_000, 499_018))
        .isCloseTo(0.024823059899303442, withinPercentage(1e-10));
    assertThat(MedianInterval.cdf(1_000_000, 499_019))
        .isCloseTo(0.02493948432618431, withinPercentage(1e-10));
    // scipy.stats.binom.cdf(3974733, 7954995, 0.5)
    assertThat(MedianInterval.cdf(7_954_995, 3_974_733))
        .isCloseTo(0.024999999797779688, withinPercentage(1e-10));
  }
}
