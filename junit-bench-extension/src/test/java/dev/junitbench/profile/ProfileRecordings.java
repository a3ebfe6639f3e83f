package dev.junitbench.profile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import one.profiler.AsyncProfiler;

/**
 * Records real CPU profiles with async-profiler and reads them back as collapsed stacks, for tests
 * that need a profile of known work: a spin, with or without one extra method.
 */
public final class ProfileRecordings {

  /** Enough spin for some hundred samples at a 1 ms interval on a slow machine. */
  private static final int ROUNDS = 40;

  private static volatile long sink;

  private ProfileRecordings() {}

  /** Records {@code work} into the JFR file {@code jfr} with async-profiler's CPU event. */
  public static Path record(Path jfr, Runnable work) {
    AsyncProfiler profiler = AsyncProfiler.getInstance();
    try {
      profiler.execute("start,event=cpu,interval=1ms,file=" + jfr + ",jfr");
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
