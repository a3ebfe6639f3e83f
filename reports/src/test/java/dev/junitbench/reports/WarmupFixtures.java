package dev.junitbench.reports;

import dev.junitbench.results.ForkFigures;
import dev.junitbench.results.ForkRun;
import dev.junitbench.results.Phase;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.results.Throughput;
import dev.junitbench.results.Validity;
import dev.junitbench.results.WarmupCurve;
import dev.junitbench.results.WarmupWindow;
import dev.junitbench.stats.LatencySummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Scenarios warmed up until steady, with known curves: the rule junit-bench defaults to (windows of
 * 250 ms, the last 8 compared, 2% tolerance, a 30 s bound).
 */
public final class WarmupFixtures {

  /** The reason of a warm-up that did not settle, markup in it. */
  public static final String DRIFTING =
      "still drifting -5.0% per window after 30.00 s (steady means within ±2.0% over 8 windows)"
          + " <b>&</b>";

  private WarmupFixtures() {}

  /**
   * A curve of {@code windows} windows of 250 ms falling from twice {@code levelMs} to it over the
   * first 4 windows, then flat: settled at the end of the last window.
   */
  public static WarmupCurve settling(double levelMs, int windows) {
    List<WarmupWindow> points = new ArrayList<>();
    for (int i = 0; i < windows; i++) {
      double median = levelMs * (i < 4 ? 2 - i / 4.0 : 1);
      points.add(new WarmupWindow(250.0 * (i + 1), 100, median));
    }
    return new WarmupCurve(250, 5, 8, 0.02, 30_000, 250.0 * windows, 0.0, 0.5, points);
  }

  /** A curve of {@code windows} windows of 250 ms falling 5% a window from {@code startMs}. */
  public static WarmupCurve drifting(double startMs, int windows) {
    List<WarmupWindow> points = new ArrayList<>();
    for (int i = 0; i < windows; i++) {
      points.add(new WarmupWindow(250.0 * (i + 1), 100, startMs * Math.pow(0.95, i)));
    }
    return new WarmupCurve(250, 5, 8, 0.02, 30_000, null, -0.05, 0.5, points);
  }

  /** A warm-up that settled along {@code curve}. */
  public static Phase steady(WarmupCurve curve) {
    return new Phase(
        100L * curve.windows().size(), curve.settledAtMs(), null, null, false, true, null, curve);
  }

  /** A warm-up along {@code curve} that did not settle, for {@code reason}. */
  public static Phase unsteady(WarmupCurve curve, String reason) {
    return new Phase(
        100L * curve.windows().size(), curve.maxTimeMs(), null, null, false, false, reason, curve);
  }

  /** A passed scenario with {@code n} samples around {@code medianNs} after {@code warmup}. */
  public static ScenarioResult warmedUp(
      String benchmark,
      Map<String, Object> params,
      long seed,
      int n,
      double medianNs,
      Phase warmup) {
    return measured(benchmark, params, Fixtures.lognormal(seed, n, medianNs), warmup);
  }

  /**
   * A scenario forked once per warm-up of {@code forks}, each fork 40 samples around {@code
   * medianNs}, its pooled warm-up {@code pooled} (without a curve, as junit-bench pools them).
   */
  public static ScenarioResult forked(
      String benchmark, Map<String, Object> params, double medianNs, Phase pooled, Phase... forks) {
    long[][] samples = new long[forks.length][];
    for (int i = 0; i < forks.length; i++) {
      samples[i] = Fixtures.lognormal(40 + i, 40, medianNs);
    }
    ScenarioResult plain = RunFolders.forked(benchmark, params, samples);
    ForkFigures figures = plain.forks();
    List<ForkRun> runs = new ArrayList<>();
    for (int i = 0; i < forks.length; i++) {
      ForkRun run = figures.runs().get(i);
      runs.add(
          new ForkRun(
              run.fork(),
              run.status(),
              run.error(),
              run.count(),
              run.medianMs(),
              run.ci95Low(),
              run.ci95High(),
              run.meanMs(),
              forks[i],
              run.measurement(),
              run.wallTimeMs()));
    }
    return measured(benchmark, params, plain.samplesNs(), pooled)
        .withForks(
            new ForkFigures(
                figures.planned(),
                figures.completed(),
                figures.medianMs(),
                figures.ci95Low(),
                figures.ci95High(),
                figures.method(),
                figures.betweenForkCv(),
                figures.withinForkCv(),
                figures.wallTimeMs(),
                figures.overheadMs(),
                figures.advice(),
                runs));
  }

  private static ScenarioResult measured(
      String benchmark, Map<String, Object> params, long[] samplesNs, Phase warmup) {
    String display = params.toString().replace("{", "[").replace("}", "]");
    return ScenarioResult.planned(benchmark, display, params)
        .measured(
            warmup,
            Phase.of(samplesNs.length, 1000),
            LatencySummary.of(samplesNs, samplesNs.length),
            Throughput.samplesPerSecond(1, samplesNs, samplesNs.length),
            null,
            samplesNs)
        .withValidity(Validity.of(samplesNs, 0.001, null, null))
        .ended(Status.PASSED, null);
  }
}
