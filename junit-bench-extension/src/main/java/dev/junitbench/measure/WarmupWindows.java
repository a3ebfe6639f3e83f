package dev.junitbench.measure;

import dev.junitbench.config.SteadyRule;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.results.WarmupCurve;
import dev.junitbench.results.WarmupWindow;
import dev.junitbench.stats.Percentiles;
import dev.junitbench.stats.SteadyState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The windows of one steady warm-up as it runs: each window's median, end and calls, and the drift
 * of the most recent ones. Every array is made before the warm-up starts, so closing a window
 * allocates nothing; the time spent closing windows is kept, to show what deciding costs.
 */
public final class WarmupWindows {

  private final SteadyRule rule;
  private final double[] endMs;
  private final long[] calls;
  private final double[] medianNs;
  private final double[] recent;
  private final double[] ordered;
  private final double[] slopes;
  private final long[] sorted;
  private int count;
  private int recorded;
  private double lastEndMs;
  private double slope = Double.NaN;
  private int streak;
  private Double settledAtMs;
  private long checksNs;

  /** The windows of a warm-up run by {@code rule} whose samples wrap in {@code buffer} entries. */
  WarmupWindows(SteadyRule rule, int buffer) {
    this.rule = rule;
    // Each window lasts at least the window's time and the warm-up stops at the bound, unless its
    // minimum count takes longer: the curve keeps the windows up to the bound, the judging goes on.
    long windowNs = Math.max(1, rule.window().toNanos());
    int capacity = (int) Math.min(1 << 16, rule.maxTime().toNanos() / windowNs + 2);
    endMs = new double[capacity];
    calls = new long[capacity];
    medianNs = new double[capacity];
    recent = new double[rule.windows()];
    ordered = new double[rule.windows()];
    slopes = new double[rule.windows() * (rule.windows() - 1) / 2];
    sorted = new long[buffer];
  }

  /**
   * Closes a window of {@code windowCalls} calls whose samples end before {@code end} in {@code
   * buffer} (wrapping; only the most recent {@code buffer.length} count), {@code elapsedNs} after
   * the warm-up started; true when the windows compared have now been steady at {@link
   * SteadyState#CONFIRMATIONS} windows running.
   */
  boolean close(long[] buffer, int end, long windowCalls, long elapsedNs) {
    int n = (int) Math.min(windowCalls, buffer.length);
    int from = end - n;
    if (from >= 0) {
      System.arraycopy(buffer, from, sorted, 0, n);
    } else {
      System.arraycopy(buffer, buffer.length + from, sorted, 0, -from);
      System.arraycopy(buffer, 0, sorted, -from, end);
    }
    Arrays.sort(sorted, 0, n);
    double median = Percentiles.type7(sorted, n, 0.5);
    lastEndMs = elapsedNs / 1e6;
    if (recorded < endMs.length) {
      endMs[recorded] = lastEndMs;
      calls[recorded] = windowCalls;
      medianNs[recorded] = median;
      recorded++;
    }
    int compared = recent.length;
    recent[count % compared] = Math.log(Math.max(median, 1));
    count++;
    if (count < compared) {
      slope = Double.NaN;
      return false;
    }
    for (int i = 0; i < compared; i++) {
      ordered[i] = recent[(count - compared + i) % compared];
    }
    slope = SteadyState.slope(ordered, compared, compared, slopes);
    streak = SteadyState.steady(slope, compared, rule.tolerance()) ? streak + 1 : 0;
    return streak >= SteadyState.CONFIRMATIONS;
  }

  /** Marks the most recent window as the one the warm-up settled at. */
  void settle() {
    settledAtMs = lastEndMs;
  }

  /** Adds {@code nanos} spent closing windows. */
  void checked(long nanos) {
    checksNs += nanos;
  }

  /** Whether the warm-up settled before its bound. */
  public boolean steady() {
    return settledAtMs != null;
  }

  /**
   * Why the warm-up is not steady, naming what to change, or null when it is: {@code still drifting
   * -4.1% per window after 30 s}.
   */
  public String reason(long iterations, long elapsedNs) {
    if (steady()) {
      return null;
    }
    String after = UnitFormat.duration(elapsedNs / 1e6);
    if (count < rule.windows()) {
      String perCall =
          iterations == 0
              ? ""
              : ", " + UnitFormat.duration(elapsedNs / 1e6 / iterations) + " a call";
      return String.format(
          Locale.ROOT,
          "only %d of the %d windows compared (each at least %s and %d calls%s) fit in %s; raise"
              + " junit.bench.warmup.max-time or @Warmup(maxTime)",
          count,
          rule.windows(),
          UnitFormat.duration(rule.window().toNanos() / 1e6),
          rule.windowIterations(),
          perCall,
          after);
    }
    return String.format(
        Locale.ROOT,
        "still drifting %+.1f%% per window after %s (steady means within ±%s over %d windows)",
        SteadyState.perWindow(slope) * 100,
        after,
        UnitFormat.percent(rule.tolerance()),
        rule.windows());
  }

  /** The curve as results.json keeps it. */
  public WarmupCurve curve() {
    List<WarmupWindow> windows = new ArrayList<>(recorded);
    for (int i = 0; i < recorded; i++) {
      windows.add(new WarmupWindow(endMs[i], calls[i], medianNs[i] / 1e6));
    }
    return new WarmupCurve(
        rule.window().toNanos() / 1e6,
        rule.windowIterations(),
        rule.windows(),
        rule.tolerance(),
        rule.maxTime().toNanos() / 1e6,
        settledAtMs,
        Double.isNaN(slope) ? null : SteadyState.perWindow(slope),
        checksNs / 1e6,
        List.copyOf(windows));
  }
}
