package dev.junitbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.withinPercentage;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

// Expected figures from numpy 2.4 / scipy 1.17 with m = numpy.array(MEDIANS), l = numpy.log(m), k =
// len(m),
// lo, hi = numpy.array(LOW), numpy.array(HIGH), z = scipy.stats.norm.ppf(0.975).
class ForkStatisticsTests {

  private static final double[] MEDIANS = {10.21, 10.53, 9.87, 10.92, 10.14};
  private static final double[] LOW = {10.02, 10.30, 9.70, Double.NaN, 9.95};
  private static final double[] HIGH = {10.41, 10.77, 10.05, Double.NaN, 10.33};
  private static final double[] NAN_2 = {Double.NaN, Double.NaN};

  @Test
  @DisplayName("Five forks, one without an interval, give numpy's and scipy's figures")
  void fiveForks() {
    ForkStatistics s = ForkStatistics.of(MEDIANS, LOW, HIGH);

    assertThat(s.forks()).isEqualTo(5);
    // numpy.exp(l.mean())
    assertThat(s.centerMs()).isCloseTo(10.327765582933926, withinPercentage(1e-11));
    // numpy.exp(l.mean() -+ scipy.stats.t.ppf(0.975, k - 1) * l.std(ddof=1) / numpy.sqrt(k))
    assertThat(s.ci95Low()).isCloseTo(9.84251592628942, withinPercentage(1e-10));
    assertThat(s.ci95High()).isCloseTo(10.836938719208744, withinPercentage(1e-10));
    // m.std(ddof=1) / m.mean()
    assertThat(s.betweenForkCv()).isCloseTo(0.03901200852700394, withinPercentage(1e-10));
    // l.var(ddof=1)
    assertThat(s.betweenLogVariance()).isCloseTo(0.0015021938548570484, withinPercentage(1e-10));
    // w = ((numpy.log(hi) - numpy.log(lo)) / (2 * z))**2 without the NaN; w.mean(),
    // numpy.sqrt(w).mean()
    assertThat(s.withinLogVariance()).isCloseTo(9.94121272707626e-05, withinPercentage(1e-10));
    assertThat(s.withinForkCv()).isCloseTo(0.009931997799962471, withinPercentage(1e-10));
    assertThat(s.method()).isEqualTo("student-t on log fork medians, 4 df");
  }

  @Test
  @DisplayName("Two forks: the interval has 1 degree of freedom and is wide, as it must be")
  void twoForks() {
    ForkStatistics s = ForkStatistics.of(new double[] {10.21, 10.53}, NAN_2, NAN_2);
    // numpy.exp(numpy.log([10.21, 10.53]).mean()), numpy.log([10.21, 10.53]).var(ddof=1)
    assertThat(s.centerMs()).isCloseTo(10.368765596733295, withinPercentage(1e-11));
    assertThat(s.betweenLogVariance()).isCloseTo(0.0004761912161336935, withinPercentage(1e-10));
    assertThat(s.method()).isEqualTo("student-t on log fork medians, 1 df");
    // t(0.975, 1) = 12.7: the interval reaches well beyond both medians
    assertThat(s.ci95Low()).isLessThan(9.5);
    assertThat(s.ci95High()).isGreaterThan(11.3);
  }

  @Test
  @DisplayName(
      "One fork: its median is the centre, nothing across forks, its own interval still gives the within figures")
  void oneFork() {
    ForkStatistics s =
        ForkStatistics.of(new double[] {10.21}, new double[] {10.02}, new double[] {10.41});
    assertThat(s.forks()).isEqualTo(1);
    assertThat(s.centerMs()).isCloseTo(10.21, withinPercentage(1e-12));
    assertThat(s.ci95Low()).isNull();
    assertThat(s.ci95High()).isNull();
    assertThat(s.betweenForkCv()).isNull();
    assertThat(s.betweenLogVariance()).isZero();
    assertThat(s.method()).isEqualTo("one fork: no interval across forks");
    // (numpy.log(10.41) - numpy.log(10.02)) / (2 * z), and its square
    assertThat(s.withinForkCv()).isCloseTo(0.009740940974259664, withinPercentage(1e-10));
    assertThat(s.withinLogVariance()).isCloseTo(9.488593106401081e-05, withinPercentage(1e-10));
  }

  @Test
  @DisplayName(
      "No fork with an interval, or only intervals reaching 0: the within-fork figures are null")
  void noIntervals() {
    double[] nan = {Double.NaN, Double.NaN, Double.NaN};
    ForkStatistics unknown = ForkStatistics.of(new double[] {1, 2, 3}, nan, nan);
    assertThat(unknown.withinForkCv()).isNull();
    assertThat(unknown.withinLogVariance()).isNull();
    assertThat(unknown.ci95Low()).isNotNull();

    ForkStatistics clockBound =
        ForkStatistics.of(
            new double[] {1e-5, 2e-5}, new double[] {0, 0}, new double[] {2e-5, 3e-5});
    assertThat(clockBound.withinLogVariance()).isNull();
  }

  @Test
  @DisplayName(
      "Equal fork medians give a zero-width interval at that median and zero spread between forks")
  void equalMedians() {
    ForkStatistics s =
        ForkStatistics.of(new double[] {4, 4, 4}, new double[] {4, 4, 4}, new double[] {4, 4, 4});
    assertThat(s.ci95Low()).isCloseTo(4, withinPercentage(1e-12));
    assertThat(s.ci95High()).isCloseTo(4, withinPercentage(1e-12));
    assertThat(s.betweenForkCv()).isZero();
    assertThat(s.withinLogVariance()).isZero();
  }

  @Test
  @DisplayName("Bad input is refused with what is wrong")
  void badInput() {
    double[] one = {1};
    double[] nan = {Double.NaN};
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ForkStatistics.of(new double[0], new double[0], new double[0]))
        .withMessageContaining("no fork medians");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ForkStatistics.of(new double[] {1, 2}, nan, nan))
        .withMessageContaining("one interval per fork")
        .withMessageContaining("2 medians, 1 lower and 1 upper");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ForkStatistics.of(new double[] {0}, nan, nan))
        .withMessageContaining("fork 1's median must be positive and finite, was 0.0");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ForkStatistics.of(new double[] {1, Double.NaN}, NAN_2, NAN_2))
        .withMessageContaining("fork 2's median");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ForkStatistics.of(new double[] {Double.POSITIVE_INFINITY}, nan, nan))
        .withMessageContaining("positive and finite");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ForkStatistics.of(one, nan, one))
        .withMessageContaining("fork 1's interval is half known");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ForkStatistics.of(one, new double[] {2}, one))
        .withMessageContaining("0 <= low <= high");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> ForkStatistics.of(one, new double[] {-1}, one))
        .withMessageContaining("0 <= low <= high");
  }
}
