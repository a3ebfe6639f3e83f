package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.junitbench.stats.LatencySummary;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.apiguardian.api.API;

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
 * @param throughputTokens tokens per second (padding included) for scenarios with a sequence
 *     length, or null
 * @param generation the speed of text generation (time to first token, per output token, ...) of a
 *     benchmark annotated {@code @Generate}, or null
 * @param load how the queries were issued under {@code @Load} and what came of it, or null without
 *     it
 * @param memory what the process held during the measurement, or null
 * @param utilization how busy the process, machine and GPU were during the measurement, or null
 * @param energy the energy of one measured call, or null
 * @param alloc what the measurement allocated on the Java heap per operation, and the garbage
 *     collection and compilation meanwhile, or null when not measured
 * @param profile the profile recorded during the measurement, or null when none was asked for
 * @param probes the figures of the probes a user added ({@code dev.junitbench.spi.Probe}), by probe
 *     name: each figure by its name, then {@code unavailable_reason}; empty without such a probe
 * @param forks each fork and the statistics across forks, for a scenario measured in fresh JVMs;
 *     else null
 * @param validity which percentiles the measured queries support and whether the run is valid (a
 *     flag, never a failure), or null when not measured
 * @param gate what the regression gate and the budget decided, or null when neither applies
 * @param samplesNs the measured latencies in nanoseconds, or null
 * @param queryTimes when each query of a pooled load was scheduled, issued, started and completed,
 *     or null
 * @param tokenNs the time of every generated token in nanoseconds since its request started,
 *     request after request ({@code generation.newTokens()} each), or null
 * @param aggregations how each number of {@code memory}, {@code utilization}, {@code energy} and
 *     {@code probes} joins across forks, by group and figure, as the probes declared it: not
 *     written to results.json (a fork hands it back beside the result); empty when read from a file
 */
@API(status = EXPERIMENTAL, since = "0.1")
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
    AllocationFigures alloc,
    ProfileFigures profile,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Map<String, Object>> probes,
    ForkFigures forks,
    Validity validity,
    GateResult gate,
    @JsonIgnore long[] samplesNs,
    @JsonIgnore long[] tokenNs,
    @JsonIgnore QueryTimes queryTimes,
    @JsonIgnore Map<String, Map<String, Aggregation>> aggregations) {

  /**
   * Results read from a file written before probes existed have none; a file has no aggregations.
   */
  public ScenarioResult {
    probes = probes == null ? Map.of() : probes;
    aggregations = aggregations == null ? Map.of() : aggregations;
  }

  /** A scenario that is about to run: what it is, nothing measured yet. */
  public static ScenarioResult planned(
      String benchmark, String displayName, Map<String, Object> params) {
    Builder planned = new Builder();
    planned.benchmark = benchmark;
    planned.displayName = displayName;
    planned.params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    return planned.build();
  }

  /** This result with its phases and statistics. */
  public ScenarioResult measured(
      Phase warmup,
      Phase measurement,
      LatencySummary latency,
      Throughput throughput,
      Throughput tokens,
      long[] samplesNs) {
    return change(
        b -> {
          b.warmup = warmup;
          b.measurement = measurement;
          b.latencyMs = latency;
          b.throughput = throughput;
          b.throughputTokens = tokens;
          b.samplesNs = samplesNs;
        });
  }

  /**
   * This result as it ended: passed keeps the statistics, and so does a failure the regression gate
   * or the budget decided (the measurement completed; its figures are the evidence); any other
   * status drops them (they would describe a run that did not complete) and keeps the phases as
   * they ran. The forks are always kept: the forks that finished before one failed are evidence
   * too.
   */
  public ScenarioResult ended(Status newStatus, String newError) {
    boolean keep =
        newStatus == Status.PASSED || (newStatus == Status.FAILED && gate != null && gate.failed());
    return change(
        b -> {
          b.status = newStatus;
          b.error = newError;
          if (!keep) {
            b.latencyMs = null;
            b.throughput = null;
            b.throughputTokens = null;
            b.generation = null;
            b.load = null;
            b.memory = null;
            b.utilization = null;
            b.energy = null;
            b.alloc = null;
            b.probes = null;
            b.aggregations = null;
            b.validity = null;
            b.gate = null;
            b.samplesNs = null;
            b.tokenNs = null;
            b.queryTimes = null;
          }
        });
  }

  /** This result with what the regression gate and the budget decided. */
  public ScenarioResult withGate(GateResult newGate) {
    return change(b -> b.gate = newGate);
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
    return change(b -> b.model = newModel);
  }

  /**
   * This result with what the probes saw during its measurement: the three built-in groups and the
   * users', with how each number joins across forks.
   */
  public ScenarioResult withResources(
      MemoryFigures newMemory,
      UtilizationFigures newUtilization,
      EnergyFigures newEnergy,
      ProbeGroups newProbes) {
    return change(
        b -> {
          b.memory = newMemory;
          b.utilization = newUtilization;
          b.energy = newEnergy;
          b.probes = newProbes.figures();
          b.aggregations = newProbes.aggregations();
        });
  }

  /**
   * This result with what the probes saw during its measurement, declaring no aggregation: each
   * number would be averaged across forks. For a result that is not pooled (a report's, a test's).
   */
  public ScenarioResult withResources(
      MemoryFigures newMemory,
      UtilizationFigures newUtilization,
      EnergyFigures newEnergy,
      Map<String, Map<String, Object>> newProbes) {
    return withResources(newMemory, newUtilization, newEnergy, new ProbeGroups(newProbes, null));
  }

  /** This result with what its measurement allocated, collected and compiled. */
  public ScenarioResult withAlloc(AllocationFigures newAlloc) {
    return change(b -> b.alloc = newAlloc);
  }

  /** This result with the profile recorded during its measurement. */
  public ScenarioResult withProfile(ProfileFigures newProfile) {
    return change(b -> b.profile = newProfile);
  }

  /** This result with its forks: each fork's summary and the statistics across them. */
  public ScenarioResult withForks(ForkFigures newForks) {
    return change(b -> b.forks = newForks);
  }

  /** This result with the validity of its measurement. */
  public ScenarioResult withValidity(Validity newValidity) {
    return change(b -> b.validity = newValidity);
  }

  /** This result with the raw times of its pooled run's queries. */
  public ScenarioResult withQueryTimes(QueryTimes newQueryTimes) {
    return change(b -> b.queryTimes = newQueryTimes);
  }

  /** This result with its load figures and the throughput of its pooled run. */
  public ScenarioResult withLoad(LoadFigures newLoad, Throughput newThroughput) {
    return change(
        b -> {
          b.load = newLoad;
          b.throughput = newThroughput;
        });
  }

  /** This result with the speed of its text generation and the time of every token. */
  public ScenarioResult withGeneration(GenerationFigures newGeneration, long[] newTokenNs) {
    return change(
        b -> {
          b.generation = newGeneration;
          b.tokenNs = newTokenNs;
        });
  }

  /** This result without its raw samples and token times, once they are on disk. */
  public ScenarioResult withoutSamples() {
    return change(
        b -> {
          b.samplesNs = null;
          b.tokenNs = null;
          b.queryTimes = null;
        });
  }

  /** This result numbered {@code newId} in its run. */
  public ScenarioResult withId(int newId) {
    return change(b -> b.id = newId);
  }

  /** A copy of this result with what {@code edit} changes: the one place a result is rebuilt. */
  private ScenarioResult change(Consumer<Builder> edit) {
    Builder b = new Builder();
    b.id = id;
    b.benchmark = benchmark;
    b.displayName = displayName;
    b.status = status;
    b.error = error;
    b.params = params;
    b.model = model;
    b.warmup = warmup;
    b.measurement = measurement;
    b.latencyMs = latencyMs;
    b.throughput = throughput;
    b.throughputTokens = throughputTokens;
    b.generation = generation;
    b.load = load;
    b.memory = memory;
    b.utilization = utilization;
    b.energy = energy;
    b.alloc = alloc;
    b.profile = profile;
    b.probes = probes;
    b.forks = forks;
    b.validity = validity;
    b.gate = gate;
    b.samplesNs = samplesNs;
    b.tokenNs = tokenNs;
    b.queryTimes = queryTimes;
    b.aggregations = aggregations;
    edit.accept(b);
    return b.build();
  }

  /** The components of a result while it is being changed. */
  private static final class Builder {
    Integer id;
    String benchmark;
    String displayName;
    Status status;
    String error;
    Map<String, Object> params;
    ModelInfo model;
    Phase warmup;
    Phase measurement;
    LatencySummary latencyMs;
    Throughput throughput;
    Throughput throughputTokens;
    GenerationFigures generation;
    LoadFigures load;
    MemoryFigures memory;
    UtilizationFigures utilization;
    EnergyFigures energy;
    AllocationFigures alloc;
    ProfileFigures profile;
    Map<String, Map<String, Object>> probes;
    ForkFigures forks;
    Validity validity;
    GateResult gate;
    long[] samplesNs;
    long[] tokenNs;
    QueryTimes queryTimes;
    Map<String, Map<String, Aggregation>> aggregations;

    ScenarioResult build() {
      return new ScenarioResult(
          id,
          benchmark,
          displayName,
          status,
          error,
          params,
          model,
          warmup,
          measurement,
          latencyMs,
          throughput,
          throughputTokens,
          generation,
          load,
          memory,
          utilization,
          energy,
          alloc,
          profile,
          probes,
          forks,
          validity,
          gate,
          samplesNs,
          tokenNs,
          queryTimes,
          aggregations);
    }
  }
}
