package dev.junitbench.measure;

import dev.junitbench.config.Defaults;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * When the progress line prints: nothing for {@link Defaults#PROGRESS_DELAY}, then at most one line
 * per interval, once a second on a terminal and once every ten seconds in a log. Reads time from
 * the clock it is given, so the pace is tested without waiting.
 */
final class ProgressPace {

  private final long intervalNs;
  private final LongSupplier nanoTime;
  private long nextNs;

  /**
   * A pace that starts now by {@code nanoTime}, prints first after {@code delay}, then at most once
   * per {@code interval}.
   */
  ProgressPace(Duration delay, Duration interval, LongSupplier nanoTime) {
    this.intervalNs = interval.toNanos();
    this.nanoTime = nanoTime;
    this.nextNs = nanoTime.getAsLong() + delay.toNanos();
  }

  /** The interval between lines: {@code interactive} on a terminal, else in a log. */
  static Duration interval(boolean interactive) {
    return interactive ? Defaults.PROGRESS_INTERVAL : Defaults.PROGRESS_INTERVAL_NON_INTERACTIVE;
  }

  /**
   * Whether a line is due now; when it is, the next is due one interval from now (not from when
   * this one was due, so a late wake-up never brings two lines closer).
   */
  boolean due() {
    long now = nanoTime.getAsLong();
    if (now - nextNs < 0) {
      return false;
    }
    nextNs = now + intervalNs;
    return true;
  }

  /** Nanoseconds until the next line is due; zero or less when it is. */
  long untilDueNs() {
    return nextNs - nanoTime.getAsLong();
  }
}
