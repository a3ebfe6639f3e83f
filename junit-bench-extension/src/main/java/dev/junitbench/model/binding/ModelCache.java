package dev.junitbench.model.binding;

import java.util.function.Supplier;

/**
 * Where a benchmark's opened models are kept while its scenarios run, so the scenarios that share a
 * device, provider, mode and thread count share one model; whoever keeps them closes them.
 */
@FunctionalInterface
public interface ModelCache {

  /** The model kept under {@code key}, opened by {@code open} on first use. */
  LoadedModel computeIfAbsent(String key, Supplier<LoadedModel> open);
}
