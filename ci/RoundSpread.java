/*
 * How the JVM runs of the pull-request gate's rounds spread: within a round (the forks one Maven run
 * made one after another) and between rounds (a level the forks of one round share), from the run
 * folders of gates of fixed rounds (ci/pr-gate.sh with SEQUENTIAL=false), each side's rounds in
 * OUT_DIR/base/run-* and OUT_DIR/head/run-*.
 *
 * Each run folder's results.json must hold one forked scenario; its passed forks' medians are the
 * JVM runs. On their logs, a one-way analysis of variance with the round as the group: the within
 * round CV (the pooled standard deviation of the logs about their round's mean), the spread of the
 * round means about their side's mean, the CV of a level shared by a round's JVM runs that it
 * implies (the method of moments, 0 when the round means spread no more than their forks predict),
 * and the F test of "no shared level" with its p-value.
 *
 * Usage: java ci/RoundSpread.java OUT_DIR...
 *        java ci/RoundSpread.java --check   (its arithmetic against known figures; ci/test.sh runs it)
 * Exit code 0 with the figures, 1 when --check finds a figure wrong (named), 2 on bad usage or a run
 * folder that cannot be read (named, with the fix).
 *
 * A single-file program for the JDK's source launcher (JDK 17 or later), JDK classes only, so a
 * machine with Java and Maven can run it.
 */

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

public class RoundSpread {

  /** A passed fork's median in results.json as junit-bench writes it: fork, status, error, count. */
  private static final Pattern PASSED_FORK =
      Pattern.compile(
          "\"fork\"\\s*:\\s*\\d+\\s*,\\s*\"status\"\\s*:\\s*\"passed\"[^{}]*?\"median_ms\"\\s*:\\s*"
              + "([0-9.eE+-]+)");

  private static final Pattern FORKED_SCENARIO = Pattern.compile("\"forks\"\\s*:\\s*\\{");

  static final class BadInput extends Exception {
    BadInput(String message) {
      super(message);
    }
  }

  public static void main(String[] args) {
    if (args.length == 0) {
      System.err.println("usage: java ci/RoundSpread.java OUT_DIR... (folders of ci/pr-gate.sh runs)");
      System.exit(2);
    }
    if (args.length == 1 && args[0].equals("--check")) {
      System.exit(check());
    }
    try {
      List<List<double[]>> sides = new ArrayList<>();
      for (String arg : args) {
        for (String side : new String[] {"base", "head"}) {
          sides.add(rounds(Path.of(arg, side)));
        }
      }
      System.out.print(report(sides));
    } catch (BadInput | IOException e) {
      System.err.println("RoundSpread: " + e.getMessage());
      System.exit(2);
    }
  }

  /** The rounds of one side: each run folder's fork medians, in ms, in the folders' order. */
  static List<double[]> rounds(Path side) throws IOException, BadInput {
    if (!Files.isDirectory(side)) {
      throw new BadInput(side + " is not a folder; give the OUT_DIR of a ci/pr-gate.sh run");
    }
    List<Path> runs;
    try (Stream<Path> listed = Files.list(side)) {
      runs = listed.filter(p -> p.getFileName().toString().startsWith("run-")).sorted().toList();
    }
    if (runs.size() < 2) {
      throw new BadInput(
          side
              + " holds "
              + runs.size()
              + " round(s); the spread between rounds needs 2 or more a side: run the gate with"
              + " SEQUENTIAL=false ROUNDS=4");
    }
    List<double[]> rounds = new ArrayList<>();
    for (Path run : runs) {
      Path results = run.resolve("results.json");
      if (!Files.isRegularFile(results)) {
        throw new BadInput(results + " is missing; the round did not finish: run the gate again");
      }
      String json = Files.readString(results);
      Matcher forked = FORKED_SCENARIO.matcher(json);
      int scenarios = 0;
      while (forked.find()) {
        scenarios++;
      }
      if (scenarios != 1) {
        throw new BadInput(
            results
                + " holds "
                + scenarios
                + " forked scenarios; select one with the gate's -Dtest so rounds compare alike");
      }
      List<Double> medians = new ArrayList<>();
      Matcher fork = PASSED_FORK.matcher(json);
      while (fork.find()) {
        medians.add(Double.parseDouble(fork.group(1)));
      }
      if (medians.size() < 2) {
        throw new BadInput(
            results + " has " + medians.size() + " passed fork(s); run the gate with FORKS=2 or more");
      }
      rounds.add(medians.stream().mapToDouble(Double::doubleValue).toArray());
    }
    return rounds;
  }

  /** The figures over every side's rounds: within a round, between rounds, and the F test. */
  static String report(List<List<double[]>> sides) {
    double within = 0;
    double between = 0;
    int jvms = 0;
    int rounds = 0;
    StringBuilder out = new StringBuilder();
    for (List<double[]> side : sides) {
      double[] means = new double[side.size()];
      for (int r = 0; r < side.size(); r++) {
        double[] logs = logs(side.get(r));
        means[r] = mean(logs);
        for (double log : logs) {
          within += (log - means[r]) * (log - means[r]);
        }
        jvms += logs.length;
      }
      double sideMean = mean(means);
      for (double m : means) {
        between += (m - sideMean) * (m - sideMean);
      }
      rounds += side.size();
    }
    int withinDf = jvms - rounds;
    int betweenDf = rounds - sides.size();
    double perRound = (double) jvms / rounds;
    double withinVar = within / withinDf;
    double meansVar = between / betweenDf;
    double shared = Math.sqrt(Math.max(0, meansVar - withinVar / perRound));
    double f = perRound * meansVar / withinVar;
    out.append(
        String.format(
            Locale.ROOT,
            "%d JVM runs in %d rounds of %d side(s), %.1f a round%n"
                + "within a round: between-JVM CV %.2f%%%n"
                + "round means: CV %.2f%% about their side's mean (%.2f%% if the JVM runs of a round"
                + " shared nothing)%n"
                + "a level shared by a round's JVM runs: CV %.2f%%%n"
                + "F = %.2f on (%d, %d) degrees of freedom, p = %.2g (no shared level)%n",
            jvms,
            rounds,
            sides.size(),
            perRound,
            100 * Math.sqrt(withinVar),
            100 * Math.sqrt(meansVar),
            100 * Math.sqrt(withinVar / perRound),
            100 * shared,
            f,
            betweenDf,
            withinDf,
            1 - fCdf(f, betweenDf, withinDf)));
    return out.toString();
  }

  /**
   * The F test's p-values against SciPy's ({@code 1 - scipy.stats.f.cdf}), and the report of rounds
   * whose log medians are known: two sides, each a round at 0, 2, 4% and one at 6, 8, 10% (within a
   * round 2%; round means 2% and 8%, CV 4.24% about their side's; shared level sqrt(0.0018 -
   * 0.0004 / 3) = 4.08%; F = 13.5 on (2, 8), p = 0.00273).
   */
  static int check() {
    double[][] known = {
      {4.1, 12, 32, 0.0006873119099043423},
      {1.0, 5, 10, 0.46511942653780036},
      {0.5, 2, 2, 0.6666666666666667},
      {2.5, 3, 40, 0.07325435201794983},
      {10, 1, 1, 0.19498222904213647},
      {13.5, 2, 8, 0.0027295293627654926}
    };
    int wrong = 0;
    for (double[] k : known) {
      double p = 1 - fCdf(k[0], (int) k[1], (int) k[2]);
      if (Math.abs(p - k[3]) > 1e-9 * Math.max(1, k[3]) + 1e-12) {
        System.out.printf(
            Locale.ROOT, "wrong: p of F = %s on (%s, %s) is %s, not %s%n", k[0], k[1], k[2], p, k[3]);
        wrong++;
      }
    }
    List<double[]> side =
        List.of(
            new double[] {1, Math.exp(0.02), Math.exp(0.04)},
            new double[] {Math.exp(0.06), Math.exp(0.08), Math.exp(0.10)});
    String report = report(List.of(side, side));
    for (String expected :
        new String[] {
          "12 JVM runs in 4 rounds of 2 side(s), 3.0 a round",
          "within a round: between-JVM CV 2.00%",
          "round means: CV 4.24% about their side's mean (1.15% if",
          "shared by a round's JVM runs: CV 4.08%",
          "F = 13.50 on (2, 8) degrees of freedom, p = 0.0027 "
        }) {
      if (!report.contains(expected)) {
        System.out.println("wrong: the report of known rounds lacks \"" + expected + "\":\n" + report);
        wrong++;
      }
    }
    System.out.println(wrong == 0 ? "RoundSpread: arithmetic checked" : wrong + " figure(s) wrong");
    return wrong == 0 ? 0 : 1;
  }

  private static double[] logs(double[] values) {
    double[] logs = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      logs[i] = Math.log(values[i]);
    }
    return logs;
  }

  private static double mean(double[] values) {
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    return sum / values.length;
  }

  /** The F distribution's CDF, through the regularized incomplete beta function. */
  static double fCdf(double f, int d1, int d2) {
    if (f <= 0) {
      return 0;
    }
    return incompleteBeta(d1 * f / (d1 * f + d2), d1 / 2.0, d2 / 2.0);
  }

  /** I_x(a, b) by its continued fraction (Lentz's method), on the side where it converges fast. */
  static double incompleteBeta(double x, double a, double b) {
    if (x <= 0 || x >= 1) {
      return x <= 0 ? 0 : 1;
    }
    double front =
        Math.exp(
            logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
    if (x < (a + 1) / (a + b + 2)) {
      return front * fraction(x, a, b) / a;
    }
    return 1 - front * fraction(1 - x, b, a) / b;
  }

  private static double fraction(double x, double a, double b) {
    double tiny = 1e-300;
    double c = 1;
    double d = 1 - (a + b) * x / (a + 1);
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    double h = d;
    for (int m = 1; m <= 300; m++) {
      int m2 = 2 * m;
      for (int step = 0; step < 2; step++) {
        double aa =
            step == 0
                ? m * (b - m) * x / ((a + m2 - 1) * (a + m2))
                : -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
        d = 1 + aa * d;
        d = 1 / (Math.abs(d) < tiny ? tiny : d);
        c = 1 + aa / c;
        c = Math.abs(c) < tiny ? tiny : c;
        h *= d * c;
        if (step == 1 && Math.abs(d * c - 1) < 1e-14) {
          return h;
        }
      }
    }
    return h;
  }

  /** ln Gamma(x) for x > 0, Lanczos (g = 7, 9 terms). */
  static double logGamma(double x) {
    double[] g = {
      0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
      -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
      1.5056327351493116e-7
    };
    if (x < 0.5) {
      return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
    }
    x -= 1;
    double sum = g[0];
    for (int i = 1; i < 9; i++) {
      sum += g[i] / (x + i);
    }
    double t = x + 7.5;
    return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
  }
}
