package dev.junitbench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.config.Defaults;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The gate's paths between JVM runs in simulation, with fixed seeds: each JVM lands at its own
 * level (log-normal, between-JVM CV 5%; in the bimodal case 30% of JVMs 70% slower on top) and
 * measures 100 samples around it (within-JVM CV 3%); a side's JVM medians go through {@link
 * JvmRuns}, and a side of one JVM each through the test of one JVM's samples. The figures printed
 * are those of docs/design/compare-confidence.adoc and docs/forks.adoc.
 */
class GateSimulationTests {

  static final double BETWEEN = 0.05;
  static final double WITHIN = 0.03;
  static final int SAMPLES = 100;
  static final double SLOW_SHARE = 0.3;
  static final double SLOW_FACTOR = 1.7;
  static final int TRIALS = 4000;

  /**
   * Scenarios simulated for a rate a fork count is chosen by: its standard error is 0.15% near 95%.
   */
  static final int NAMING_TRIALS = 20_000;

  private static final RegressionRule RULE = RegressionRule.DEFAULT;

  /**
   * One side of a simulated comparison: its JVM medians (ms) and, for one JVM, its samples (ns).
   */
  record Side(double[] mediansMs, long[] samplesNs) {}

  /** Simulated JVM runs of one build on one machine. */
  static final class Machine {
    private final SplittableRandom random;
    private final double between;
    private final boolean bimodal;
    private final long[] samples = new long[SAMPLES];

    Machine(long seed, double between, boolean bimodal) {
      this.random = new SplittableRandom(seed);
      this.between = between;
      this.bimodal = bimodal;
    }

    /** {@code jvms} JVM runs of a scenario whose true median is {@code scale} ms. */
    Side run(int jvms, double scale) {
      double[] medians = new double[jvms];
      long[] kept = null;
      for (int j = 0; j < jvms; j++) {
        double level =
            scale
                * Math.exp(gaussian() * between)
                * (bimodal && random.nextDouble() < SLOW_SHARE ? SLOW_FACTOR : 1);
        for (int i = 0; i < SAMPLES; i++) {
          samples[i] = Math.round(level * 1e6 * Math.exp(gaussian() * WITHIN));
        }
        kept = samples.clone();
        Arrays.sort(samples);
        medians[j] = (samples[SAMPLES / 2 - 1] + samples[SAMPLES / 2]) / 2e6;
      }
      return new Side(medians, jvms == 1 ? kept : null);
    }

    private double gaussian() {
      // Box-Muller: SplittableRandom has no nextGaussian on Java 17.
      double u = 1 - random.nextDouble();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextDouble());
    }
  }

  /** The verdict the gate reaches on two sides, as {@code ScenarioComparison} picks the test. */
  static Verdict judge(Side before, Side now) {
    return comparison(before, now).verdict();
  }

  static Comparison comparison(Side before, Side now) {
    return JvmRuns.compare(before.mediansMs(), now.mediansMs(), RULE)
        .orElseGet(
            () ->
                Comparison.ofSamples(before.samplesNs(), SAMPLES, now.samplesNs(), SAMPLES, RULE));
  }

  /**
   * The slot of a rates array past the verdicts': scenarios not judged because their JVMs were
   * named bimodal.
   */
  static final int NAMED = Verdict.values().length;

  /**
   * Counts {@code c} in {@code counts}: its verdict, and {@link #NAMED} when it was not judged for
   * two levels.
   */
  static void count(double[] counts, Comparison c) {
    counts[c.verdict().ordinal()]++;
    if (c.verdict() == Verdict.NOT_JUDGED
        && JvmRuns.notJudgedKind(c.note()).equals("JVMs bimodal")) {
      counts[NAMED]++;
    }
  }

  /**
   * Rates of each verdict over {@link #TRIALS} pairs: baseline in {@code b} JVMs, current in {@code
   * k}, slower by {@code change}.
   */
  static double[] rates(long seed, int b, int k, double change, boolean bimodal, double between) {
    return rates(seed, b, k, change, bimodal, between, TRIALS);
  }

  static double[] rates(
      long seed, int b, int k, double change, boolean bimodal, double between, int trials) {
    Machine machine = new Machine(seed, between, bimodal);
    double[] counts = new double[NAMED + 1];
    for (int t = 0; t < trials; t++) {
      count(counts, comparison(machine.run(b, 1), machine.run(k, 1 + change)));
    }
    for (int i = 0; i < counts.length; i++) {
      counts[i] /= trials;
    }
    return counts;
  }

  /**
   * Rates of each verdict on the default path against a baseline measured in one JVM: the
   * baseline's JVM and the current run's own JUnit JVM measured alike, the current run's {@code k}
   * forks for the spread; forks sit {@code forkOffset} away from such JVMs (a fresh JVM is not a
   * warm one).
   */
  static double[] alikeRates(
      long seed,
      int k,
      double change,
      boolean bimodal,
      double between,
      int trials,
      double forkOffset) {
    Machine machine = new Machine(seed, between, bimodal);
    double[] counts = new double[NAMED + 1];
    for (int t = 0; t < trials; t++) {
      double before = machine.run(1, 1).mediansMs()[0];
      double here = machine.run(1, 1 + change).mediansMs()[0];
      double[] forks = machine.run(k, (1 + change) * (1 + forkOffset)).mediansMs();
      count(counts, JvmRuns.compareAlike(before, here, forks, true, RULE));
    }
    for (int i = 0; i < counts.length; i++) {
      counts[i] /= trials;
    }
    return counts;
  }

  /**
   * The default path's rates against {@code b} baseline JVMs: alike against one, else between JVM
   * runs.
   */
  static double[] defaultRates(
      long seed, int b, int k, double change, boolean bimodal, double between, int trials) {
    return b == 1
        ? alikeRates(seed, k, change, bimodal, between, trials, 0)
        : rates(seed, b, k, change, bimodal, between, trials);
  }

  static double regressed(double[] rates) {
    return rates[Verdict.REGRESSED.ordinal()];
  }

  /**
   * The share of scenarios not judged because a side's JVMs were named bimodal; other reasons not
   * counted.
   */
  static double named(double[] rates) {
    return rates[NAMED];
  }

  /**
   * The lower end of the 99% interval of a rate measured in {@code trials} scenarios (normal
   * approximation).
   */
  static double lower99(double rate, int trials) {
    return rate - 2.576 * Math.sqrt(rate * (1 - rate) / trials);
  }

  @Test
  @DisplayName(
      "The default fork count against a baseline keeps A/A false regressions under 1% and names bimodal JVMs in 95% of scenarios (the lower end of its 99% interval), and is the smallest that does")
  void defaultForkCounts() {
    StringBuilder table =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%-14s %-6s %-18s %-16s %-14s %-12s %-12s%n",
                "baseline JVMs",
                "forks",
                "A/A regressed",
                "bimodal named",
                "bimodal regr.",
                "power +10%",
                "power +25%"));
    for (int b = 1; b <= Defaults.FORKS_AGAINST_BASELINE.size(); b++) {
      int k = Defaults.forksAgainstBaseline(b);
      long seed = 1000L * b + k;
      double aa = regressed(defaultRates(seed, b, k, 0, false, BETWEEN, TRIALS));
      double[] bimodal = defaultRates(seed + 1, b, k, 0, true, BETWEEN, NAMING_TRIALS);
      double fewer = named(defaultRates(seed + 2, b, k - 1, 0, true, BETWEEN, NAMING_TRIALS));
      double p10 = regressed(defaultRates(seed + 3, b, k, 0.10, false, BETWEEN, TRIALS));
      double p25 = regressed(defaultRates(seed + 4, b, k, 0.25, false, BETWEEN, TRIALS));
      table.append(
          String.format(
              Locale.ROOT,
              "%-14d %-6d %-18s %-16s %-14s %-12s %-12s%n",
              b,
              k,
              pct(aa),
              pct(named(bimodal)) + " (" + (k - 1) + ": " + pct(fewer) + ")",
              pct(regressed(bimodal)),
              pct(p10),
              pct(p25)));
      assertThat(aa).as("A/A false regressions, %d vs %d JVMs", b, k).isLessThanOrEqualTo(0.01);
      assertThat(lower99(named(bimodal), NAMING_TRIALS))
          .as("bimodal named, %d vs %d JVMs", b, k)
          .isGreaterThanOrEqualTo(0.95);
      assertThat(regressed(bimodal))
          .as("bimodal false regressions, %d vs %d JVMs", b, k)
          .isLessThanOrEqualTo(0.01);
      assertThat(lower99(fewer, NAMING_TRIALS))
          .as("one fork fewer names too few, %d vs %d JVMs", b, k - 1)
          .isLessThan(0.95);
      assertThat(p25).isGreaterThan(p10);
    }
    System.out.print(table);
  }

  @Test
  @DisplayName(
      "Power of each path at a 10% and a 25% slowdown, and A/A false regressions, by fork count")
  void powerByPath() {
    StringBuilder table =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%-26s %-14s %-12s %-12s%n",
                "path",
                "A/A regressed",
                "power +10%",
                "power +25%"));
    int[][] pairs = {{1, 3}, {1, 5}, {1, 10}, {3, 3}, {5, 5}, {10, 10}};
    for (int k : new int[] {5, Defaults.forksAgainstBaseline(1)}) {
      double aa = regressed(alikeRates(70L + k, k, 0, false, BETWEEN, TRIALS, 0));
      double p10 = regressed(alikeRates(71L + k, k, 0.10, false, BETWEEN, TRIALS, 0));
      double p25 = regressed(alikeRates(72L + k, k, 0.25, false, BETWEEN, TRIALS, 0));
      String path = "alike JVMs, " + k + " forks";
      table.append(
          String.format(
              Locale.ROOT, "%-26s %-14s %-12s %-12s%n", path, pct(aa), pct(p10), pct(p25)));
      assertThat(aa).as("A/A false regressions, %s", path).isLessThanOrEqualTo(0.01);
    }
    for (int[] pair : pairs) {
      int b = pair[0];
      int k = pair[1];
      long seed = 77L * b + k;
      double aa = regressed(rates(seed, b, k, 0, false, BETWEEN));
      double p10 = regressed(rates(seed + 1, b, k, 0.10, false, BETWEEN));
      double p25 = regressed(rates(seed + 2, b, k, 0.25, false, BETWEEN));
      String path = (b == 1 ? "one JVM vs " + k + " forks" : b + " vs " + k + " forks (Welch)");
      table.append(
          String.format(
              Locale.ROOT, "%-26s %-14s %-12s %-12s%n", path, pct(aa), pct(p10), pct(p25)));
      assertThat(aa).as("A/A false regressions, %s", path).isLessThanOrEqualTo(0.01);
      assertThat(p25).isGreaterThan(p10);
    }
    System.out.print(table);
  }

  @Test
  @DisplayName(
      "Two JVMs against nine: Welch's test overstates what two JVMs know; the larger side's spread keeps A/A under 1%")
  void twoAgainstNine() {
    Machine machine = new Machine(29, BETWEEN, false);
    int welch = 0;
    int spread = 0;
    for (int t = 0; t < TRIALS; t++) {
      Side before = machine.run(2, 1);
      Side now = machine.run(9, 1);
      welch +=
          Comparison.ofForks(before.mediansMs(), now.mediansMs(), RULE).verdict()
                  == Verdict.REGRESSED
              ? 1
              : 0;
      spread += judge(before, now) == Verdict.REGRESSED ? 1 : 0;
    }
    System.out.printf(
        Locale.ROOT,
        "A/A, 2 vs 9 JVMs: Welch regressed %s, the larger side's spread %s%n",
        pct((double) welch / TRIALS),
        pct((double) spread / TRIALS));
    assertThat((double) spread / TRIALS).isLessThanOrEqualTo(0.01);
    assertThat(welch).isGreaterThan(spread);
  }

  @Test
  @DisplayName(
      "At the spread measured on the build machine (between-JVM CV 1.4%), one JVM against 10 forks catches most 10% slowdowns")
  void atTheMeasuredSpread() {
    double spread = 0.014;
    int k = Defaults.forksAgainstBaseline(1);
    double aa = regressed(alikeRates(31, k, 0, false, spread, TRIALS, 0));
    double p10 = regressed(alikeRates(32, k, 0.10, false, spread, TRIALS, 0));
    System.out.printf(
        Locale.ROOT,
        "between-JVM CV 1.4%%, the default against one JVM (alike, %d forks): A/A regressed"
            + " %s, +10%% regressed %s%n",
        k,
        pct(aa),
        pct(p10));
    assertThat(aa).isLessThanOrEqualTo(0.01);
    assertThat(p10).isGreaterThan(regressed(alikeRates(33, k, 0.10, false, BETWEEN, TRIALS, 0)));
  }

  @Test
  @DisplayName(
      "Forks 4% off the JVMs that ran the suite (as measured in an A/A run of the shipped suite): one JVM against forks false-alarms, alike JVMs do not")
  void forksAwayFromTheSuitesJvm() {
    double offset = 0.04;
    double predicted = 0;
    Machine machine = new Machine(41, BETWEEN, false);
    for (int t = 0; t < TRIALS; t++) {
      double before = machine.run(1, 1).mediansMs()[0];
      double[] forks = machine.run(10, 1 + offset).mediansMs();
      predicted +=
          JvmRuns.compare(new double[] {before}, forks, RULE).orElseThrow().verdict()
                  == Verdict.REGRESSED
              ? 1
              : 0;
    }
    double alike =
        regressed(
            alikeRates(42, Defaults.forksAgainstBaseline(1), 0, false, BETWEEN, TRIALS, offset));
    System.out.printf(
        Locale.ROOT,
        "forks 4%% slower than the suite's JVMs, A/A: one JVM vs 10 forks regressed %s,"
            + " alike regressed %s%n",
        pct(predicted / TRIALS),
        pct(alike));
    assertThat(alike).isLessThanOrEqualTo(0.01);
    assertThat(predicted / TRIALS).isGreaterThan(3 * alike);
    // The forks must confirm a change: forks apart from the suite's JVMs cost power one way or the
    // other.
    int k = Defaults.forksAgainstBaseline(1);
    for (double away : new double[] {-offset, offset}) {
      double p10 = regressed(alikeRates(43, k, 0.10, false, BETWEEN, TRIALS, away));
      double p25 = regressed(alikeRates(44, k, 0.25, false, BETWEEN, TRIALS, away));
      double aa = regressed(alikeRates(45, k, 0, false, BETWEEN, TRIALS, away));
      System.out.printf(
          Locale.ROOT,
          "forks %+.0f%% from the suite's JVMs, alike: A/A regressed %s, power +10%% %s,"
              + " +25%% %s%n",
          away * 100,
          pct(aa),
          pct(p10),
          pct(p25));
      assertThat(aa).isLessThanOrEqualTo(0.01);
      assertThat(p25).isGreaterThan(p10);
    }
  }

  @Test
  @DisplayName(
      "One JVM against one JVM: the rank test calls most A/A pairs changed, only the threshold decides, so the verdict is marked unforked")
  void unforkedPath() {
    double[] aa = rates(5, 1, 1, 0, false, BETWEEN);
    double[] normalBoth = rates(6, 1, 1, 0.10, false, BETWEEN);
    System.out.printf(
        Locale.ROOT,
        "unforked A/A: %s regressed, %s improved; +10%%: %s regressed%n",
        pct(regressed(aa)),
        pct(aa[Verdict.IMPROVED.ordinal()]),
        pct(regressed(normalBoth)));
    // Two JVMs' medians differ by N(0, 7%) in log; the rank test's p is near 0 for any two of them.
    assertThat(regressed(aa)).isGreaterThan(0.15);
  }

  @Test
  @DisplayName(
      "With bimodal JVMs a change beyond both levels is still called: a tenfold slowdown is caught at every default count")
  void grossChangeUnderBimodalNoise() {
    for (int b = 1; b <= Defaults.FORKS_AGAINST_BASELINE.size(); b++) {
      int k = Defaults.forksAgainstBaseline(b);
      double doubled = regressed(defaultRates(900L + b, b, k, 1.0, true, BETWEEN, TRIALS));
      double tenfold = regressed(defaultRates(950L + b, b, k, 9.0, true, BETWEEN, TRIALS));
      System.out.printf(
          Locale.ROOT,
          "bimodal, %d vs %d JVMs: +100%% regressed %s, x10 regressed %s%n",
          b,
          k,
          pct(doubled),
          pct(tenfold));
      assertThat(tenfold).as("%d vs %d JVMs", b, k).isGreaterThanOrEqualTo(0.99);
    }
  }

  @Test
  @DisplayName(
      "Under normal noise of 10% between JVMs, few scenarios are wrongly named bimodal at the default counts")
  void noFalseBimodalAtModerateNoise() {
    for (int b = 1; b <= Defaults.FORKS_AGAINST_BASELINE.size(); b++) {
      int k = Defaults.forksAgainstBaseline(b);
      double wronglyNamed = named(defaultRates(500L + b, b, k, 0, false, 0.10, TRIALS));
      System.out.printf(
          Locale.ROOT,
          "between-JVM CV 10%%, %d vs %d JVMs: named bimodal %s%n",
          b,
          k,
          pct(wronglyNamed));
      assertThat(wronglyNamed).as("%d vs %d JVMs", b, k).isLessThanOrEqualTo(0.10);
    }
  }

  private static String pct(double rate) {
    return String.format(Locale.ROOT, "%.2f%%", rate * 100);
  }
}
