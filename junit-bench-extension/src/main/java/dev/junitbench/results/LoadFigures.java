package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.junitbench.stats.EarlyStopping;
import dev.junitbench.stats.LatencySummary;
import dev.junitbench.stats.Percentiles;
import java.util.Arrays;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The {@code load} group of a result measured under {@code @Load}: how the queries were issued and
 * what the system made of them. {@code latency_ms} of a Server result runs from each query's
 * scheduled time (queueing counts); of Offline and Concurrency results it is each query's own time.
 *
 * @param scenario {@code single-stream}, {@code multi-stream}, {@code offline}, {@code server} or
 *     {@code concurrency}
 * @param workers threads calling the benchmark at once (clients of a Concurrency run), or null for
 *     one
 * @param samplesPerQuery MultiStream: samples (calls) per query, else null
 * @param queries queries measured
 * @param targetQps Server: the rate asked for, else null
 * @param scheduledQps Server: the rate the drawn arrivals have, (queries - 1) / their span; a
 *     Poisson count varies by about 1/sqrt(queries) around the target
 * @param achievedQps queries completed per second: (queries - 1) / (last completion - first
 *     completion)
 * @param wallMs from the first issue to the last completion
 * @param serviceMs Server: each query's time from its actual start to completion, else null
 * @param issueLatenessMs Server: how late the scheduler issued each query (actual - scheduled),
 *     else null
 * @param latencyBound Server: whether the latency bound held, else null
 * @param peak Server peak search: the rates probed and the highest that held, else null
 * @param goodput Server with text generation and TTFT/TPOT bounds: the share of requests meeting
 *     both, else null
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record LoadFigures(
    String scenario,
    Integer workers,
    Integer samplesPerQuery,
    long queries,
    Double targetQps,
    Double scheduledQps,
    Double achievedQps,
    double wallMs,
    LatencySummary serviceMs,
    LatencySummary issueLatenessMs,
    BoundCheck latencyBound,
    Peak peak,
    Goodput goodput) {

  /** This group with the peak search that led to it. */
  public LoadFigures withPeak(Peak newPeak) {
    return new LoadFigures(
        scenario,
        workers,
        samplesPerQuery,
        queries,
        targetQps,
        scheduledQps,
        achievedQps,
        wallMs,
        serviceMs,
        issueLatenessMs,
        latencyBound,
        newPeak,
        goodput);
  }

  /** This group with the goodput of its requests. */
  public LoadFigures withGoodput(Goodput newGoodput) {
    return new LoadFigures(
        scenario,
        workers,
        samplesPerQuery,
        queries,
        targetQps,
        scheduledQps,
        achievedQps,
        wallMs,
        serviceMs,
        issueLatenessMs,
        latencyBound,
        peak,
        newGoodput);
  }

  /**
   * Queries completed per second, (n - 1) / (last - first completion), as LoadGen counts completed
   * queries; null with fewer than 2 queries or no time between them.
   */
  public static Double achievedQps(long[] completionNs) {
    if (completionNs.length < 2) {
      return null;
    }
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (long t : completionNs) {
      first = Math.min(first, t);
      last = Math.max(last, t);
    }
    return last > first ? (completionNs.length - 1) / ((last - first) / 1e9) : null;
  }

  /**
   * Whether a Server run held its latency bound, as MLPerf judges it: with t of n queries over the
   * bound, the bound's percentile is met at 99% confidence when n is at least {@code
   * EarlyStopping.minPassing(t) + t}.
   *
   * @param bound the bound as written, {@code p99 <= 50ms}
   * @param percentile the share of queries that must meet it, in (0, 1)
   * @param boundMs the latency, ms
   * @param observedMs the percentile of the run's latencies (type 7)
   * @param overBound queries over the bound
   * @param minQueries queries the run needed, with that many over, for the bound to hold
   * @param held whether it held
   * @param reason why it did not hold, or null
   */
  public record BoundCheck(
      String bound,
      double percentile,
      double boundMs,
      Double observedMs,
      long overBound,
      long minQueries,
      boolean held,
      String reason) {

    /** The check of {@code latencyNs} against {@code boundMs} at {@code percentile}. */
    public static BoundCheck of(long[] latencyNs, String bound, double percentile, double boundMs) {
      long[] sorted = latencyNs.clone();
      Arrays.sort(sorted);
      long boundNs = Math.round(boundMs * 1e6);
      long over = Arrays.stream(sorted).filter(latency -> latency > boundNs).count();
      long needed = EarlyStopping.minPassing(over, percentile) + over;
      double observed = Percentiles.type7(sorted, sorted.length, percentile) / 1e6;
      boolean held = sorted.length >= needed;
      String reason =
          held
              ? null
              : over == 0
                  ? bound
                      + " needs "
                      + needed
                      + " queries to hold at 99% confidence (early stopping), the run had "
                      + sorted.length
                  : over
                      + " of "
                      + sorted.length
                      + " queries over "
                      + UnitFormat.duration(boundMs)
                      + ": "
                      + bound
                      + " would need "
                      + needed
                      + " queries to hold at 99% confidence (early stopping)";
      return new BoundCheck(bound, percentile, boundMs, observed, over, needed, held, reason);
    }

    /**
     * Whether the bound was missed with enough queries to say so: so many of the run's {@code
     * queries} are over it that the percentile is above the bound at 99% confidence ({@link
     * EarlyStopping#exceeded}). A bound that neither held nor was missed is undecided: too few
     * queries to tell either way.
     */
    public boolean missed(long queries) {
      return !held && EarlyStopping.exceeded(queries - overBound, overBound, percentile);
    }
  }

  /**
   * A Server peak search: the Server runs it made, lowest rate first as probed, and the highest
   * rate whose run held the latency bound.
   *
   * @param peakQps the highest target rate that held, or null when none did
   * @param maxProbes the most runs the search could make
   * @param probes the runs, in the order made
   */
  public record Peak(Double peakQps, int maxProbes, List<Probe> probes) {}

  /**
   * One run of a peak search.
   *
   * @param targetQps the rate asked for
   * @param scheduledQps the rate of the drawn arrivals
   * @param achievedQps queries completed per second
   * @param queries queries issued
   * @param observedMs the bound's percentile of its latencies
   * @param held whether it held the bound
   */
  public record Probe(
      double targetQps,
      Double scheduledQps,
      Double achievedQps,
      long queries,
      Double observedMs,
      boolean held) {}

  /**
   * MLPerf's LLM rule under Server: a request is good when its time to first token (from its
   * scheduled time) and its time per output token meet their bounds.
   *
   * @param ttftBoundMs the TTFT bound, or null when not set
   * @param tpotBoundMs the TPOT bound, or null when not set
   * @param good requests meeting both
   * @param requests requests
   * @param share good / requests
   * @param goodRequestsPerS good requests per second of the run's wall time
   * @param ttftCheck whether the TTFT bound holds at the latency bound's percentile (p99 without
   *     one) at 99% confidence, as MLPerf's LLM Server rule holds it; null without a TTFT bound
   * @param tpotCheck the same of the TPOT bound; null without one (or with 1 token per request)
   * @param held whether every bound given holds
   */
  public record Goodput(
      Double ttftBoundMs,
      Double tpotBoundMs,
      long good,
      long requests,
      double share,
      Double goodRequestsPerS,
      BoundCheck ttftCheck,
      BoundCheck tpotCheck,
      boolean held) {

    /**
     * The goodput of {@code good} of {@code requests} requests, held when every check given holds.
     */
    public static Goodput of(
        Double ttftBoundMs,
        Double tpotBoundMs,
        long good,
        long requests,
        double share,
        Double goodRequestsPerS,
        BoundCheck ttftCheck,
        BoundCheck tpotCheck) {
      return new Goodput(
          ttftBoundMs,
          tpotBoundMs,
          good,
          requests,
          share,
          goodRequestsPerS,
          ttftCheck,
          tpotCheck,
          (ttftCheck == null || ttftCheck.held()) && (tpotCheck == null || tpotCheck.held()));
    }
  }
}
