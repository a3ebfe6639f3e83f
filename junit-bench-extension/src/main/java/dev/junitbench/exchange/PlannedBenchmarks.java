package dev.junitbench.exchange;

import java.lang.reflect.Method;
import java.util.List;

/**
 * The benchmark methods of the test plan being run, handed from the listener (which sees the whole
 * plan before anything runs) to the extension (which sees one method at a time), so that decisions
 * about the whole run, such as whether any of its scenarios is in the baseline, are made before the
 * first scenario is measured. Empty when no listener handed a plan (the test kit, say).
 */
public final class PlannedBenchmarks {

  /** A benchmark method and the test class it runs in (which may inherit it). */
  public record Planned(Class<?> testClass, Method method) {}

  private static volatile List<Planned> current = List.of();

  private PlannedBenchmarks() {}

  /** Records the plan's benchmarks as the run starts. */
  public static void set(List<Planned> benchmarks) {
    current = List.copyOf(benchmarks);
  }

  /** Forgets them as the run ends. */
  public static void clear() {
    current = List.of();
  }

  /** The plan's benchmarks, or an empty list when no listener handed a plan. */
  public static List<Planned> current() {
    return current;
  }
}
