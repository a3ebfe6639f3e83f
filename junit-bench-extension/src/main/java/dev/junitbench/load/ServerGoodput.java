package dev.junitbench.load;

import dev.junitbench.results.LoadFigures;
import dev.junitbench.results.UnitFormat;
import java.math.BigDecimal;

/**
 * The goodput of a generating benchmark's Server run with time-to-first-token or time-per-token
 * bounds.
 */
public final class ServerGoodput {

  private ServerGoodput() {}

  /**
   * MLPerf's LLM rule: the requests whose TTFT and TPOT both meet their bounds, and whether each
   * bound holds at the latency bound's percentile (p99 without one) at 99% confidence, as the
   * latency bound does.
   */
  public static LoadFigures.Goodput of(
      long[] tokenNs, int requests, int n, LoadPlan loadPlan, long wallNs) {
    long good = 0;
    long[] ttfts = new long[requests];
    long[] tpots = new long[requests];
    for (int r = 0; r < requests; r++) {
      ttfts[r] = tokenNs[r * n];
      tpots[r] =
          n > 1 ? Math.round((tokenNs[r * n + n - 1] - tokenNs[r * n]) / (double) (n - 1)) : 0;
      boolean ttftOk = loadPlan.ttftBoundMs() == null || ttfts[r] / 1e6 <= loadPlan.ttftBoundMs();
      boolean tpotOk =
          loadPlan.tpotBoundMs() == null || n == 1 || tpots[r] / 1e6 <= loadPlan.tpotBoundMs();
      if (ttftOk && tpotOk) {
        good++;
      }
    }
    double percentile =
        loadPlan.latencyBound() == null ? 0.99 : loadPlan.latencyBound().percentile();
    String p =
        "p" + new BigDecimal(String.valueOf(percentile * 100)).stripTrailingZeros().toPlainString();
    LoadFigures.BoundCheck ttft =
        loadPlan.ttftBoundMs() == null
            ? null
            : LoadFigures.BoundCheck.of(
                ttfts,
                "TTFT " + p + " <= " + UnitFormat.duration(loadPlan.ttftBoundMs()),
                percentile,
                loadPlan.ttftBoundMs());
    LoadFigures.BoundCheck tpot =
        loadPlan.tpotBoundMs() == null || n == 1
            ? null
            : LoadFigures.BoundCheck.of(
                tpots,
                "TPOT " + p + " <= " + UnitFormat.duration(loadPlan.tpotBoundMs()),
                percentile,
                loadPlan.tpotBoundMs());
    return LoadFigures.Goodput.of(
        loadPlan.ttftBoundMs(),
        loadPlan.tpotBoundMs(),
        good,
        requests,
        requests == 0 ? 0 : good / (double) requests,
        wallNs > 0 ? good / (wallNs / 1e9) : null,
        ttft,
        tpot);
  }
}
