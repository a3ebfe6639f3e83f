package dev.junitbench.measure;

import java.util.concurrent.atomic.AtomicLong;

/** Where a running phase publishes how far it has got, for the progress line, without a lock. */
public final class Progress {

  /** Iterations (or queries) the current phase has completed. */
  public final AtomicLong iterations = new AtomicLong();

  /** The current phase's name: {@code warm-up} or {@code measurement}. */
  public volatile String phase = "warm-up";

  /** When the current phase started, by {@link System#nanoTime()}. */
  public volatile long phaseStartNs = System.nanoTime();

  /** Enters {@code name}, counting from zero again from now. */
  public void enter(String name) {
    phase = name;
    iterations.lazySet(0);
    phaseStartNs = System.nanoTime();
  }
}
