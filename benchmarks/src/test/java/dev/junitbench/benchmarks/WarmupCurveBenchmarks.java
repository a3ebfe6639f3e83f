package dev.junitbench.benchmarks;

import dev.junitbench.Benchmark;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.WarmupCurve;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What a fixed warm-up and a warm-up until steady report for a benchmark whose call falls from 3x
 * to 1x its settled cost over its first 5 s (a synthetic warm-up curve, the curve restarting with
 * each scenario): the settled truth (a fixed warm-up of 10 s, long past the fall), today's fixed
 * default (3 iterations and 1 s), and the steady default, each with the default measurement (3 s),
 * in one JVM. Prints each median's distance from the truth, when the steady warm-up settled and
 * what its window checks cost; asserts nothing about speed. Tagged {@code self}: it checks the
 * harness (docs/warmup.adoc gives its command).
 */
@Tag("performance")
@Tag("self")
class WarmupCurveBenchmarks {

  /** The settled cost of a call. */
  static final long SETTLED_NS = 1_000_000;

  /** How long the call takes to fall to its settled cost. */
  static final long FALL_NS = 5_000_000_000L;

  @Test
  void fixedAndSteadyAgainstTheSettledTruth() {
    ScenarioResult truth =
        only(
            InnerRun.run(
                Falling.class,
                Map.of("junit.bench.warmup.mode", "fixed", "junit.bench.warmup.time", "10s")));
    ScenarioResult fixed =
        only(InnerRun.run(Falling.class, Map.of("junit.bench.warmup.mode", "fixed")));
    ScenarioResult steady =
        only(InnerRun.run(Falling.class, Map.of("junit.bench.warmup.mode", "steady")));

    double truthMs = truth.latencyMs().median();
    System.out.println();
    System.out.println(
        "A call falling from 3x to 1x its settled cost ("
            + SETTLED_NS / 1_000_000
            + " ms) over its first 5 s; default measurement (10 iterations and 3 s):");
    System.out.println("warm-up                          warm-up (s)  median (ms)  from the truth");
    line("fixed 10 s (the settled truth)", truth, truthMs);
    line("fixed default (3 iterations, 1 s)", fixed, truthMs);
    line("until steady, default rule", steady, truthMs);
    WarmupCurve curve = steady.warmup().curve();
    System.out.println(
        String.format(
            Locale.ROOT,
            "the steady warm-up %s at %.2f s over %d windows; its window checks took %.3f ms,"
                + " %.4f%% of its warm-up",
            Boolean.TRUE.equals(steady.warmup().steady()) ? "settled" : "did NOT settle",
            curve.settledAtMs() == null ? Double.NaN : curve.settledAtMs() / 1000,
            curve.windows().size(),
            curve.checksMs(),
            100 * curve.checksMs() / steady.warmup().timeMs()));
  }

  private static void line(String name, ScenarioResult result, double truthMs) {
    double median = result.latencyMs().median();
    System.out.println(
        String.format(
            Locale.ROOT,
            "%-33s %11.2f  %11.3f  %+13.1f%%",
            name,
            result.warmup().timeMs() / 1000,
            median,
            100 * (median / truthMs - 1)));
  }

  private static ScenarioResult only(List<ScenarioResult> results) {
    if (results.size() != 1) {
      throw new IllegalStateException("expected one measured scenario, got " + results.size());
    }
    return results.get(0);
  }

  /** 3x the settled cost at its first call, falling linearly to it over 5 s, then flat. */
  static class Falling {
    private long start;

    @BeforeEach
    void restart() {
      start = 0;
    }

    @Benchmark
    void fall() {
      long now = System.nanoTime();
      if (start == 0) {
        start = now;
      }
      double left = Math.max(0, 1 - (now - start) / (double) FALL_NS);
      long end = now + (long) (SETTLED_NS * (1 + 2 * left));
      while (System.nanoTime() < end) {
        Thread.onSpinWait();
      }
    }
  }
}
