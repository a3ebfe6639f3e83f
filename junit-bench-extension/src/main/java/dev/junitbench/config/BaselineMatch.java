package dev.junitbench.config;

/**
 * Which scenarios a run's baseline must be able to judge ({@code junit.bench.baseline.match}): a
 * scenario it cannot judge is one not in the baseline, not measured there, or not judged.
 */
public enum BaselineMatch {
  /** The run fails only when the baseline judges none of its scenarios (the default). */
  ANY,
  /** Every scenario the baseline cannot judge fails. */
  ALL
}
