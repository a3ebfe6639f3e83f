package dev.junitbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

// Every expected figure below was computed with numpy 2.4 / scipy 1.17 on x = numpy.array(samples,
// float):
// mean: numpy.mean(x)/1e6; std: numpy.std(x, ddof=1)/1e6; percentiles: numpy.percentile(x, [25, 50,
// 75,
// 90, 95, 99, 99.9])/1e6 (default method = linear = type 7); ci: k =
// int(scipy.stats.binom.ppf(0.025, n,
// 0.5)), then numpy.sort(x)[[k-1, n-k]]/1e6; outliers: numpy.sum((x < q25 - 1.5*iqr) | (x > q75 +
// 1.5*iqr)).
class LatencySummaryTests {

  // 1e-9 ms = 1e-3 ns: tight enough that any wrong rank or rounding to whole ns shows.
  private static final Offset<Double> TOL = within(1e-9);

  @Test
  @DisplayName("Ten unsorted samples with one slow outlier give numpy's figures")
  void handDataSet() {
    long[] samples = {
      12_400_000, 11_900_000, 13_100_000, 12_050_000, 48_700_000,
      12_700_000, 11_600_000, 12_950_000, 12_300_000, 12_250_000,
    };
    LatencySummary s = LatencySummary.of(samples, samples.length);

    assertThat(s.count()).isEqualTo(10);
    assertThat(s.mean()).isCloseTo(15.995, TOL);
    assertThat(s.std()).isCloseTo(11.500614717870036, TOL);
    assertThat(s.min()).isCloseTo(11.6, TOL);
    assertThat(s.max()).isCloseTo(48.7, TOL);
    assertThat(s.p25()).isCloseTo(12.1, TOL);
    assertThat(s.median()).isCloseTo(12.35, TOL);
    assertThat(s.p75()).isCloseTo(12.8875, TOL);
    assertThat(s.p90()).isCloseTo(16.659999999999986, TOL);
    assertThat(s.p95()).isCloseTo(32.679999999999964, TOL);
    assertThat(s.p99()).isCloseTo(45.49600000000001, TOL);
    assertThat(s.p999()).isCloseTo(48.37960000000005, TOL);
    // k = 2: the interval is [x(2), x(9)]
    assertThat(s.ci95Low()).isCloseTo(11.9, TOL);
    assertThat(s.ci95High()).isCloseTo(13.1, TOL);
    assertThat(s.outliers()).isEqualTo(1L);
  }

  @Test
  @DisplayName("A single sample is every percentile, with no spread and no interval")
  void oneSample() {
    LatencySummary s = LatencySummary.of(new long[] {7_250_000}, 1);

    assertThat(s.count()).isEqualTo(1);
    assertThat(
            List.of(
                s.mean(),
                s.median(),
                s.min(),
                s.max(),
                s.p25(),
                s.p75(),
                s.p90(),
                s.p95(),
                s.p99(),
                s.p999()))
        .containsOnly(7.25);
    assertThat(s.std()).isNull();
    assertThat(s.ci95Low()).isNull();
    assertThat(s.ci95High()).isNull();
    assertThat(s.outliers()).isZero();
  }

  @Test
  @DisplayName("Two samples have a standard deviation and interpolated percentiles but no interval")
  void twoSamples() {
    LatencySummary s = LatencySummary.of(new long[] {3_000_000, 1_000_000}, 2);

    assertThat(s.mean()).isCloseTo(2.0, TOL);
    assertThat(s.std()).isCloseTo(1.414213562373095, TOL);
    assertThat(s.min()).isCloseTo(1.0, TOL);
    assertThat(s.max()).isCloseTo(3.0, TOL);
    assertThat(s.p25()).isCloseTo(1.5, TOL);
    assertThat(s.median()).isCloseTo(2.0, TOL);
    assertThat(s.p75()).isCloseTo(2.5, TOL);
    assertThat(s.p90()).isCloseTo(2.8, TOL);
    assertThat(s.p95()).isCloseTo(2.9, TOL);
    assertThat(s.p99()).isCloseTo(2.98, TOL);
    assertThat(s.p999()).isCloseTo(2.998, TOL);
    assertThat(s.ci95Low()).isNull();
    assertThat(s.ci95High()).isNull();
    assertThat(s.outliers()).isZero();
  }

  @Test
  @DisplayName("Five samples are too few for a 95% interval of the median")
  void fiveSamples() {
    LatencySummary s =
        LatencySummary.of(new long[] {5_000_000, 1_000_000, 4_000_000, 2_000_000, 3_000_000}, 5);

    assertThat(s.std()).isCloseTo(1.5811388300841898, TOL);
    assertThat(s.p90()).isCloseTo(4.6, TOL);
    assertThat(s.p999()).isCloseTo(4.996, TOL);
    assertThat(s.ci95Low()).isNull();
    assertThat(s.ci95High()).isNull();
  }

  @Test
  @DisplayName("Six samples are the fewest with an interval, and it spans min to max")
  void sixSamples() {
    long[] samples = {6_500_000, 1_500_000, 4_500_000, 2_500_000, 3_500_000, 5_500_000};
    LatencySummary s = LatencySummary.of(samples, 6);

    assertThat(s.mean()).isCloseTo(4.0, TOL);
    assertThat(s.std()).isCloseTo(1.8708286933869709, TOL);
    assertThat(s.p25()).isCloseTo(2.75, TOL);
    assertThat(s.p75()).isCloseTo(5.25, TOL);
    assertThat(s.p999()).isCloseTo(6.495000000000001, TOL);
    assertThat(s.ci95Low()).isCloseTo(1.5, TOL);
    assertThat(s.ci95High()).isCloseTo(6.5, TOL);
    assertThat(s.outliers()).isZero();
  }

  @Test
  @DisplayName("A thousand and one samples take the interval from ranks 470 and 532")
  void manySamples() {
    // samples = [5_000_000 + (i * 7919) % 1000 * 1000 for i in range(1001)]
    long[] samples =
        LongStream.range(0, 1001).map(i -> 5_000_000 + (i * 7919) % 1000 * 1000).toArray();
    LatencySummary s = LatencySummary.of(samples, samples.length);

    assertThat(s.count()).isEqualTo(1001);
    assertThat(s.mean()).isCloseTo(5.499000999000999, TOL);
    assertThat(s.std()).isCloseTo(0.289106383532085, TOL);
    assertThat(s.min()).isCloseTo(5.0, TOL);
    assertThat(s.max()).isCloseTo(5.999, TOL);
    assertThat(s.p25()).isCloseTo(5.249, TOL);
    assertThat(s.median()).isCloseTo(5.499, TOL);
    assertThat(s.p75()).isCloseTo(5.749, TOL);
    assertThat(s.p90()).isCloseTo(5.899, TOL);
    assertThat(s.p95()).isCloseTo(5.949, TOL);
    assertThat(s.p99()).isCloseTo(5.989, TOL);
    assertThat(s.p999()).isCloseTo(5.998, TOL);
    assertThat(s.ci95Low()).isCloseTo(5.468, TOL);
    assertThat(s.ci95High()).isCloseTo(5.53, TOL);
    assertThat(s.outliers()).isZero();
  }

  @Test
  @DisplayName("A sample exactly on a Tukey fence is not an outlier, one nanosecond past it is")
  void outlierFences() {
    // q25, q75 = numpy.percentile(x, [25, 75]) = 11e6, 13e6 ns, so the upper fence is 13e6 + 1.5 *
    // 2e6 = 16e6 ns;
    // outliers = numpy.sum((x < q25 - 1.5*iqr) | (x > q75 + 1.5*iqr)) gives 0, then 1 with
    // 16_000_001
    assertThat(
            LatencySummary.of(
                    new long[] {13_000_000, 10_000_000, 16_000_000, 12_000_000, 11_000_000}, 5)
                .outliers())
        .isZero();
    assertThat(
            LatencySummary.of(
                    new long[] {13_000_000, 10_000_000, 16_000_001, 12_000_000, 11_000_000}, 5)
                .outliers())
        .isEqualTo(1L);
  }

  @Test
  @DisplayName("Huge samples a few nanoseconds apart keep their tiny spread")
  void numericallyStable() {
    // samples = [10**12 + d for d in [3, 1, 4, 1, 5, 9, 2, 6]]; summing raw squares (~8e24) would
    // lose it all
    long base = 1_000_000_000_000L;
    long[] samples = LongStream.of(3, 1, 4, 1, 5, 9, 2, 6).map(d -> base + d).toArray();
    LatencySummary s = LatencySummary.of(samples, samples.length);

    assertThat(s.std()).isCloseTo(2.748376143938713e-06, within(1e-15));
    assertThat(s.mean()).isCloseTo(1000000.000003875, TOL);
    assertThat(s.median()).isCloseTo(1000000.0000035, TOL);
    assertThat(s.p25()).isCloseTo(1000000.00000175, TOL);
    assertThat(s.p75()).isCloseTo(1000000.00000525, TOL);
    assertThat(s.p999()).isCloseTo(1000000.000008979, TOL);
    assertThat(s.outliers()).isZero();
  }

  @Test
  @DisplayName("Identical huge samples have a standard deviation of exactly zero and no outliers")
  void identicalSamples() {
    long[] samples = LongStream.generate(() -> 1_000_000_000_007L).limit(50).toArray();
    LatencySummary s = LatencySummary.of(samples, samples.length);

    assertThat(s.std()).isEqualTo(0.0);
    assertThat(s.mean()).isEqualTo(1_000_000.000007);
    assertThat(s.outliers()).isZero();
  }

  @Test
  @DisplayName(
      "The samples array is neither sorted nor changed, and entries past count are ignored")
  void leavesInputAlone() {
    long[] samples = {5_000_000, 1_000_000, 4_000_000, 2_000_000, 3_000_000, 999_000_000, -1};
    long[] before = samples.clone();
    LatencySummary s = LatencySummary.of(samples, 5);

    assertThat(samples).containsExactly(before);
    assertThat(s.count()).isEqualTo(5);
    assertThat(s.min()).isCloseTo(1.0, TOL);
    assertThat(s.max()).isCloseTo(5.0, TOL);
  }

  @Test
  @DisplayName("No figure is ever NaN or infinite: undefined ones are null")
  void noNaN() throws Exception {
    List<LatencySummary> summaries = new ArrayList<>();
    for (int n = 1; n <= 8; n++) {
      summaries.add(
          LatencySummary.of(LongStream.rangeClosed(1, n).map(i -> i * 1_000_000).toArray(), n));
    }
    summaries.add(LatencySummary.of(new long[] {Long.MAX_VALUE / 2, Long.MAX_VALUE / 2 + 1}, 2));
    for (LatencySummary s : summaries) {
      for (RecordComponent c : LatencySummary.class.getRecordComponents()) {
        Object value = c.getAccessor().invoke(s);
        if (value instanceof Double d) {
          assertThat(d).as("%s of %s", c.getName(), s).isFinite();
        }
      }
    }
    assertThat(summaries.get(0).std()).isNull();
    assertThat(summaries.get(4).ci95Low()).isNull();
  }

  @Test
  @DisplayName("An empty measurement is refused")
  void rejectsEmpty() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> LatencySummary.of(new long[3], 0))
        .withMessage("no samples");
    assertThatIllegalArgumentException().isThrownBy(() -> LatencySummary.of(new long[3], 4));
    assertThatIllegalArgumentException().isThrownBy(() -> LatencySummary.of(new long[3], -1));
  }
}
