package dev.junitbench;

import dev.junitbench.config.BenchConfig;
import dev.junitbench.exchange.ResultExchange;
import dev.junitbench.gate.Gate;
import dev.junitbench.results.GateResult;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.results.Validity;
import dev.junitbench.warnings.Causes;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.AssertionFailedError;

/**
 * A scenario's last step: its measurement flagged for validity, judged by the gate, put on record
 * and printed on the test's own thread; a failing verdict fails the test, the figures kept.
 */
final class ScenarioVerdict {

  private final String subject;
  private final BenchConfig config;
  private final Gate gate;

  ScenarioVerdict(String benchmark, String displayName, BenchConfig config, Gate gate) {
    this.subject = benchmark + " " + displayName;
    this.config = config;
    this.gate = gate;
  }

  /** Judges {@code measured}, records and prints the result; throws when the gate failed it. */
  void judge(ScenarioResult measured, ExtensionContext context) {
    // A flag, as MLPerf's: a run too short for its percentiles is said to be, never failed for it.
    ScenarioResult flagged = measured.withValidity(Validity.of(measured.samplesNs(),
        measured.measurement().timeMs(), config.validityMinQueries().orElse(null),
        config.validityMinDurationMs().orElse(null), Measured.bounds(measured.load())));
    GateResult decision = decide(flagged);
    ScenarioResult result = flagged.withGate(decision);
    ResultExchange.put(context.getUniqueId(), result);
    context.publishReportEntry(UnitFormat.REPORT_ENTRY_KEY, UnitFormat.summary(result.latencyMs(), result.throughput()));
    // On the test's own thread, so Surefire puts it in this testcase's <system-out>.
    System.out.println(UnitFormat.scenarioLine(result));
    System.out.flush();
    if (decision != null && decision.failed()) {
      // Thrown after the measurement's bookkeeping: the result keeps its figures and its verdict.
      throw new AssertionFailedError(decision.message());
    }
  }

  /** The gate's decision on a measured scenario; a gate that cannot decide fails it, the figures kept. */
  private GateResult decide(ScenarioResult measured) {
    try {
      return gate.check(measured, measured.samplesNs());
    } catch (RuntimeException e) {
      return new GateResult(true, subject + ": the regression gate could not judge this scenario ("
          + Causes.describe(e) + "); its measurement is kept", null, null);
    }
  }
}
