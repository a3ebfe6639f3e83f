package dev.junitbench.engine;

import dev.junitbench.config.BenchConfig;
import dev.junitbench.gate.Gate;
import dev.junitbench.load.LoadBounds;
import dev.junitbench.results.GateResult;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Validity;
import dev.junitbench.warnings.Causes;

/**
 * A scenario's last step: its measurement flagged for validity and judged by the gate. A gate that
 * cannot decide fails the scenario, its figures kept.
 */
public final class ScenarioVerdict {

  /**
   * The result to record, with its validity and the gate's decision; {@code failure} when the gate
   * failed it, else null.
   */
  public record Judged(ScenarioResult result, String failure) {}

  private final String subject;
  private final BenchConfig config;
  private final Gate gate;

  ScenarioVerdict(String subject, BenchConfig config, Gate gate) {
    this.subject = subject;
    this.config = config;
    this.gate = gate;
  }

  Judged judge(ScenarioResult measured) {
    // A flag, as MLPerf's: a run too short for its percentiles is said to be, never failed for it.
    ScenarioResult flagged =
        measured.withValidity(
            Validity.of(
                measured.samplesNs(),
                measured.measurement().timeMs(),
                config.validityMinQueries().orElse(null),
                config.validityMinDurationMs().orElse(null),
                LoadBounds.of(measured.load())));
    GateResult decision = decide(flagged);
    return new Judged(
        flagged.withGate(decision),
        decision != null && decision.failed() ? decision.message() : null);
  }

  /** The gate's decision on a measured scenario; a gate that cannot decide fails it. */
  private GateResult decide(ScenarioResult measured) {
    try {
      return gate.check(measured, measured.samplesNs());
    } catch (RuntimeException e) {
      return new GateResult(
          true,
          subject
              + ": the regression gate could not judge this scenario ("
              + Causes.describe(e)
              + "); its measurement is kept",
          null,
          null);
    }
  }
}
