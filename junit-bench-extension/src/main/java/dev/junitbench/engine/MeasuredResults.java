package dev.junitbench.engine;

import dev.junitbench.infra.LoadScenario;
import dev.junitbench.infra.Scenario;
import dev.junitbench.load.LoadPlan;
import dev.junitbench.load.ServerGoodput;
import dev.junitbench.measure.MeasurementOutcome;
import dev.junitbench.results.Phase;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Throughput;
import dev.junitbench.stats.LatencySummary;

/** A scenario's result made from what its measurement gave. */
final class MeasuredResults {

  private MeasuredResults() {}

  /**
   * The measured result of {@code outcome}: latency, throughput (and tokens per second for a
   * scenario with a sequence length), and its load.
   */
  static ScenarioResult of(
      Scenario scenario, ScenarioResult planned, Phase warmup, MeasurementOutcome outcome) {
    long[] samples = outcome.samplesNs();
    LatencySummary latency = LatencySummary.of(samples, samples.length);
    Throughput throughput = outcome.throughput();
    Throughput tokens =
        scenario.hasSequenceLength() && throughput.value() != null
            ? new Throughput(
                throughput.value() * scenario.sequenceLength(), Throughput.TOKENS_PER_SECOND)
            : null;
    ScenarioResult measured =
        planned.measured(warmup, outcome.phase(), latency, throughput, tokens, samples);
    return outcome.load() == null
        ? measured
        : measured.withLoad(outcome.load(), throughput).withQueryTimes(outcome.queryTimes());
  }

  /**
   * {@code generated}, the result of {@code measured} with its requests' figures, and under Server
   * with a time-to-first-token or time-per-output-token bound its goodput: the requests of {@code
   * newTokens} tokens each that held the bounds over {@code elapsedNs}.
   */
  static ScenarioResult withGoodput(
      ScenarioResult generated,
      ScenarioResult measured,
      LoadPlan loadPlan,
      int newTokens,
      long elapsedNs) {
    boolean server =
        measured.load() != null && LoadScenario.SERVER.id().equals(measured.load().scenario());
    if (!server || (loadPlan.ttftBoundMs() == null && loadPlan.tpotBoundMs() == null)) {
      return generated;
    }
    long[] tokenNs = generated.tokenNs();
    return generated.withLoad(
        measured
            .load()
            .withGoodput(
                ServerGoodput.of(
                    tokenNs, tokenNs.length / newTokens, newTokens, loadPlan, elapsedNs)),
        measured.throughput());
  }
}
