package dev.junitbench.gate;

import dev.junitbench.config.BaselineMatch;
import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.config.Defaults;
import dev.junitbench.internal.NearestScenario;
import dev.junitbench.results.ScenarioKey;
import java.util.Collection;
import java.util.List;

/**
 * A run's scenarios matched with its baseline once, before the first is measured: a run none of
 * whose scenarios the baseline has is refused then (it would judge nothing), an unmatched scenario
 * is told its nearest baseline scenario, and a matched one how many JVMs to fork when the run sets
 * no fork count ({@link Defaults#forksAgainstBaseline}).
 */
public final class BaselineMatching {

  private final Baseline baseline;
  private final BaselineMatch mode;

  private BaselineMatching(Baseline baseline, BaselineMatch mode) {
    this.baseline = baseline;
    this.mode = mode;
  }

  /**
   * Matches the scenarios a run plans ({@code planned}, benchmark and params each) with {@code
   * baseline}.
   *
   * @throws BenchmarkConfigurationException when the run plans scenarios and none is in the
   *     baseline with figures, naming the baseline file and, per scenario, its nearest baseline
   *     scenario and the params that differ
   */
  public static BaselineMatching of(
      Baseline baseline, Collection<ScenarioKey> planned, BaselineMatch mode) {
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
              + NearestScenario.whyNoneMatch(baseline.keys(), List.copyOf(planned)));
    }
    return new BaselineMatching(baseline, mode);
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
   * The forks a scenario takes when the run sets no fork count: the default against the JVMs its
   * baseline scenario was measured in, 0 when the baseline did not measure it (nothing to judge).
   */
  public int forksFor(ScenarioKey key) {
    int jvms = baseline.jvms(key);
    return jvms == 0 ? 0 : Defaults.forksAgainstBaseline(jvms);
  }

  /** Why {@code key} is not in the baseline: its nearest baseline scenario and what differs. */
  public String unmatched(ScenarioKey key) {
    return NearestScenario.explain(baseline.keys(), key);
  }
}
