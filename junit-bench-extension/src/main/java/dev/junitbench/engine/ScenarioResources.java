package dev.junitbench.engine;

import dev.junitbench.model.binding.ModelCache;
import java.util.function.Supplier;

/**
 * What a scenario's set-up keeps where the test framework closes it: opened models, shared by the
 * benchmark's scenarios ({@link ModelCache}), and what belongs to this scenario alone (its inputs,
 * its generator), closed when it ends.
 */
public interface ScenarioResources extends ModelCache {

  /** The class loader of the benchmark's class, for its class path resources. */
  ClassLoader classLoader();

  /**
   * What the benchmark's scenarios share, one of each {@code type}: made by {@code make} for the
   * first scenario that asks.
   */
  <T> T shared(Class<T> type, Supplier<T> make);

  /** Closes {@code resource} when the scenario ends, whatever happens. */
  void closeWhenDone(AutoCloseable resource);
}
