package dev.junitbench.exchange;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Hands the listener's verdict on a run's configuration keys, made when the test plan starts, to
 * the extension, which fails each benchmark of the plan with it before anything is measured (the
 * Launcher swallows what a listener throws). Keyed by the benchmark's unique id, so only the
 * benchmarks of the plan that was checked are failed, and a run through the test kit, which has no
 * listener, is never failed by another run's verdict.
 */
public final class ConfigurationErrors {

  private static final Map<String, String> ERRORS = new ConcurrentHashMap<>();

  private ConfigurationErrors() {}

  /**
   * Fails each benchmark of {@code benchmarkIds} (test template unique ids) with {@code message}.
   */
  public static void publish(Collection<String> benchmarkIds, String message) {
    benchmarkIds.forEach(id -> ERRORS.put(id, message));
  }

  /** Forgets the verdict on {@code benchmarkIds}: their run has ended. */
  public static void withdraw(Collection<String> benchmarkIds) {
    benchmarkIds.forEach(ERRORS::remove);
  }

  /** The error the benchmark {@code benchmarkId} fails with, if its run's configuration has one. */
  public static Optional<String> of(String benchmarkId) {
    return Optional.ofNullable(ERRORS.get(benchmarkId));
  }
}
