package dev.junitbench.gate;

import dev.junitbench.config.BaselineMatch;
import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.config.Defaults;
import dev.junitbench.config.ForkSettings;
import dev.junitbench.internal.NearestScenario;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.stats.ForkStopRule;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A run's scenarios matched with its baseline once, before the first is measured: a run none of
 * whose scenarios the baseline has is refused then (it would judge nothing), an unmatched scenario
 * is told its nearest baseline scenario, and a matched one how to fork when the run sets no fork
 * count: from the calibrated count against its baseline's JVMs ({@link
 * Defaults#forksAgainstBaseline}) until the interval across forks is narrow enough ({@link
 * ForkSettings#againstBaseline}).
 */
public final class BaselineMatching {

  private final Baseline baseline;
  private final BaselineMatch mode;
  private final ForkSettings forks;

  private BaselineMatching(Baseline baseline, BaselineMatch mode, ForkSettings forks) {
    this.baseline = baseline;
    this.mode = mode;
    this.forks = forks;
  }

  /**
   * Matches the scenarios a run plans ({@code planned}, benchmark and params each) with {@code
   * baseline}; {@code forks} gives the run's min, max and precision of adaptive forks.
   *
   * @throws BenchmarkConfigurationException when the run plans scenarios and none is in the
   *     baseline with figures, naming the baseline file and, per scenario, its nearest baseline
   *     scenario and the params that differ
   */
  public static BaselineMatching of(
      Baseline baseline, Collection<ScenarioKey> planned, BaselineMatch mode, ForkSettings forks) {
    if (!planned.isEmpty() && planned.stream().noneMatch(key -> baseline.jvms(key) > 0)) {
      throw new BenchmarkConfigurationException(
          "-D"
              + BenchConfig.BASELINE
              + "="
              + baseline.file()
              + ": none of this run's "
              + planned.size()
              + (planned.size() == 1 ? " scenario is" : " scenarios is")
              + " in the baseline, so nothing would be judged; "
              + planned.stream()
                  .map(baseline::severalModes)
                  .filter(Objects::nonNull)
                  .findFirst()
                  .orElseGet(
                      () ->
                          NearestScenario.whyNoneMatch(
                              baseline.matchedKeys(), List.copyOf(planned))));
    }
    return new BaselineMatching(baseline, mode, forks);
  }

  /** The baseline. */
  public Baseline baseline() {
    return baseline;
  }

  /** How strictly the run must match it. */
  public BaselineMatch mode() {
    return mode;
  }

  /**
   * How a scenario forks when the run sets no fork count: from the calibrated count against the
   * JVMs its baseline scenario was measured in until the answer is known; empty when the baseline
   * did not measure it (nothing to judge, so no forks).
   *
   * @throws dev.junitbench.config.BenchmarkConfigurationException when the run's min, max or
   *     precision of adaptive forks do not make a rule with it
   */
  public Optional<ForkStopRule> forksFor(ScenarioKey key) {
    int jvms = baseline.jvms(key);
    return jvms == 0 ? Optional.empty() : Optional.of(forks.againstBaseline(jvms));
  }

  /** Why {@code key} is not in the baseline: its nearest baseline scenario and what differs. */
  public String unmatched(ScenarioKey key) {
    String modes = baseline.severalModes(key);
    return modes != null ? modes : NearestScenario.explain(baseline.matchedKeys(), key);
  }
}
