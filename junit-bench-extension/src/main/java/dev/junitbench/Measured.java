package dev.junitbench;

import dev.junitbench.MeasurementLoop.Outcome;
import dev.junitbench.MeasurementLoop.PhaseRun;
import dev.junitbench.infra.LoadPoint;
import dev.junitbench.infra.Scenario;
import dev.junitbench.results.LoadFigures;
import dev.junitbench.results.Phase;
import dev.junitbench.results.QueryTimes;
import dev.junitbench.results.Throughput;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;

/**
 * One scenario's measurement, by whichever load: its samples, the phase as it ran, the items it
 * measured and their throughput, and under a load its figures, each query's wait in the queue and
 * its times.
 */
record Measured(long[] samplesNs, Phase phase, long elapsedNs, long items, Throughput throughput, LoadFigures load,
    long[] queueNs, QueryTimes queryTimes) {

  /** SingleStream (today's loop) and MultiStream (K calls per query): one thread, one sample per query. */
  static Measured inLoop(LoadPoint load, MethodHandle body, Blackhole blackhole, BenchmarkPlan plan,
      Scenario scenario, MeasurementLoop.Progress progress, MeasurementLoop.PhaseListener warmedUp) throws Throwable {
    int perQuery = load != null && load.samplesPerQuery() != null ? load.samplesPerQuery() : 1;
    MethodHandle timed = perQuery == 1 ? body : MethodHandles.insertArguments(REPEAT, 0, body, perQuery);
    Outcome outcome = new MeasurementLoop().run(timed, blackhole, plan.warmup(), plan.measurement(), progress,
        warmedUp);
    PhaseRun measured = outcome.measurement();
    long[] samples = Arrays.copyOf(measured.samples(), measured.count());
    Phase phase = new Phase(measured.iterations(), measured.elapsedNs() / 1e6,
        plan.measurement().hasPrecision() ? plan.measurement().precision() : null,
        plan.measurement().hasPrecision() ? measured.precisionReached() : null,
        measured.sampleLimitReached());
    int items = scenario.batchSize() * perQuery;
    LoadFigures figures = load == null ? null
        : new LoadFigures(load.scenario().id(), null, load.samplesPerQuery(), samples.length,
            null, null, measured.elapsedNs() > 0 ? samples.length / (measured.elapsedNs() / 1e9) : null,
            measured.elapsedNs() / 1e6, null, null, null, null, null);
    return new Measured(samples, phase, measured.elapsedNs(), measured.iterations() * items,
        Throughput.samplesPerSecond(items, samples, samples.length), figures, null, null);
  }

  private static final MethodHandle REPEAT;

  static {
    try {
      REPEAT = MethodHandles.lookup().findStatic(Measured.class, "repeat",
          MethodType.methodType(void.class, MethodHandle.class, int.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** A MultiStream query: {@code samples} calls back to back. */
  private static void repeat(MethodHandle body, int samples) throws Throwable {
    for (int i = 0; i < samples; i++) {
      body.invokeExact();
    }
  }

  /** The bounds a loaded run is judged on: its latency bound, then a generating Server run's TTFT and TPOT bounds. */
  static java.util.List<LoadFigures.BoundCheck> bounds(LoadFigures load) {
    java.util.List<LoadFigures.BoundCheck> bounds = new java.util.ArrayList<>();
    if (load == null) {
      return bounds;
    }
    if (load.latencyBound() != null) {
      bounds.add(load.latencyBound());
    }
    if (load.goodput() != null) {
      if (load.goodput().ttftCheck() != null) {
        bounds.add(load.goodput().ttftCheck());
      }
      if (load.goodput().tpotCheck() != null) {
        bounds.add(load.goodput().tpotCheck());
      }
    }
    return bounds;
  }
}
