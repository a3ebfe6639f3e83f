package dev.junitbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class PercentilesTests {

  // Sorted; plus a trailing entry outside n that must be ignored.
  private static final long[] SORTED = {
    11_600_000,
    11_900_000,
    12_050_000,
    12_250_000,
    12_300_000,
    12_400_000,
    12_700_000,
    12_950_000,
    13_100_000,
    48_700_000,
    Long.MAX_VALUE,
  };
  private static final int N = 10;

  @Test
  @DisplayName(
      "Percentiles interpolate between closest ranks exactly as numpy's default method does")
  void matchesNumpyLinear() {
    // hand = [11600000, 11900000, 12050000, 12250000, 12300000, 12400000, 12700000, 12950000,
    // 13100000, 48700000]
    // Expected: numpy.percentile(hand, [0, 10, 25, 50, 90, 99.9, 100]) (numpy 2.4, method="linear")
    assertThat(Percentiles.type7(SORTED, N, 0.0)).isEqualTo(11_600_000.0);
    assertThat(Percentiles.type7(SORTED, N, 0.10)).isCloseTo(11_870_000.0, within(1e-6));
    assertThat(Percentiles.type7(SORTED, N, 0.25)).isCloseTo(12_100_000.0, within(1e-6));
    assertThat(Percentiles.type7(SORTED, N, 0.50)).isCloseTo(12_350_000.0, within(1e-6));
    assertThat(Percentiles.type7(SORTED, N, 0.90)).isCloseTo(16_660_000.0, within(1e-6));
    assertThat(Percentiles.type7(SORTED, N, 0.999)).isCloseTo(48_379_600.00000005, within(1e-6));
    assertThat(Percentiles.type7(SORTED, N, 1.0)).isEqualTo(48_700_000.0);
  }

  @Test
  @DisplayName("Entries past n are not part of the sample")
  void ignoresEntriesPastN() {
    // numpy.percentile([10, 20, 30], 75) == 25.0
    assertThat(Percentiles.type7(new long[] {10, 20, 30, 1000}, 3, 0.75)).isEqualTo(25.0);
    assertThat(Percentiles.type7(SORTED, N, 1.0)).isEqualTo(48_700_000.0);
  }

  @Test
  @DisplayName("A single sample is every percentile")
  void singleSample() {
    long[] one = {7_250_000};
    for (double p : new double[] {0, 0.25, 0.5, 0.999, 1}) {
      assertThat(Percentiles.type7(one, 1, p)).isEqualTo(7_250_000.0);
    }
  }

  @Test
  @DisplayName("The array is only read")
  void leavesArrayAlone() {
    long[] copy = SORTED.clone();
    Percentiles.type7(SORTED, N, 0.37);
    assertThat(SORTED).isEqualTo(copy);
  }

  @Test
  @DisplayName("A probability outside [0, 1] or an empty or too long range is rejected")
  void rejectsBadArguments() {
    assertThatIllegalArgumentException().isThrownBy(() -> Percentiles.type7(SORTED, N, -0.01));
    assertThatIllegalArgumentException().isThrownBy(() -> Percentiles.type7(SORTED, N, 1.01));
    assertThatIllegalArgumentException().isThrownBy(() -> Percentiles.type7(SORTED, N, Double.NaN));
    assertThatIllegalArgumentException().isThrownBy(() -> Percentiles.type7(SORTED, 0, 0.5));
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Percentiles.type7(SORTED, SORTED.length + 1, 0.5));
  }
}
