package dev.junitbench.load;

import dev.junitbench.config.StopRule;
import dev.junitbench.infra.LoadPoint;
import dev.junitbench.measure.AllocationCount;
import dev.junitbench.measure.MeasurementLoop;
import dev.junitbench.measure.MeasurementOutcome;
import dev.junitbench.measure.PhaseRun;
import dev.junitbench.measure.Progress;
import dev.junitbench.measure.TimedCall;
import dev.junitbench.results.LoadFigures;
import dev.junitbench.results.Phase;
import dev.junitbench.results.Throughput;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;

/**
 * Measures a scenario on the test thread: without a load, and under SingleStream (one call per
 * query) and MultiStream (K calls back to back per query), one sample per query.
 */
public final class StreamRun {

  private static final MethodHandle REPEAT;

  static {
    try {
      REPEAT =
          MethodHandles.lookup()
              .findStatic(
                  StreamRun.class,
                  "repeat",
                  MethodType.methodType(void.class, MethodHandle.class, int.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private StreamRun() {}

  /**
   * Warms up and measures {@code call} by the two rules; {@code load} is SingleStream, MultiStream
   * or null (no load), {@code batchSize} the items of one call.
   */
  public static MeasurementOutcome measure(
      LoadPoint load,
      TimedCall call,
      StopRule warmup,
      StopRule measurement,
      int batchSize,
      Progress progress,
      MeasurementLoop.PhaseListener warmedUp)
      throws Throwable {
    int perQuery = load != null && load.samplesPerQuery() != null ? load.samplesPerQuery() : 1;
    TimedCall timed =
        perQuery == 1
            ? call
            : new TimedCall(
                MethodHandles.insertArguments(REPEAT, 0, call.body(), perQuery),
                call.afterTiming());
    MeasurementLoop loop = new MeasurementLoop();
    PhaseRun measured = loop.run(timed, warmup, measurement, progress, warmedUp).measurement();
    long[] samples = Arrays.copyOf(measured.samples(), measured.count());
    Phase phase =
        new Phase(
            measured.iterations(),
            measured.elapsedNs() / 1e6,
            measurement.hasPrecision() ? measurement.precision() : null,
            measurement.hasPrecision() ? measured.precisionReached() : null,
            measured.sampleLimitReached());
    int items = batchSize * perQuery;
    LoadFigures figures =
        load == null
            ? null
            : new LoadFigures(
                load.scenario().id(),
                null,
                load.samplesPerQuery(),
                samples.length,
                null,
                null,
                measured.elapsedNs() > 0 ? samples.length / (measured.elapsedNs() / 1e9) : null,
                measured.elapsedNs() / 1e6,
                null,
                null,
                null,
                null,
                null);
    return new MeasurementOutcome(
        samples,
        phase,
        measured.elapsedNs(),
        measured.iterations() * items,
        Throughput.samplesPerSecond(items, samples, samples.length),
        figures,
        null,
        null,
        AllocationCount.of(measured, measured.iterations() * perQuery, loop.allocation()));
  }

  /** A MultiStream query: {@code samples} calls back to back. */
  @SuppressWarnings("UnusedMethod") // called through the method handle REPEAT
  private static void repeat(MethodHandle body, int samples) throws Throwable {
    for (int i = 0; i < samples; i++) {
      body.invokeExact();
    }
  }
}
