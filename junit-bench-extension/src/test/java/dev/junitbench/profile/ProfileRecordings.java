package dev.junitbench.profile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import one.profiler.AsyncProfiler;

/**
 * Records real CPU and allocation profiles with async-profiler, for tests that need a profile of
 * known work: a spin, or buffers allocated, with or without one extra method.
 */
public final class ProfileRecordings {

  /** Enough spin for some hundred samples at a 1 ms interval on a slow machine. */
  private static final int ROUNDS = 40;

  private static volatile long sink;

  /** Where the buffers go: a field escape analysis cannot see through. */
  private static final Object[] KEPT = new Object[1];

  private ProfileRecordings() {}

  /** Records {@code work} into the JFR file {@code jfr} with async-profiler's CPU event. */
  public static Path record(Path jfr, Runnable work) {
    return record(jfr, "event=cpu,interval=1ms", work);
  }

  /**
   * Records {@code work} into the JFR file {@code jfr} with async-profiler's allocation event, a
   * sample every 64 KB allocated.
   */
  public static Path recordAllocations(Path jfr, Runnable work) {
    return record(jfr, "event=alloc,alloc=64k", work);
  }

  private static Path record(Path jfr, String event, Runnable work) {
    AsyncProfiler profiler = AsyncProfiler.getInstance();
    try {
      profiler.execute("start," + event + ",file=" + jfr + ",jfr");
      try {
        work.run();
      } finally {
        profiler.execute("stop");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return jfr;
  }

  /** The baseline's work: a spin. */
  public static void baselineWork() {
    for (int round = 0; round < ROUNDS; round++) {
      spin();
    }
  }

  /** The variant's work: the same spin, each round followed by {@link #extraWork}. */
  public static void variantWork() {
    for (int round = 0; round < ROUNDS; round++) {
      spin();
      extraWork();
    }
  }

  /** The baseline's allocations: buffers of 32 KB, some thousands of them. */
  public static void baselineAllocations() {
    for (int round = 0; round < ROUNDS * 50; round++) {
      allocate();
    }
  }

  /** The variant's allocations: the same, each buffer followed by {@link #extraAllocations}. */
  public static void variantAllocations() {
    for (int round = 0; round < ROUNDS * 50; round++) {
      allocate();
      extraAllocations();
    }
  }

  /** The buffer both sides allocate, kept where escape analysis cannot remove it. */
  static void allocate() {
    KEPT[0] = new byte[32 * 1024];
  }

  /** The method only the variant calls, allocating as much again. */
  public static void extraAllocations() {
    KEPT[0] = new byte[32 * 1024];
  }

  /** The frame {@link #extraAllocations} has in an allocation profile. */
  public static final String EXTRA_ALLOCATIONS_FRAME =
      "dev/junitbench/profile/ProfileRecordings.extraAllocations";

  /** The spin both sides do. */
  static void spin() {
    long value = sink;
    for (int i = 0; i < 5_000_000; i++) {
      value = value * 6364136223846793005L + 1442695040888963407L;
    }
    sink = value;
  }

  /** The method only the variant calls, as much work again as the spin. */
  public static void extraWork() {
    long value = sink;
    for (int i = 0; i < 5_000_000; i++) {
      value = value * 2862933555777941757L + 3037000493L;
    }
    sink = value;
  }

  /** The frame {@link #extraWork} has in a profile. */
  public static final String EXTRA_WORK_FRAME =
      "dev/junitbench/profile/ProfileRecordings.extraWork";
}
