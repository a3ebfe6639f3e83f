package dev.junitbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.util.Arrays;
import java.util.function.IntToLongFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Against scipy 1.17: {@code scipy.stats.mannwhitneyu(y, x, alternative='two-sided')}, U of y. */
class MannWhitneyTests {

  private static long[] sorted(int n, IntToLongFunction value) {
    long[] values = IntStream.range(0, n).mapToLong(i -> value.applyAsLong(i)).toArray();
    Arrays.sort(values);
    return values;
  }

  private static MannWhitney test(long[] x, long[] y) {
    return MannWhitney.test(x, x.length, y, y.length);
  }

  @Test
  @DisplayName("Small samples without ties get the exact p-value")
  void exactSmall() {
    MannWhitney result =
        test(new long[] {12, 15, 19, 22, 30}, new long[] {18, 25, 31, 33, 40, 41, 45, 50});
    assertThat(result.exact()).isTrue();
    assertThat(result.u()).isEqualTo(36.0);
    assertThat(result.pValue()).isCloseTo(0.018648018648018648, withinPercentage(1e-9));
  }

  @Test
  @DisplayName("The exact p-value of 8 against 200 values, and of complete separation")
  void exactUnequalSizes() {
    MannWhitney apart = test(sorted(8, i -> 40L * i + 1), sorted(200, i -> 2L * i));
    assertThat(apart.exact()).isTrue();
    assertThat(apart.u()).isEqualTo(1032.0);
    assertThat(apart.pValue()).isCloseTo(0.16856447507667316, withinPercentage(1e-9));

    MannWhitney separate = test(sorted(8, i -> i + 1), sorted(9, i -> 100 + i));
    assertThat(separate.u()).isEqualTo(72.0);
    assertThat(separate.pValue()).isCloseTo(8.227067050596462e-05, withinPercentage(1e-9));
  }

  @Test
  @DisplayName("With ties, the normal approximation with tie and continuity corrections")
  void asymptoticWithTies() {
    MannWhitney result =
        test(sorted(60, i -> (i + 1) * 37L % 101), sorted(80, i -> (i + 1) * 53L % 97 + 5));
    assertThat(result.exact()).isFalse();
    assertThat(result.u()).isEqualTo(2473.0);
    assertThat(result.pValue()).isCloseTo(0.7601411590258187, withinPercentage(1e-9));
  }

  @Test
  @DisplayName("Large samples: a p-value of 1e-46 is a number, not zero")
  void large() {
    MannWhitney result =
        test(
            sorted(10_000, i -> 1_000_000 + i * 7919L % 10007),
            sorted(10_000, i -> 1_000_600 + i * 104729L % 10009));
    assertThat(result.u()).isEqualTo(55821752.0);
    assertThat(result.pValue()).isCloseTo(3.88654162446389e-46, withinPercentage(1e-6));
    assertThat(result.z()).isPositive();
  }

  @Test
  @DisplayName("Samples with one value throughout cannot be told apart: p = 1")
  void allEqual() {
    long[] x = new long[10];
    long[] y = new long[12];
    Arrays.fill(x, 5);
    Arrays.fill(y, 5);
    MannWhitney result = test(x, y);
    assertThat(result.u()).isEqualTo(60.0);
    assertThat(result.pValue()).isEqualTo(1.0);
  }

  @Test
  @DisplayName("The test is symmetric: swapping the samples mirrors U and keeps p")
  void symmetric() {
    long[] x = sorted(30, i -> 500 + i * 13L % 31);
    long[] y = sorted(40, i -> 510 + i * 17L % 41);
    MannWhitney forward = test(x, y);
    MannWhitney backward = test(y, x);
    assertThat(forward.u() + backward.u()).isEqualTo(30.0 * 40);
    assertThat(forward.pValue()).isCloseTo(backward.pValue(), withinPercentage(1e-12));
    assertThat(forward.z()).isCloseTo(-backward.z(), withinPercentage(1e-12));
  }

  @Test
  @DisplayName("Only the first n values of each array count")
  void prefix() {
    long[] x = {1, 2, 3, 99, 99};
    long[] y = {4, 5, 6, 0, 0};
    assertThat(MannWhitney.test(x, 3, y, 3).u()).isEqualTo(9.0);
    assertThatThrownBy(() -> MannWhitney.test(x, 0, y, 3))
        .hasMessageContaining("sizes were 0 and 3");
  }
}
