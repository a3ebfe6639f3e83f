package dev.junitbench.stats;

import static dev.junitbench.stats.GateSimulationTests.BETWEEN;
import static dev.junitbench.stats.GateSimulationTests.NAMED;
import static dev.junitbench.stats.GateSimulationTests.NAMING_TRIALS;
import static dev.junitbench.stats.GateSimulationTests.TRIALS;
import static dev.junitbench.stats.GateSimulationTests.lower99;
import static dev.junitbench.stats.GateSimulationTests.named;
import static dev.junitbench.stats.GateSimulationTests.regressed;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.Defaults;
import dev.junitbench.config.ForkSettings;
import dev.junitbench.stats.GateSimulationTests.Machine;
import dev.junitbench.stats.GateSimulationTests.Side;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The forks a baseline turns on, adaptive ({@link ForkSettings#againstBaseline}), in the simulation
 * of {@link GateSimulationTests}: the current side forks one JVM at a time from the calibrated
 * count until the interval across its forks is within the precision, and is judged against a
 * baseline of {@code b} JVMs measured alike. The figures printed are those of docs/forks.adoc.
 */
class BaselineForksSimulationTests {

  /** The between-JVM CV measured for MiniLM-int8 on one thread on the build machine. */
  private static final double MEASURED = 0.015;

  private static ForkStopRule rule(int baselineJvms) {
    return ForkSettings.of(BenchConfig.of(key -> Optional.empty())).againstBaseline(baselineJvms);
  }

  /** Forks one at a time until {@code rule} stops them. */
  private static Side adaptive(Machine machine, ForkStopRule rule, double scale) {
    double[] medians = new double[rule.max()];
    for (int k = 1; k <= rule.max(); k++) {
      medians[k - 1] = machine.run(1, scale).mediansMs()[0];
      if (k >= rule.min()
          && rule.look(Arrays.copyOf(medians, k)).stop() != ForkStopRule.Stop.CONTINUE) {
        return new Side(Arrays.copyOf(medians, k), null);
      }
    }
    throw new AssertionError("the rule did not stop at its max: " + rule);
  }

  /**
   * Rates of each verdict over {@code trials} pairs, and in the last slot the mean forks of the
   * current side: baseline in {@code b} JVMs, current forked adaptively, slower by {@code change}.
   */
  private static double[] rates(
      long seed, int b, double change, boolean bimodal, double between, int trials) {
    Machine machine = new Machine(seed, between, bimodal);
    ForkStopRule rule = rule(b);
    double[] counts = new double[NAMED + 2];
    for (int t = 0; t < trials; t++) {
      Side now = adaptive(machine, rule, 1 + change);
      GateSimulationTests.count(counts, GateSimulationTests.comparison(machine.run(b, 1), now));
      counts[NAMED + 1] += now.mediansMs().length;
    }
    for (int i = 0; i < counts.length; i++) {
      counts[i] /= trials;
    }
    return counts;
  }

  private static double forks(double[] rates) {
    return rates[NAMED + 1];
  }

  @Test
  @DisplayName(
      "Against a baseline of one or two JVMs the rule is the calibrated count exactly; of three or more it starts there and may add forks up to 10")
  void ruleStartsAtTheCalibratedCount() {
    for (int b = 1; b <= Defaults.FORKS_AGAINST_BASELINE.size() + 1; b++) {
      ForkStopRule rule = rule(b);
      assertThat(rule.min())
          .as("min, %d baseline JVMs", b)
          .isEqualTo(Defaults.forksAgainstBaseline(b));
      assertThat(rule.max())
          .as("max, %d baseline JVMs", b)
          .isEqualTo(Math.max(Defaults.forksAgainstBaseline(b), Defaults.ADAPTIVE_FORKS_MAX));
      assertThat(rule.precision()).isEqualTo(Defaults.ADAPTIVE_FORKS_PRECISION);
    }
  }

  @Test
  @DisplayName(
      "Adaptive forks against a baseline keep the calibrated guarantees: A/A false regressions at most 1%, bimodal JVMs named in 95% of scenarios, and power at +10% at least the fixed count's")
  void keepTheCalibratedGuarantees() {
    StringBuilder table =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%-10s %-9s %-10s %-14s %-14s %-13s %-20s%n",
                "CV",
                "baseline",
                "forks",
                "A/A regressed",
                "bimodal named",
                "bimodal regr.",
                "power +10% (fixed)"));
    // Against 1 or 2 baseline JVMs min = max: the fixed count, whose figures GateSimulationTests
    // has.
    for (int b = 3; b <= Defaults.FORKS_AGAINST_BASELINE.size(); b += 2) {
      int k = Defaults.forksAgainstBaseline(b);
      for (int noise = 0; noise < 2; noise++) {
        double between = noise == 0 ? BETWEEN : MEASURED;
        long seed = 7000L * b + Math.round(between * 1000);
        // The calibration's noise gets its number of scenarios; the measured one, where forks
        // stop earlier, the A/A number (its 99% interval is then +-0.7 points near 97%).
        int naming = noise == 0 ? NAMING_TRIALS : TRIALS;
        double[] aa = rates(seed, b, 0, false, between, TRIALS);
        double[] bimodal = rates(seed + 1, b, 0, true, between, naming);
        double[] slower = rates(seed + 2, b, 0.10, false, between, TRIALS);
        double fixed =
            regressed(GateSimulationTests.rates(seed + 2, b, k, 0.10, false, between, TRIALS));
        table.append(
            String.format(
                Locale.ROOT,
                "%-10s %-9d %-10s %-14s %-14s %-13s %-20s%n",
                pct(between),
                b,
                String.format(Locale.ROOT, "%.2f", forks(aa)),
                pct(regressed(aa)),
                pct(named(bimodal)),
                pct(regressed(bimodal)),
                pct(regressed(slower)) + " (" + k + ": " + pct(fixed) + ")"));
        assertThat(regressed(aa))
            .as("A/A false regressions, %d baseline JVMs, CV %s", b, between)
            .isLessThanOrEqualTo(0.01);
        assertThat(lower99(named(bimodal), naming))
            .as("bimodal named, %d baseline JVMs, CV %s", b, between)
            .isGreaterThanOrEqualTo(0.95);
        assertThat(regressed(bimodal))
            .as("bimodal false regressions, %d baseline JVMs, CV %s", b, between)
            .isLessThanOrEqualTo(0.01);
        // Fewer than 2 points below on 4,000 pairs is noise; the forks only ever add.
        assertThat(regressed(slower))
            .as("power at +10%%, %d baseline JVMs, CV %s", b, between)
            .isGreaterThanOrEqualTo(fixed - 0.02);
        assertThat(forks(aa)).isBetween((double) k, (double) Defaults.ADAPTIVE_FORKS_MAX);
      }
    }
    System.out.print(table);
  }

  private static String pct(double rate) {
    return String.format(Locale.ROOT, "%.1f%%", rate * 100);
  }
}
