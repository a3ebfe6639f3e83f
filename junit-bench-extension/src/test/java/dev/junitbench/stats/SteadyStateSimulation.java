package dev.junitbench.stats;

import dev.junitbench.config.Defaults;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.IntToDoubleFunction;

/**
 * Runs {@link SteadyState}'s rule over simulated warm-ups: window medians drawn around a known
 * curve with lognormal noise, judged window by window as the measurement loop judges them. The
 * figures the user guide states come from {@link #main}.
 */
final class SteadyStateSimulation {

  static final int WINDOWS = Defaults.WARMUP_WINDOWS;
  static final double TOLERANCE = Defaults.WARMUP_TOLERANCE;

  /** The default bound, in default windows. */
  static final int MAX_WINDOWS =
      (int) (Defaults.WARMUP_MAX_TIME.toMillis() / Defaults.WARMUP_WINDOW.toMillis());

  /** The default measurement, 3 s, in default windows: its median reads the curve at its middle. */
  static final int MEASURED_WINDOWS =
      (int) (Defaults.MEASUREMENT_TIME.toMillis() / Defaults.WARMUP_WINDOW.toMillis());

  private SteadyStateSimulation() {}

  /**
   * The window (from 1) at which the rule first calls a warm-up steady whose true level at window w
   * (from 1) is {@code level}, each window's median off it by lognormal noise of {@code sigma}; 0
   * when it never does within {@code maxWindows}.
   */
  static int settlesAt(
      IntToDoubleFunction level, double sigma, int maxWindows, SplittableRandom random) {
    double[] logs = new double[maxWindows];
    double[] scratch = new double[WINDOWS * (WINDOWS - 1) / 2];
    int streak = 0;
    for (int w = 1; w <= maxWindows; w++) {
      logs[w - 1] = Math.log(level.applyAsDouble(w)) + sigma * gaussian(random);
      double slope = SteadyState.slope(logs, w, WINDOWS, scratch);
      streak = SteadyState.steady(slope, WINDOWS, TOLERANCE) ? streak + 1 : 0;
      if (streak >= SteadyState.CONFIRMATIONS) {
        return w;
      }
    }
    return 0;
  }

  /** Figures over {@code runs} simulated warm-ups of one curve and noise. */
  record Figures(int runs, int settled, double meanWindow, double within2Percent) {
    double settledShare() {
      return settled / (double) runs;
    }
  }

  /**
   * How often the rule settles within the bound, when on average, and how often the median a
   * default measurement would read after it (the curve's level at the measurement's middle, for a
   * curve that only falls or only rises) is within 2% of the settled level.
   */
  static Figures figures(IntToDoubleFunction level, double sigma, int runs, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double settledLevel = level.applyAsDouble(MAX_WINDOWS * 10);
    int settled = 0;
    int within = 0;
    long windows = 0;
    for (int run = 0; run < runs; run++) {
      int at = settlesAt(level, sigma, MAX_WINDOWS, random);
      if (at > 0) {
        settled++;
        windows += at;
        double measured = level.applyAsDouble(at + MEASURED_WINDOWS / 2);
        if (Math.abs(measured / settledLevel - 1) <= 0.02) {
          within++;
        }
      }
    }
    return new Figures(
        runs,
        settled,
        settled == 0 ? Double.NaN : windows / (double) settled,
        within / (double) runs);
  }

  /** Flat from the start. */
  static IntToDoubleFunction flat() {
    return w -> 1.0;
  }

  /** 3x at first, falling linearly to 1x at window {@code end}, then flat. */
  static IntToDoubleFunction falling(int end) {
    return w -> 1 + 2 * Math.max(0, 1 - w / (double) end);
  }

  /** 3x at first, falling to 1x by {@code exp(-w / tau)}. */
  static IntToDoubleFunction decaying(double tau) {
    return w -> 1 + 2 * Math.exp(-w / tau);
  }

  /** Slower by {@code rate} every window, for ever. */
  static IntToDoubleFunction drifting(double rate) {
    return w -> Math.pow(1 + rate, w);
  }

  private static double gaussian(SplittableRandom random) {
    // Box-Muller: enough for simulation, and reproducible from the seed on every JVM.
    double u = 1 - random.nextDouble();
    double v = random.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Prints the table the user guide shows. */
  public static void main(String[] args) {
    int runs = 20_000;
    System.out.println("curve | window noise | settled by 30 s | mean window | median within 2%");
    for (double sigma : new double[] {0.01, 0.02, 0.05}) {
      print("flat", flat(), sigma, runs);
      print("3x to 1x linearly over 20 windows (5 s)", falling(20), sigma, runs);
      print("3x to 1x, exp(-w/8) (2 s time constant)", decaying(8), sigma, runs);
      print("+0.5% per window for ever", drifting(0.005), sigma, runs);
      print("+1% per window for ever", drifting(0.01), sigma, runs);
    }
  }

  private static void print(String name, IntToDoubleFunction level, double sigma, int runs) {
    Figures f = figures(level, sigma, runs, 20261127L);
    System.out.println(
        String.format(
            Locale.ROOT,
            "%s | %.1f%% | %.2f%% | %.1f | %.2f%%",
            name,
            sigma * 100,
            f.settledShare() * 100,
            f.meanWindow(),
            f.within2Percent() * 100));
  }
}
