package dev.junitbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

// Expected figures from scipy 1.17 with f = numpy.log(fork medians), y = numpy.log(one JVM's
// median):
// se = f.std(ddof=1) * numpy.sqrt(1 + 1/len(f)); t = (y - f.mean()) / se; p = 2 *
// scipy.stats.t.sf(abs(t), len(f) - 1);
// interval numpy.exp(y - f.mean() -+ scipy.stats.t.ppf(0.975, len(f) - 1) * se).
@DisplayName("The test between two sides' JVM runs")
class JvmRunsTests {

  private static final RegressionRule RULE = RegressionRule.DEFAULT;
  private static final double[] FORKS = {10.21, 10.53, 9.87, 10.92, 10.14};

  @Test
  @DisplayName(
      "one JVM against five forks: scipy's prediction-interval statistic, p-value and interval")
  void predictionAgainstScipy() {
    Comparison c = JvmRuns.compare(FORKS, new double[] {11.9}, RULE).orElseThrow();
    assertThat(c.test()).isEqualTo(Comparison.PREDICTION);
    assertThat(c.pValue()).isCloseTo(0.02890245737504534, withinPercentage(1e-8));
    assertThat(c.ratio()).isCloseTo(1.1522337435373344, withinPercentage(1e-11));
    assertThat(c.ci95Low()).isCloseTo(1.0241077487212686, withinPercentage(1e-9));
    assertThat(c.ci95High()).isCloseTo(1.2963895658477285, withinPercentage(1e-9));
    assertThat(c.baselineMedianMs()).isCloseTo(10.327765582933926, withinPercentage(1e-11));
    assertThat(c.baselineCount()).isEqualTo(5);
    assertThat(c.currentCount()).isEqualTo(1);
    assertThat(c.countUnit()).isEqualTo("JVMs");
    assertThat(c.verdict()).as("p above alpha").isEqualTo(Verdict.UNCHANGED);

    Comparison mirrored = JvmRuns.compare(new double[] {11.9}, FORKS, RULE).orElseThrow();
    assertThat(mirrored.ratio()).isCloseTo(1 / 1.1522337435373344, withinPercentage(1e-11));
    assertThat(mirrored.pValue()).isCloseTo(0.02890245737504534, withinPercentage(1e-8));
    assertThat(mirrored.currentCount()).isEqualTo(5);
  }

  // Alike: se = f.std(ddof=1) * numpy.sqrt(2); t = (numpy.log(11.2) - numpy.log(10.0)) / se; p = 2
  // * t.sf(|t|, 4).
  @Test
  @DisplayName(
      "two alike JVMs against the forks' spread: scipy's p-value and interval, named in the note")
  void alikeAgainstScipy() {
    Comparison c = JvmRuns.compareAlike(10.0, 11.2, FORKS, true, RULE);
    assertThat(c.test()).isEqualTo(Comparison.ALIKE).isEqualTo("t-alike-jvms-fork-spread");
    assertThat(c.pValue()).isCloseTo(0.10752484051366559, withinPercentage(1e-7));
    assertThat(c.ratio()).isCloseTo(1.12, withinPercentage(1e-11));
    assertThat(c.ci95Low()).isCloseTo(0.9618905160021028, withinPercentage(1e-9));
    assertThat(c.ci95High()).isCloseTo(1.304098521746166, withinPercentage(1e-9));
    assertThat(c.baselineCount()).isEqualTo(1);
    assertThat(c.currentCount()).isEqualTo(1);
    assertThat(c.countUnit()).isEqualTo("JVMs");
    assertThat(c.betweenJvms()).isTrue();
    assertThat(c.verdict()).isEqualTo(Verdict.UNCHANGED);
    assertThat(c.note())
        .isEqualTo(
            "alike: both runs' JUnit JVMs, the spread between JVMs from the current run's 5"
                + " forks");
    double[] slowForks = Arrays.stream(FORKS).map(ms -> ms * 3).toArray();
    assertThat(JvmRuns.compareAlike(10.0, 30.0, slowForks, true, RULE).verdict())
        .isEqualTo(Verdict.REGRESSED);
    Comparison unconfirmed = JvmRuns.compareAlike(10.0, 30.0, FORKS, true, RULE);
    assertThat(unconfirmed.verdict())
        .as("the forks do not show it: the current JVM sits on another level")
        .isEqualTo(Verdict.NOT_JUDGED);
    assertThat(unconfirmed.note())
        .startsWith("not judged: not confirmed by the forks: regressed +200.0% (p = ")
        .endsWith(
            "): the current run's JUnit JVM sits +190.5% from its own forks, which show +3.3%, so one JVM a side"
                + " cannot tell a change from a JVM on another level (fork the baseline run too)");
    assertThat(JvmRuns.notJudgedKind(unconfirmed.note())).isEqualTo(JvmRuns.UNCONFIRMED);
    assertThat(JvmRuns.compareAlike(30.0, 10.0, FORKS, false, RULE).note())
        .as("the baseline's forks")
        .contains("the baseline run's JUnit JVM sits +190.5%")
        .endsWith("(fork the current run too)");
  }

  @Test
  @DisplayName(
      "two alike JVMs that show no change stay unchanged when only the forks do, with the forks' figure in the note")
  void forksAloneDoNotDecide() {
    double[] slowerForks = Arrays.stream(FORKS).map(ms -> ms * 1.3).toArray();
    Comparison c = JvmRuns.compareAlike(10.0, 10.1, slowerForks, true, RULE);
    assertThat(c.verdict()).isEqualTo(Verdict.UNCHANGED);
    assertThat(c.note())
        .isEqualTo(
            "alike: both runs' JUnit JVMs, the spread between JVMs from the current run's 5"
                + " forks; the forks alone show +34.3% against the baseline run's JUnit JVM");
  }

  @Test
  @DisplayName(
      "two alike JVMs against forks on two levels: not judged, unless the change stands against the mixture's spread")
  void alikeBimodal() {
    double[] forks = {16.1, 27.3, 15.9, 16.4, 27.5, 16.0, 16.2, 27.2, 16.3, 16.5};
    Comparison c = JvmRuns.compareAlike(16.2, 27.0, forks, true, RULE);
    assertThat(c.verdict()).isEqualTo(Verdict.NOT_JUDGED);
    assertThat(c.note())
        .startsWith("not judged: JVMs bimodal (3 of 10 slow, 65% apart) in the current run");
    double[] slowForks = Arrays.stream(forks).map(ms -> ms * 10).toArray();
    assertThat(JvmRuns.compareAlike(16.2, 160.0, slowForks, true, RULE).verdict())
        .isEqualTo(Verdict.REGRESSED);
  }

  @Test
  @DisplayName(
      "two JVMs against six forks: the six forks' spread judges the two's mean, not Welch's test, which overstates what two JVMs know")
  void twoAgainstSix() {
    double[] six = {10.21, 10.53, 9.87, 10.92, 10.14, 10.40};
    Comparison c = JvmRuns.compare(six, new double[] {11.5, 11.7}, RULE).orElseThrow();
    assertThat(c.test()).isEqualTo(Comparison.PREDICTION);
    assertThat(c.pValue()).isCloseTo(0.009842507041575903, withinPercentage(1e-7));
    assertThat(c.ratio()).isCloseTo(1.1218401642572486, withinPercentage(1e-11));
    assertThat(c.ci95Low()).isCloseTo(1.0428584663250802, withinPercentage(1e-9));
    assertThat(c.ci95High()).isCloseTo(1.206803602578629, withinPercentage(1e-9));
    assertThat(c.verdict()).isEqualTo(Verdict.REGRESSED);
  }

  @Test
  @DisplayName("Welch's test when both sides have three JVMs or more, or the same count")
  void welch() {
    assertThat(
            JvmRuns.compare(FORKS, new double[] {11.02, 11.61, 10.95, 11.38}, RULE)
                .orElseThrow()
                .test())
        .isEqualTo(Comparison.WELCH);
    assertThat(
            JvmRuns.compare(new double[] {10, 10.2}, new double[] {11, 11.3}, RULE)
                .orElseThrow()
                .test())
        .isEqualTo(Comparison.WELCH);
  }

  @Test
  @DisplayName("no test between JVMs when each side has one: the caller tests one JVM's samples")
  void oneAgainstOne() {
    assertThat(JvmRuns.compare(new double[] {10}, new double[] {11}, RULE)).isEmpty();
  }

  @Test
  @DisplayName(
      "two levels among a side's JVMs: not judged, naming how many were slow and how far apart")
  void bimodalNotJudged() {
    double[] current = {16.1, 27.3, 15.9, 16.4, 27.5, 16.0, 16.2, 27.2, 16.3, 16.5};
    Comparison c = JvmRuns.compare(new double[] {16.2}, current, RULE).orElseThrow();
    assertThat(c.verdict()).isEqualTo(Verdict.NOT_JUDGED);
    assertThat(c.test()).isEqualTo(Comparison.NONE);
    assertThat(c.pValue()).isNull();
    assertThat(c.note())
        .startsWith("not judged: JVMs bimodal (3 of 10 slow, 65% apart) in the current run;");
  }

  @Test
  @DisplayName(
      "a change beyond both levels stands: every current JVM slower than every baseline JVM by more than the threshold")
  void bimodalButBeyond() {
    double[] baseline = {1.0, 1.7, 1.01, 0.99, 1.69, 1.0};
    double[] current = {20.1, 20.3, 19.9, 34.0, 20.0};
    Comparison c = JvmRuns.compare(baseline, current, RULE).orElseThrow();
    assertThat(c.verdict()).isEqualTo(Verdict.REGRESSED);
    assertThat(c.note())
        .contains("JVMs bimodal (2 of 6 slow")
        .contains("in the baseline")
        .contains(
            "the change stands against either level: the current run's faster JVMs are slower than the baseline's slower ones");
  }

  @Test
  @DisplayName(
      "the levels rule: a 25% gap that is also 4 within-group spreads wide; noise, one JVM or two are not two levels")
  void levelsRule() {
    Optional<JvmLevels> levels = JvmLevels.of(new double[] {10, 10.1, 9.9, 13, 13.1});
    assertThat(levels)
        .hasValueSatisfying(
            l -> {
              assertThat(l.jvms()).isEqualTo(5);
              assertThat(l.slow()).isEqualTo(2);
              assertThat(l.separation()).isCloseTo(13 / 10.1, withinPercentage(1e-9));
              assertThat(l.describe()).isEqualTo("JVMs bimodal (2 of 5 slow, 29% apart)");
            });
    assertThat(JvmLevels.of(new double[] {10, 10.1, 9.9, 12.0, 12.1})).as("20% apart").isEmpty();
    assertThat(JvmLevels.of(new double[] {10, 11, 9, 14, 15}))
        .as("a gap of 27%, but within-group spread 8%")
        .isEmpty();
    assertThat(JvmLevels.of(new double[] {10, 17})).as("two JVMs").isEmpty();
    assertThat(JvmLevels.of(new double[] {10, 10, 10})).as("no spread at all").isEmpty();
  }
}
