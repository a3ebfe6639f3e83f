package dev.junitbench.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.junitbench.stats.LatencySummary;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The outcome of one scenario, as written to results.json: what ran, how it ended and its
 * statistics (null unless it passed, or failed only by the regression gate or its budget, which
 * keeps them). The raw samples go to samples.csv.
 *
 * @param id unique in the run, assigned when the result is written; null before
 * @param benchmark {@code fully.qualified.Class#method}
 * @param displayName the scenario's display name: {@code [device=cpu, batch_size=8]}
 * @param status how it ended; null while it runs
 * @param error why it failed or was aborted, else null
 * @param params the dimensions that apply, in display order
 * @param model the model the scenario ran, or null for a plain benchmark
 * @param warmup the warm-up as it ran, or null
 * @param measurement the measurement as it ran, or null
 * @param latencyMs statistics of the measured latencies, or null
 * @param throughput items per second, or null
 * @param throughputTokens tokens per second (padding included) for scenarios with a sequence length, or null
 * @param generation the speed of text generation (time to first token, per output token, ...) of a
 *     benchmark annotated {@code @Generate}, or null
 * @param load how the queries were issued under {@code @Load} and what came of it, or null without it
 * @param memory what the process held during the measurement, or null
 * @param utilization how busy the process, machine and GPU were during the measurement, or null
 * @param energy the energy of one measured call, or null
 * @param forks each fork and the statistics across forks, for a scenario measured in fresh JVMs; else null
 * @param validity which percentiles the measured queries support and whether the run is valid (a flag,
 *     never a failure), or null when not measured
 * @param gate what the regression gate and the budget decided, or null when neither applies
 * @param samplesNs the measured latencies in nanoseconds, or null
 * @param queryTimes when each query of a pooled load was scheduled, issued, started and completed, or null
 * @param tokenNs the time of every generated token in nanoseconds since its request started, request
 *     after request ({@code generation.newTokens()} each), or null
 */
public record ScenarioResult(
    Integer id,
    String benchmark,
    String displayName,
    Status status,
    String error,
    Map<String, Object> params,
    ModelInfo model,
    Phase warmup,
    Phase measurement,
    LatencySummary latencyMs,
    Throughput throughput,
    Throughput throughputTokens,
    GenerationFigures generation,
    LoadFigures load,
    MemoryFigures memory,
    UtilizationFigures utilization,
    EnergyFigures energy,
    ForkFigures forks,
    Validity validity,
    GateResult gate,
    @JsonIgnore long[] samplesNs,
    @JsonIgnore long[] tokenNs,
    @JsonIgnore QueryTimes queryTimes) {

  /** A scenario that is about to run: what it is, nothing measured yet. */
  public static ScenarioResult planned(String benchmark, String displayName, Map<String, Object> params) {
    return new ScenarioResult(null, benchmark, displayName, null, null,
        Collections.unmodifiableMap(new LinkedHashMap<>(params)),
        null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
  }

  /** This result with its phases and statistics. */
  public ScenarioResult measured(Phase warmup, Phase measurement, LatencySummary latency,
      Throughput throughput, Throughput tokens, long[] samplesNs) {
    return new ScenarioResult(id, benchmark, displayName, status, error, params, model, warmup,
        measurement, latency, throughput, tokens, generation, load, memory, utilization, energy, forks, validity, gate,
        samplesNs, tokenNs, queryTimes);
  }

  /**
   * This result as it ended: passed keeps the statistics, and so does a failure the regression gate
   * or the budget decided (the measurement completed; its figures are the evidence); any other
   * status drops them (they would describe a run that did not complete) and keeps the phases as
   * they ran. The forks are always kept: the forks that finished before one failed are evidence too.
   */
  public ScenarioResult ended(Status newStatus, String newError) {
    boolean keep = newStatus == Status.PASSED || (newStatus == Status.FAILED && gate != null && gate.failed());
    return new ScenarioResult(id, benchmark, displayName, newStatus, newError, params, model, warmup,
        measurement, keep ? latencyMs : null, keep ? throughput : null, keep ? throughputTokens : null,
        keep ? generation : null, keep ? load : null, keep ? memory : null, keep ? utilization : null, keep ? energy : null, forks,
        keep ? validity : null, keep ? gate : null,
        keep ? samplesNs : null, keep ? tokenNs : null, keep ? queryTimes : null);
  }

  /** This result with what the regression gate and the budget decided. */
  public ScenarioResult withGate(GateResult newGate) {
    return new ScenarioResult(id, benchmark, displayName, status, error, params, model, warmup,
        measurement, latencyMs, throughput, throughputTokens,
        generation, load, memory, utilization, energy, forks, validity, newGate,
        samplesNs, tokenNs, queryTimes);
  }

  /** What identifies this scenario across runs: benchmark and params. */
  public ScenarioKey key() {
    return ScenarioKey.of(benchmark, params);
  }

  /**
   * Why the scenario did not pass, without the benchmark and scenario the message starts with, so
   * scenarios that stopped for the same reason can be counted together; null without an error.
   */
  public String reason() {
    if (error == null) {
      return null;
    }
    String subject = benchmark + " " + displayName;
    if (error.startsWith(subject)) {
      int colon = error.indexOf(": ", subject.length());
      if (colon >= 0) {
        return error.substring(colon + 2);
      }
    }
    return error;
  }

  /** This result with the model it ran. */
  public ScenarioResult withModel(ModelInfo newModel) {
    return new ScenarioResult(id, benchmark, displayName, status, error, params, newModel, warmup,
        measurement, latencyMs, throughput, throughputTokens,
        generation, load, memory, utilization, energy, forks, validity, gate,
        samplesNs, tokenNs, queryTimes);
  }

  /** This result with what the resource sampler saw during its measurement. */
  public ScenarioResult withResources(MemoryFigures newMemory, UtilizationFigures newUtilization,
      EnergyFigures newEnergy) {
    return new ScenarioResult(id, benchmark, displayName, status, error, params, model, warmup,
        measurement, latencyMs, throughput, throughputTokens,
        generation, load, newMemory, newUtilization, newEnergy, forks, validity, gate,
        samplesNs, tokenNs, queryTimes);
  }

  /** This result with its forks: each fork's summary and the statistics across them. */
  public ScenarioResult withForks(ForkFigures newForks) {
    return new ScenarioResult(id, benchmark, displayName, status, error, params, model, warmup,
        measurement, latencyMs, throughput, throughputTokens,
        generation, load, memory, utilization, energy, newForks, validity, gate,
        samplesNs, tokenNs, queryTimes);
  }

  /** This result with the validity of its measurement. */
  public ScenarioResult withValidity(Validity newValidity) {
    return new ScenarioResult(id, benchmark, displayName, status, error, params, model, warmup, measurement,
        latencyMs, throughput, throughputTokens, generation, load, memory, utilization, energy, forks, newValidity, gate,
        samplesNs, tokenNs, queryTimes);
  }

  /** This result with the raw times of its pooled run's queries. */
  public ScenarioResult withQueryTimes(QueryTimes newQueryTimes) {
    return new ScenarioResult(id, benchmark, displayName, status, error, params, model, warmup, measurement,
        latencyMs, throughput, throughputTokens, generation, load, memory, utilization, energy, forks, validity, gate,
        samplesNs, tokenNs, newQueryTimes);
  }

  /** This result with its load figures and the throughput of its pooled run. */
  public ScenarioResult withLoad(LoadFigures newLoad, Throughput newThroughput) {
    return new ScenarioResult(id, benchmark, displayName, status, error, params, model, warmup, measurement,
        latencyMs, newThroughput, throughputTokens, generation, newLoad, memory, utilization, energy, forks, validity,
        gate, samplesNs, tokenNs, queryTimes);
  }

  /** This result with the speed of its text generation and the time of every token. */
  public ScenarioResult withGeneration(GenerationFigures newGeneration, long[] newTokenNs) {
    return new ScenarioResult(id, benchmark, displayName, status, error, params, model, warmup, measurement,
        latencyMs, throughput, throughputTokens, newGeneration, load, memory, utilization, energy, forks, validity, gate,
        samplesNs, newTokenNs, queryTimes);
  }

  /** This result without its raw samples and token times, once they are on disk. */
  public ScenarioResult withoutSamples() {
    return new ScenarioResult(id, benchmark, displayName, status, error, params, model, warmup,
        measurement, latencyMs, throughput, throughputTokens,
        generation, load, memory, utilization, energy, forks, validity, gate,
        null, null, null);
  }

  /** This result numbered {@code newId} in its run. */
  public ScenarioResult withId(int newId) {
    return new ScenarioResult(newId, benchmark, displayName, status, error, params, model, warmup,
        measurement, latencyMs, throughput, throughputTokens,
        generation, load, memory, utilization, energy, forks, validity, gate,
        samplesNs, tokenNs, queryTimes);
  }
}
