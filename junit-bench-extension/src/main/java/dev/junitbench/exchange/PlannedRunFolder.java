package dev.junitbench.exchange;

import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The run folder a run's listener will write, named before anything is measured and handed to the
 * extension, so what the gate writes beside a verdict (a differential flame graph) lands in the
 * folder its results go to. Keyed by the benchmark's unique id, as {@link PlanParameters} is.
 */
public final class PlannedRunFolder {

  private static final Map<String, Path> FOLDERS = new ConcurrentHashMap<>();

  private PlannedRunFolder() {}

  /** Records {@code runDir} for each benchmark of {@code benchmarkIds}. */
  public static void publish(Collection<String> benchmarkIds, Path runDir) {
    benchmarkIds.forEach(id -> FOLDERS.put(id, runDir));
  }

  /** Forgets them: their run has ended. */
  public static void withdraw(Collection<String> benchmarkIds) {
    benchmarkIds.forEach(FOLDERS::remove);
  }

  /**
   * The run folder of benchmark {@code benchmarkId}'s run, or empty when no listener writes one.
   */
  public static Optional<Path> of(String benchmarkId) {
    return Optional.ofNullable(FOLDERS.get(benchmarkId));
  }
}
