package dev.junitbench.config;

/**
 * How strictly a run must match its baseline ({@code junit.bench.baseline.match}).
 *
 * @since 0.1.0
 */
public enum BaselineMatch {
  /** The run fails only when none of its scenarios is in the baseline; others are noted, not judged. */
  ANY,
  /** Every scenario the baseline cannot judge (not in it, not measured there, or not judged) fails. */
  ALL
}
