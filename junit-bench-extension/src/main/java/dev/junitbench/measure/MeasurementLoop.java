package dev.junitbench.measure;

import dev.junitbench.config.Defaults;
import dev.junitbench.config.StopRule;
import dev.junitbench.stats.MedianInterval;
import dev.junitbench.stats.Percentiles;
import java.lang.invoke.MethodHandle;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Times a benchmark body: warm-up, then measurement, one sample per call. Per iteration the timed
 * region is the call between two {@link System#nanoTime()} reads; outside it, the sample is stored
 * in a primitive array and the stop rule is checked. Nothing in the loop allocates, logs or locks,
 * except the rare untimed steps: growing the sample array and checking a precision target.
 *
 * <p>A measurement phase also counts what its thread allocated on the Java heap: the counter is
 * read where the phase starts and ends, and around those rare steps, whose own arrays are taken
 * off, so what is left is the body's (and what it handed over to be closed after timing).
 */
public final class MeasurementLoop {

  /** The two phases as they ran, the measured samples in the second. */
  public record Phases(PhaseRun warmup, PhaseRun measurement) {}

  private static final int WARMUP_BUFFER = 1024;

  private final int maxSamples;
  private final ThreadAllocation allocation;

  public MeasurementLoop() {
    this(Defaults.MAX_SAMPLES);
  }

  /** A loop that keeps at most {@code maxSamples} samples of a phase. */
  public MeasurementLoop(int maxSamples) {
    this(maxSamples, ThreadAllocation.jvm());
  }

  /**
   * A loop that keeps at most {@code maxSamples} samples of a phase and counts allocation with
   * {@code allocation}.
   */
  public MeasurementLoop(int maxSamples, ThreadAllocation allocation) {
    this.maxSamples = maxSamples;
    this.allocation = allocation;
  }

  /** Where the loop reads what its thread allocated. */
  public ThreadAllocation allocation() {
    return allocation;
  }

  /**
   * Runs {@code call} through both phases. Exceptions thrown by the body propagate; so do
   * exceptions from closing what it handed over to be closed after timing.
   */
  public Phases run(
      TimedCall call,
      StopRule warmup,
      StopRule measurement,
      Progress progress,
      PhaseListener listener)
      throws Throwable {
    PhaseRun warm;
    long[] buffer;
    if (warmup.isOff()) {
      warm = PhaseRun.none();
      buffer = new long[initialCapacity(measurement, -1)];
    } else {
      // Warm-up samples are thrown away: a small array that wraps is enough.
      buffer = new long[Math.min(maxSamples, WARMUP_BUFFER)];
      progress.phase = "warm-up";
      warm = phase(call, warmup, buffer, true, progress);
      double meanNs = warm.iterations() == 0 ? -1 : warm.elapsedNs() / (double) warm.iterations();
      int capacity = initialCapacity(measurement, meanNs);
      buffer = capacity <= buffer.length ? buffer : new long[capacity];
    }
    listener.warmupDone(warm);
    progress.enter("measurement");
    PhaseRun measured = phase(call, measurement, buffer, false, progress);
    return new Phases(warm, measured);
  }

  /**
   * Only the warm-up phase of {@link #run}, for loads that measure otherwise; its samples are not
   * kept.
   */
  public PhaseRun warmup(TimedCall call, StopRule warmup, Progress progress) throws Throwable {
    if (warmup.isOff()) {
      return PhaseRun.none();
    }
    progress.phase = "warm-up";
    return phase(call, warmup, new long[Math.min(maxSamples, WARMUP_BUFFER)], true, progress);
  }

  /** Told when warm-up ends, so a failure during measurement still reports it. */
  public interface PhaseListener {
    void warmupDone(PhaseRun warmup);
  }

  private int initialCapacity(StopRule rule, double meanNs) {
    long wanted = Math.max(rule.iterations(), 16);
    if (rule.time() != null) {
      long byTime = meanNs > 0 ? (long) (rule.time().toNanos() / meanNs * 1.25) + 16 : 1024;
      // With a precision target the time is only an upper bound: do not reserve all of it up front.
      wanted =
          rule.hasPrecision()
              ? Math.max(wanted, Math.min(byTime, 1 << 16))
              : Math.max(wanted, byTime);
    }
    return (int) Math.min(wanted, maxSamples);
  }

  private PhaseRun phase(
      TimedCall call, StopRule rule, long[] samples, boolean wrap, Progress progress)
      throws Throwable {
    final MethodHandle body = call.body();
    final AfterTiming afterTiming = call.afterTiming();
    final long minIterations = rule.iterations();
    final boolean precision = rule.hasPrecision();
    final long timeNs = rule.time() == null ? 0 : rule.time().toNanos();
    // A warm-up until steady runs in this same loop and takes the same branches as any phase, so
    // the
    // measurement that follows runs the code its warm-up compiled: a window is closed between
    // calls, and its phase stops at the bound (after the minimum) unless a window settles first.
    final WarmupWindows windows =
        rule.isSteady() ? new WarmupWindows(rule.steady(), samples.length) : null;
    final long settleAfterNs = timeNs;
    final long minTimeNs =
        precision ? 0 : windows != null ? rule.steady().maxTime().toNanos() : timeNs;
    final long maxTimeNs = precision ? timeNs : Long.MAX_VALUE;
    final long windowNs = windows != null ? rule.steady().window().toNanos() : Long.MAX_VALUE;
    final long windowIterations =
        windows != null ? rule.steady().windowIterations() : Long.MAX_VALUE;
    long inWindow = 0;
    final AtomicLong published = progress.iterations;
    final ThreadAllocation allocated = allocation;
    // The loop's own arrays (a grown sample array, the precision check's copy), taken off the
    // count.
    long harnessBytes = 0;
    long[] buffer = samples;
    long[] scratch = null;
    int index = 0;
    long count = 0;
    // Below 6 samples no interval of the median reaches 95% coverage.
    long nextCheck = Math.max(minIterations, 6);
    boolean reached = false;
    boolean limit = false;
    final long allocatedAtStart = wrap ? -1 : allocated.currentThreadBytes();
    final long start = System.nanoTime();
    progress.phaseStartNs = start;
    long windowStart = start;
    long end;
    long allocatedAtEnd;
    try {
      while (true) {
        final long t0 = System.nanoTime();
        body.invokeExact();
        final long t1 = System.nanoTime();
        buffer[index++] = t1 - t0;
        count++;
        if (afterTiming.pending()) {
          afterTiming.closePending();
        }
        published.lazySet(count);
        final long elapsed = t1 - start;
        end = t1;
        if (++inWindow >= windowIterations && t1 - windowStart >= windowNs) {
          boolean settled = windows.close(buffer, index, inWindow, elapsed);
          inWindow = 0;
          windowStart = System.nanoTime();
          windows.checked(windowStart - t1);
          if (settled && count >= minIterations && elapsed >= settleAfterNs) {
            windows.settle();
            break;
          }
        }
        boolean timeUp = elapsed >= maxTimeNs;
        if (timeUp || (count >= minIterations && elapsed >= minTimeNs)) {
          if (!precision) {
            break;
          }
          if (timeUp || count >= nextCheck) {
            final long before = allocated.currentThreadBytes();
            if (scratch == null || scratch.length < buffer.length) {
              scratch = new long[buffer.length];
            }
            double achieved = halfWidthRatio(buffer, index, scratch);
            harnessBytes += allocated.currentThreadBytes() - before;
            if (count >= minIterations && achieved <= rule.precision()) {
              reached = true;
              break;
            }
            if (timeUp) {
              break;
            }
            nextCheck = count + Math.max(1, count / 10);
          }
        }
        if (index == buffer.length) {
          if (wrap) {
            index = 0;
          } else if (buffer.length >= maxSamples) {
            limit = true;
            break;
          } else {
            final long before = allocated.currentThreadBytes();
            buffer = Arrays.copyOf(buffer, (int) Math.min(maxSamples, 2L * buffer.length));
            harnessBytes += allocated.currentThreadBytes() - before;
          }
        }
      }
      allocatedAtEnd = wrap ? -1 : allocated.currentThreadBytes();
    } catch (Throwable failure) {
      // What the failing iteration handed over (a native result, say) must still be closed.
      try {
        afterTiming.closePending();
      } catch (Exception closing) {
        failure.addSuppressed(closing);
      }
      throw failure;
    }
    int kept = wrap ? (int) Math.min(count, buffer.length) : index;
    // A count turned off (or on) during the phase reads negative at one end: not counted.
    long bytes =
        allocatedAtStart < 0 || allocatedAtEnd < 0
            ? -1
            : allocatedAtEnd - allocatedAtStart - harnessBytes;
    return new PhaseRun(buffer, kept, count, end - start, reached, limit, bytes, windows);
  }

  /**
   * (ci95_high - ci95_low) / 2 / median of the first {@code count} samples, or NaN when undefined.
   */
  public static double halfWidthRatio(long[] samples, int count, long[] scratch) {
    int k = MedianInterval.lowerRank(count);
    if (k < 1) {
      return Double.NaN;
    }
    System.arraycopy(samples, 0, scratch, 0, count);
    Arrays.sort(scratch, 0, count);
    double median = Percentiles.type7(scratch, count, 0.5);
    if (median <= 0) {
      return Double.NaN;
    }
    return (scratch[count - k] - scratch[k - 1]) / 2.0 / median;
  }
}
