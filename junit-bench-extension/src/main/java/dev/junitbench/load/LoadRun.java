package dev.junitbench.load;

import dev.junitbench.config.Defaults;
import dev.junitbench.config.StopRule;
import dev.junitbench.infra.LoadPoint;
import dev.junitbench.infra.LoadScenario;
import dev.junitbench.measure.AfterTiming;
import dev.junitbench.measure.AllocationCount;
import dev.junitbench.measure.MeasurementLoop;
import dev.junitbench.measure.PhaseRun;
import dev.junitbench.measure.Progress;
import dev.junitbench.measure.ThreadAllocation;
import dev.junitbench.measure.TimedCall;
import dev.junitbench.results.LoadFigures;
import dev.junitbench.results.QueryTimes;
import dev.junitbench.results.Throughput;
import dev.junitbench.stats.LatencySummary;
import dev.junitbench.stats.Percentiles;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Measures a scenario under a pooled load (Offline, Server and its peak search, Concurrency):
 * warm-up on the test thread, then the queries on worker threads, each with its own body handle and
 * {@code Blackhole}. The measurement rule gives the queries: {@code max(iterations, rate x time)}.
 */
public final class LoadRun {

  /**
   * What a pooled run measured.
   *
   * @param warmup the warm-up as it ran
   * @param samplesNs per query: latency from the scheduled time (Server), else the query's own time
   * @param wallNs first issue to last completion
   * @param load the load group
   * @param throughput items per second of wall time
   * @param serverLatencyNs Server: per query, completion - scheduled time; else null
   * @param serviceNs per query: completion - actual start
   * @param workerOf per query: the worker that ran it
   * @param times per query: scheduled, issued, started and completed since the run started, and its
   *     worker
   * @param allocation what the workers allocated while they ran the queries, summed
   */
  public record Outcome(
      PhaseRun warmup,
      long[] samplesNs,
      long wallNs,
      LoadFigures load,
      Throughput throughput,
      long[] serverLatencyNs,
      long[] serviceNs,
      int[] workerOf,
      QueryTimes times,
      AllocationCount allocation) {}

  /** The raw times of a run whose query i was scheduled {@code offsetsNs[i]} after its start. */
  public static QueryTimes times(long[] offsetsNs, ServerRun.Outcome run) {
    int n = offsetsNs.length;
    long[] issued = new long[n];
    long[] started = new long[n];
    long[] completed = new long[n];
    for (int i = 0; i < n; i++) {
      completed[i] = offsetsNs[i] + run.latencyNs()[i];
      started[i] = completed[i] - run.serviceNs()[i];
      issued[i] = offsetsNs[i] + run.latenessNs()[i];
    }
    return new QueryTimes(offsetsNs.clone(), issued, started, completed, run.workerOf().clone());
  }

  private final LoadPoint point;
  private final LoadPlan plan;
  private final int batchSize;
  private final TimedCall[] calls;
  private final ThreadAllocation allocation;

  /** A run of {@code point}; {@code calls[w]} belongs to worker w (one per worker). */
  public LoadRun(LoadPoint point, LoadPlan plan, int batchSize, TimedCall[] calls) {
    this(point, plan, batchSize, calls, ThreadAllocation.jvm());
  }

  /** A run of {@code point} whose workers count what they allocate with {@code allocation}. */
  public LoadRun(
      LoadPoint point,
      LoadPlan plan,
      int batchSize,
      TimedCall[] calls,
      ThreadAllocation allocation) {
    this.point = point;
    this.plan = plan;
    this.batchSize = batchSize;
    this.calls = calls;
    this.allocation = allocation;
  }

  /**
   * Worker threads {@code point} needs under {@code plan}: its clients, the plan's workers, or one
   * per processor.
   */
  public static int workers(LoadPoint point, LoadPlan plan) {
    if (point.clients() != null) {
      return point.clients();
    }
    return plan.workers() > 0 ? plan.workers() : Runtime.getRuntime().availableProcessors();
  }

  /** Warms up on the first worker's call, tells {@code listener}, then measures the queries. */
  public Outcome run(
      StopRule warmupRule,
      StopRule measurement,
      Progress progress,
      MeasurementLoop.PhaseListener listener)
      throws Throwable {
    try {
      return measure(warmupRule, measurement, progress, listener);
    } finally {
      // A query that failed skipped its worker's closing: what it handed over is closed here.
      for (TimedCall call : calls) {
        if (call.afterTiming().pending()) {
          try {
            call.afterTiming().closePending();
          } catch (Exception e) {
            // The run's own failure, if any, is what is reported.
          }
        }
      }
    }
  }

  private Outcome measure(
      StopRule warmupRule,
      StopRule measurement,
      Progress progress,
      MeasurementLoop.PhaseListener listener)
      throws Throwable {
    PhaseRun warm = new MeasurementLoop().warmup(calls[0], warmupRule, progress);
    listener.warmupDone(warm);
    progress.enter("measurement");
    int workers = calls.length;
    double meanNs = warm.iterations() > 0 ? warm.elapsedNs() / (double) warm.iterations() : 0;
    // What the pool can do at most, from the warm-up: the busy workers' calls per second.
    double capacity =
        meanNs > 0
            ? Math.min(workers, Runtime.getRuntime().availableProcessors()) / (meanNs / 1e9)
            : 0;
    if (point.scenario() != LoadScenario.SERVER) {
      return closed(warm, measurement, workers, capacity, progress);
    }
    if (!point.peakSearch()) {
      return server(warm, measurement, workers, point.targetQps(), progress);
    }
    return peak(warm, measurement, workers, capacity, progress);
  }

  /**
   * Offline and Concurrency: every query issued at once; each worker takes the next when it is
   * done.
   */
  private Outcome closed(
      PhaseRun warm, StopRule measurement, int workers, double capacity, Progress progress)
      throws Throwable {
    int queries = queries(measurement, capacity);
    long[] offsets = new long[queries];
    Queries query = new Queries(progress.iterations);
    ServerRun.Outcome run = ServerRun.run(offsets, workers, query);
    long[] service = run.serviceNs();
    LoadFigures load =
        new LoadFigures(
            point.scenario().id(),
            workers,
            null,
            queries,
            null,
            null,
            LoadFigures.achievedQps(run.latencyNs()),
            run.wallNs() / 1e6,
            null,
            null,
            null,
            null,
            null);
    return new Outcome(
        warm,
        service,
        run.wallNs(),
        load,
        Throughput.overWall((double) batchSize * queries, run.wallNs()),
        null,
        service,
        run.workerOf(),
        times(offsets, run),
        query.allocation(queries));
  }

  private Outcome server(
      PhaseRun warm, StopRule measurement, int workers, double targetQps, Progress progress)
      throws Throwable {
    int queries = queries(measurement, targetQps);
    PoissonSchedule schedule = PoissonSchedule.of(targetQps, queries, plan.seed());
    Queries query = new Queries(progress.iterations);
    ServerRun.Outcome run = ServerRun.run(schedule, workers, query);
    long[] offsets = schedule.offsetsNs();
    long[] completions = new long[queries];
    for (int i = 0; i < queries; i++) {
      completions[i] = offsets[i] + run.latencyNs()[i];
    }
    LatencyBound bound = plan.latencyBound();
    LoadFigures load =
        new LoadFigures(
            point.scenario().id(),
            workers,
            null,
            queries,
            targetQps,
            schedule.scheduledQps(),
            LoadFigures.achievedQps(completions),
            run.wallNs() / 1e6,
            LatencySummary.of(run.serviceNs(), queries),
            LatencySummary.of(run.latenessNs(), queries),
            bound == null
                ? null
                : LoadFigures.BoundCheck.of(
                    run.latencyNs(), bound.text(), bound.percentile(), bound.boundMs()),
            null,
            null);
    return new Outcome(
        warm,
        run.latencyNs(),
        run.wallNs(),
        load,
        Throughput.overWall((double) batchSize * queries, run.wallNs()),
        run.latencyNs(),
        run.serviceNs(),
        run.workerOf(),
        times(offsets, run),
        query.allocation(queries));
  }

  /**
   * The highest rate that holds the latency bound, in at most {@code plan.peakProbes()} Server
   * runs: from half the warm-up's capacity, doubling while the bound holds, then halving the
   * interval between the highest rate that held and the lowest that did not. The result is the run
   * at the peak (or, when no rate held, at the lowest probed), with every probe listed. A
   * generating benchmark is refused a peak search (its recorders would hold every probe's
   * requests).
   */
  private Outcome peak(
      PhaseRun warm, StopRule measurement, int workers, double capacity, Progress progress)
      throws Throwable {
    double rate = capacity > 0 ? capacity / 2 : 1;
    Double held = null;
    Double failed = null;
    Outcome best = null;
    Outcome lowest = null;
    List<LoadFigures.Probe> probes = new ArrayList<>();
    for (int probe = 0; probe < plan.peakProbes(); probe++) {
      progress.iterations.set(0);
      Outcome run = server(warm, measurement, workers, rate, progress);
      LoadFigures load = run.load();
      boolean ok = load.latencyBound().held();
      probes.add(
          new LoadFigures.Probe(
              rate,
              load.scheduledQps(),
              load.achievedQps(),
              load.queries(),
              load.latencyBound().observedMs(),
              ok));
      if (lowest == null || rate < lowest.load().targetQps()) {
        lowest = run;
      }
      if (ok) {
        held = rate;
        best = run;
        rate = failed == null ? rate * 2 : (rate + failed) / 2;
      } else {
        failed = rate;
        if (held == null && serviceAlone(run, load.latencyBound())) {
          // The queries' own time misses the bound: no lower rate can meet it.
          break;
        }
        rate = held == null ? rate / 2 : (held + rate) / 2;
      }
    }
    Outcome chosen = best != null ? best : lowest;
    return new Outcome(
        chosen.warmup(),
        chosen.samplesNs(),
        chosen.wallNs(),
        chosen.load().withPeak(new LoadFigures.Peak(held, plan.peakProbes(), List.copyOf(probes))),
        chosen.throughput(),
        chosen.serverLatencyNs(),
        chosen.serviceNs(),
        chosen.workerOf(),
        chosen.times(),
        chosen.allocation());
  }

  /** Whether the bound's percentile of the queries' service times alone is over the bound. */
  private static boolean serviceAlone(Outcome run, LoadFigures.BoundCheck bound) {
    long[] sorted = run.serviceNs().clone();
    Arrays.sort(sorted);
    return Percentiles.type7(sorted, sorted.length, bound.percentile()) / 1e6 > bound.boundMs();
  }

  /** {@code max(iterations, rate x time)} queries, at least 1 and at most the sample limit. */
  public static int queries(StopRule measurement, double ratePerSecond) {
    long byTime =
        measurement.time() == null || !(ratePerSecond > 0)
            ? 0
            : (long) Math.ceil(ratePerSecond * measurement.time().toNanos() / 1e9);
    return (int)
        Math.max(1, Math.min(Defaults.MAX_SAMPLES, Math.max(measurement.iterations(), byTime)));
  }

  /**
   * The queries of one run: each worker calls its own handle and closes what it handed over; each
   * reads what its thread allocated after its first query and when it stops, outside every query. A
   * worker's first query is left out of the count: the first pass along a worker's path does the
   * JVM's one-time work (linking call sites, loading classes), which allocates kilobytes once and
   * would weigh on the few queries of a short run as if every query allocated it.
   */
  private final class Queries implements ServerRun.Query {
    private final MethodHandle[] handles = new MethodHandle[calls.length];
    private final long[] allocatedAtStart = new long[calls.length];
    private final long[] allocated = new long[calls.length];
    private final long[] counted = new long[calls.length];
    private final AtomicLong done;

    Queries(AtomicLong done) {
      this.done = done;
      for (int w = 0; w < calls.length; w++) {
        handles[w] = calls[w].body();
      }
      Arrays.fill(allocated, -1);
    }

    @Override
    public void run(int worker, int index) throws Throwable {
      handles[worker].invokeExact();
    }

    @Override
    public void afterTiming(int worker) throws Throwable {
      AfterTiming after = calls[worker].afterTiming();
      if (after.pending()) {
        after.closePending();
      }
      done.incrementAndGet();
      // Each worker writes its own slots; the run joins every worker before they are read.
      if (counted[worker]++ == 0) {
        allocatedAtStart[worker] = allocation.currentThreadBytes();
      }
    }

    @Override
    public void workerStops(int worker) {
      long now = allocation.currentThreadBytes();
      if (counted[worker] == 0) {
        // A worker that ran no query allocated nothing the count should hold.
        allocated[worker] = now < 0 ? -1 : 0;
        return;
      }
      allocated[worker] =
          allocatedAtStart[worker] < 0 || now < 0 ? -1 : now - allocatedAtStart[worker];
    }

    /**
     * What the workers allocated over their queries but each one's first, summed, and over how many
     * queries; not counted if a worker's count is not.
     */
    AllocationCount allocation(int queries) {
      long sum = 0;
      long operations = 0;
      for (int w = 0; w < allocated.length; w++) {
        if (allocated[w] < 0) {
          return new AllocationCount(
              -1, queries, calls.length, AllocationCount.reasonOf(allocation));
        }
        sum += allocated[w];
        operations += Math.max(0, counted[w] - 1);
      }
      return new AllocationCount(sum, operations, calls.length, null);
    }
  }
}
