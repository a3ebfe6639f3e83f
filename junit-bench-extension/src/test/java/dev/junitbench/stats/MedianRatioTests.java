package dev.junitbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class MedianRatioTests {

  static long[] baseline() {
    long[] x = IntStream.range(0, 100).mapToLong(i -> 1_000_000 + i * 7919L % 10007).toArray();
    Arrays.sort(x);
    return x;
  }

  static long[] current() {
    long[] y =
        IntStream.range(0, 120).mapToLong(i -> 1_050_000 + (i * 104729L % 10009) * 3).toArray();
    Arrays.sort(y);
    return y;
  }

  @Test
  @DisplayName(
      "Price-Bonett: each side's order-statistic interval gives its log variance; they add")
  void matchesIndependentComputation() {
    // numpy/scipy: k = 40 and 49; z_k = norm.ppf(1 - binom.cdf(k-1, n, .5));
    // var = ((ln x(n-k+1) - ln x(k)) / (2 z_k))^2; ratio * exp(-+ 1.96 sqrt(var1 + var2))
    MedianRatio.Side base = MedianRatio.Side.ofSorted(baseline(), 100);
    MedianRatio.Side now = MedianRatio.Side.ofSorted(current(), 120);
    assertThat(base.median()).isEqualTo(1005066.0);
    assertThat(base.ci95Low()).isEqualTo(1003945.0);
    assertThat(base.ci95High()).isEqualTo(1006033.0);
    assertThat(now.ci95Low()).isEqualTo(1061808.0);
    assertThat(now.ci95High()).isEqualTo(1067712.0);

    MedianRatio ratio = MedianRatio.of(base, now);
    assertThat(ratio.ratio()).isCloseTo(1.0593513261815641, withinPercentage(1e-10));
    assertThat(ratio.ci95Low()).isCloseTo(1.0564347637598597, withinPercentage(1e-9));
    assertThat(ratio.ci95High()).isCloseTo(1.0622759405309896, withinPercentage(1e-9));
    assertThat(ratio.logStandardError()).isCloseTo(0.0014066359024972786, withinPercentage(1e-7));
  }

  @Test
  @DisplayName("The same figures from a LatencySummary give the same interval as the raw samples")
  void summaryEqualsSamples() {
    LatencySummary base = LatencySummary.of(baseline(), 100);
    LatencySummary now = LatencySummary.of(current(), 120);
    MedianRatio fromSummaries =
        MedianRatio.of(
            new MedianRatio.Side(base.median(), base.ci95Low(), base.ci95High(), base.count()),
            new MedianRatio.Side(now.median(), now.ci95Low(), now.ci95High(), now.count()));
    MedianRatio fromSamples =
        MedianRatio.of(
            MedianRatio.Side.ofSorted(baseline(), 100), MedianRatio.Side.ofSorted(current(), 120));
    assertThat(fromSummaries.ci95Low()).isCloseTo(fromSamples.ci95Low(), withinPercentage(1e-9));
    assertThat(fromSummaries.ci95High()).isCloseTo(fromSamples.ci95High(), withinPercentage(1e-9));
  }

  @Test
  @DisplayName("Too few samples or a non-positive latency is refused with the reason")
  void refused() {
    assertThatThrownBy(() -> MedianRatio.Side.ofSorted(new long[] {1, 2, 3, 4, 5}, 5))
        .hasMessageContaining("at least 6 samples, had 5");
    assertThatThrownBy(() -> new MedianRatio.Side(0, 0, 1, 10)).hasMessageContaining("positive");
    assertThatThrownBy(() -> new MedianRatio.Side(2, 3, 1, 10)).hasMessageContaining("ordered");
  }
}
