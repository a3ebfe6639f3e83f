package dev.junitbench.engine;

import dev.junitbench.config.StopRule;
import dev.junitbench.gate.BaselineMatching;
import dev.junitbench.gate.Gate;
import dev.junitbench.generation.GenerationPlan;
import dev.junitbench.infra.LoadPoint;
import dev.junitbench.infra.Scenario;
import dev.junitbench.load.LoadPlan;
import dev.junitbench.model.binding.ModelBinding;
import dev.junitbench.profile.ProfileKind;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.stats.ForkStatistics;
import dev.junitbench.stats.ForkStopRule;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one benchmark method runs, as plain data: its warm-up and measurement rules, its scenarios,
 * its model (null without one), budget (null without one), forking, generation (null when it does
 * not generate), load settings (null without {@code @Load}) and the profile its annotation asks for
 * (null without {@code @Profile}).
 */
public record BenchmarkPlan(
    String benchmark,
    StopRule warmup,
    StopRule measurement,
    List<Scenario> scenarios,
    ModelBinding model,
    Gate.BudgetLimits budget,
    Forking forking,
    GenerationPlan generation,
    LoadPlan load,
    ProfileKind profile) {

  /**
   * How the benchmark's scenarios are forked: {@code count} child JVMs each (0: measured in the
   * JUnit JVM), with {@code jvmArgs} appended to the JUnit JVM's options; {@code configured} when
   * the count was set ({@code @Fork} or {@code junit.bench.forks}), else it is the default. With
   * {@code until}, forks run until the answer is known and {@code count} is its most forks; null
   * for a fixed count.
   */
  public record Forking(int count, List<String> jvmArgs, boolean configured, ForkStopRule until) {

    /** A fixed count of forks. */
    public Forking(int count, List<String> jvmArgs, boolean configured) {
      this(count, jvmArgs, configured, null);
    }
  }

  /**
   * The JVMs that measure a scenario: {@code forks} fresh ones (0: only this one), and, with {@code
   * hereToo}, this JVM as well, first: a baseline measured in one JVM (an ordinary run) is judged
   * against this JVM's measurement, made alike, with the forks' spread. With {@code until}, the
   * forks run until the answer is known, {@code forks} at most; null for exactly {@code forks}.
   */
  public record Jvms(int forks, boolean hereToo, ForkStopRule until) {
    /** Measured here only. */
    public static final Jvms HERE = new Jvms(0, false);

    /** Exactly {@code forks} fresh JVMs. */
    public Jvms(int forks, boolean hereToo) {
      this(forks, hereToo, null);
    }
  }

  /**
   * The params a scenario's result carries, its key across runs: its dimensions and, for a model,
   * the backend's spelling of them (a provider written "CUDA" is recorded "cuda").
   */
  public Map<String, Object> resultParams(Scenario scenario) {
    if (model == null) {
      return scenario.parameters();
    }
    Map<String, Object> withBackend = new LinkedHashMap<>(scenario.parameters());
    withBackend.putAll(model.resultParams(scenario));
    return withBackend;
  }

  /** What identifies {@code scenario} across runs: benchmark and result params. */
  public ScenarioKey key(Scenario scenario) {
    return ScenarioKey.of(benchmark, resultParams(scenario));
  }

  /**
   * How {@code scenario} is measured: the configured fork count or rule ({@code @Fork}, {@code
   * junit.bench.forks}), else with a baseline adaptive forks from the default count against the
   * JVMs that measured its baseline scenario, else here only; in 2 forks or more against a baseline
   * scenario measured unforked, in its suite's JVM, here too, first. A scenario of Offline, Server
   * or Concurrency is always measured here only: its workers share this JVM.
   */
  public Jvms jvms(Scenario scenario, BaselineMatching baseline) {
    if (scenario.load().map(LoadPoint::pooled).orElse(false)) {
      return Jvms.HERE;
    }
    if (baseline == null) {
      return forking.configured() ? new Jvms(forking.count(), false, forking.until()) : Jvms.HERE;
    }
    ScenarioKey key = key(scenario);
    ForkStopRule until =
        forking.configured() ? forking.until() : baseline.forksFor(key).orElse(null);
    int forks = until != null ? until.max() : forking.configured() ? forking.count() : 0;
    if (!forking.configured() && until != null && until.min() == until.max()) {
      // Against a baseline of one or two JVMs the calibrated count is already the most: nothing to
      // decide, so a fixed count, and its interval uncorrected.
      until = null;
    }
    int fewest = until != null ? until.min() : forks;
    // Forks enough for a spread, against a baseline measured unforked in its suite's JVM: here too,
    // alike to it.
    return new Jvms(
        forks,
        fewest >= ForkStatistics.MIN_FORKS && baseline.baseline().measuredInItsJunitJvm(key),
        until);
  }
}
