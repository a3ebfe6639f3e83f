package dev.junitbench.config;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Which scenarios a run's baseline must be able to judge ({@code junit.bench.baseline.match}): a
 * scenario it cannot judge is one not in the baseline, not measured there, or not judged.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum BaselineMatch {
  /**
   * The run fails, before anything is measured, only when none of its scenarios is in the baseline
   * with figures; a scenario the baseline cannot judge passes as NOT JUDGED (the default).
   */
  ANY,
  /** Every scenario the baseline cannot judge fails. */
  ALL
}
