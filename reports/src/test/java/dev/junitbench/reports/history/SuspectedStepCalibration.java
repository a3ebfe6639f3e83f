package dev.junitbench.reports.history;

import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Simulates {@link SuspectedSteps} on step-free checks and on steps, under the noises it must hold
 * under, and prints the rates from which its constants were chosen: for each series length, the
 * share of checks of {@link #SUITE} step-free series with any false SUSPECTED step; and how often a
 * +20% and a +100% step are found 2 and 3 runs after it. {@code SuspectedStepsTests} asserts the
 * same figures with the same seeds.
 *
 * <p>Run after {@code mvn test-compile}, from the reports module: {@code java -cp
 * target/classes:target/test-classes dev.junitbench.reports.history.SuspectedStepCalibration
 * [checks]}, where {@code checks} per length and noise defaults to 4,000 (a minute or two on two
 * cores). Every length and noise has its own fixed seed, so the figures come out the same each
 * time.
 */
final class SuspectedStepCalibration {

  /** Series in one check: the scenarios of the shipped benchmark suite on one host. */
  static final int SUITE = 63;

  /**
   * The noises the band must hold under: log-normal, and bimodal as timings between JVMs can be.
   */
  enum Noise {
    /** Gaussian noise of 3% sd in log space. */
    GAUSSIAN("Gaussian 3%", 0.03, 0),
    /**
     * 30% of runs 70% slower, and Gaussian noise of 1% sd (as a MiniLM scenario measured on a
     * shared runner).
     */
    BIMODAL("bimodal, 1% within", 0.01, 0.30),
    /** The same slow mode with 3% noise within each mode. */
    BIMODAL_WIDE("bimodal, 3% within", 0.03, 0.30);

    static final double SLOWER = 1.70;

    final String title;
    final double sd;
    final double slowShare;

    Noise(String title, double sd, double slowShare) {
      this.title = title;
      this.sd = sd;
      this.slowShare = slowShare;
    }

    /** A figure of level 1 with this noise. */
    double draw(SplittableRandom random) {
      double mode = random.nextDouble() < slowShare ? SLOWER : 1.0;
      return mode * Math.exp(sd * random.nextGaussian());
    }

    /** {@code runs} step-free figures of level 1. */
    double[] series(SplittableRandom random, int runs) {
      double[] values = new double[runs];
      for (int run = 0; run < runs; run++) {
        values[run] = draw(random);
      }
      return values;
    }
  }

  private SuspectedStepCalibration() {}

  public static void main(String[] args) {
    int checks = args.length > 0 ? Integer.parseInt(args[0]) : 4_000;
    int[] lengths =
        IntStream.concat(IntStream.rangeClosed(8, 40), IntStream.of(50, 60, 100)).toArray();
    System.out.printf(
        Locale.ROOT,
        "checks of %d step-free series with a false SUSPECTED step (%,d checks each)%n",
        SUITE,
        checks);
    for (int length : lengths) {
      StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %3d runs:", length));
      for (Noise noise : Noise.values()) {
        line.append(
            String.format(
                Locale.ROOT,
                "  %s %5.2f%%",
                noise.title,
                100 * falseCheckRate(length, noise, checks, seed(length, noise))));
      }
      System.out.println(line);
    }
    for (int before : new int[] {SuspectedSteps.MIN_HISTORY_OF_TWO, 40}) {
      for (double step : new double[] {0.20, 1.00}) {
        for (int after : new int[] {2, 3}) {
          StringBuilder line =
              new StringBuilder(
                  String.format(
                      Locale.ROOT,
                      "  +%.0f%% step, %d runs before, %d after:",
                      100 * step,
                      before,
                      after));
          for (Noise noise : Noise.values()) {
            line.append(
                String.format(
                    Locale.ROOT,
                    "  %s %5.1f%%",
                    noise.title,
                    100
                        * detectionRate(
                            step, before, after, noise, checks, seed(before + after, noise) + 7)));
          }
          System.out.println(line);
        }
      }
    }
  }

  /** The seed of the simulation of {@code length} runs under {@code noise}. */
  static long seed(int length, Noise noise) {
    return 5_000L + 10L * length + noise.ordinal();
  }

  /**
   * The share of {@code checks} checks of {@link #SUITE} step-free series of {@code length} runs
   * with any step.
   */
  static double falseCheckRate(int length, Noise noise, int checks, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int alarmed = 0;
    for (int check = 0; check < checks; check++) {
      boolean alarm = false;
      for (int series = 0; series < SUITE; series++) {
        alarm |= SuspectedSteps.detect(noise.series(random, length), true) != null;
      }
      if (alarm) {
        alarmed++;
      }
    }
    return (double) alarmed / checks;
  }

  /**
   * The share of {@code trials} series of {@code before} step-free runs then {@code after} runs
   * {@code step} slower (a multiple of every mode) in which a step is suspected within one run of
   * where it began.
   */
  static double detectionRate(
      double step, int before, int after, Noise noise, int trials, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int found = 0;
    for (int trial = 0; trial < trials; trial++) {
      double[] values = noise.series(random, before + after);
      for (int run = before; run < values.length; run++) {
        values[run] *= 1 + step;
      }
      SuspectedStep suspected = SuspectedSteps.detect(values, true);
      if (suspected != null && Math.abs(suspected.index() - before) <= 1) {
        found++;
      }
    }
    return (double) found / trials;
  }
}
