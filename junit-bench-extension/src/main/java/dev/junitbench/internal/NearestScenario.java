package dev.junitbench.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.junitbench.results.ScenarioKey;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * The scenario of a baseline closest to one it lacks: same benchmark, fewest params that differ (a
 * param one side lacks counts as different), the first of equals in the baseline's order. It says
 * why a scenario went unmatched: {@code sequence_length 256 here, 128 in the baseline}.
 *
 * @param key the baseline's scenario
 * @param differences each param that differs, in name order: {@code sequence_length 256 here, 128
 *     in the baseline}
 * @since 0.1.0
 */
@API(status = INTERNAL, since = "0.1")
public record NearestScenario(ScenarioKey key, List<String> differences) {

  /**
   * The scenario of {@code candidates} (a baseline's) nearest to {@code wanted}, or empty when none
   * has its benchmark.
   */
  public static Optional<NearestScenario> in(
      Collection<ScenarioKey> candidates, ScenarioKey wanted) {
    NearestScenario best = null;
    for (ScenarioKey candidate : candidates) {
      if (!candidate.benchmark().equals(wanted.benchmark())) {
        continue;
      }
      List<String> differences = differences(wanted.params(), candidate.params());
      if (best == null || differences.size() < best.differences().size()) {
        best = new NearestScenario(candidate, differences);
      }
    }
    return Optional.ofNullable(best);
  }

  private static List<String> differences(Map<String, String> here, Map<String, String> there) {
    List<String> differences = new ArrayList<>();
    TreeSet<String> names = new TreeSet<>(here.keySet());
    names.addAll(there.keySet());
    for (String name : names) {
      String now = here.get(name);
      String then = there.get(name);
      if (now == null) {
        differences.add(name + " not here, " + then + " in the baseline");
      } else if (then == null) {
        differences.add(name + " " + now + " here, not in the baseline");
      } else if (!now.equals(then)) {
        differences.add(name + " " + now + " here, " + then + " in the baseline");
      }
    }
    return List.copyOf(differences);
  }

  /**
   * Why {@code wanted} has no match in {@code candidates}, in one phrase: {@code nearest in the
   * baseline [batch_size=1, sequence_length=128] (sequence_length 256 here, 128 in the baseline)},
   * or that the baseline has no scenario of its benchmark.
   */
  public static String explain(Collection<ScenarioKey> candidates, ScenarioKey wanted) {
    return in(candidates, wanted)
        .map(NearestScenario::describe)
        .orElse("the baseline has no scenario of " + wanted.benchmark());
  }

  /** Most unmatched scenarios {@link #whyNoneMatch} lists one by one. */
  static final int MAX_LISTED = 10;

  /**
   * Why none of {@code current} is among {@code baseline}'s scenarios, one line per scenario (at
   * most {@value #MAX_LISTED}, then how many more), each naming its nearest baseline scenario and
   * the params that differ; or, when the baseline has none of the benchmarks, which benchmarks it
   * has.
   */
  public static String whyNoneMatch(
      Collection<ScenarioKey> baseline, Collection<ScenarioKey> current) {
    Set<String> ours = new LinkedHashSet<>();
    current.forEach(key -> ours.add(key.benchmark()));
    Set<String> theirs = new LinkedHashSet<>();
    baseline.forEach(key -> theirs.add(key.benchmark()));
    if (Collections.disjoint(ours, theirs)) {
      return "the baseline holds none of this run's benchmarks ("
          + listed(ours)
          + "); it measured "
          + listed(theirs)
          + ": give the baseline of these benchmarks";
    }
    StringBuilder lines = new StringBuilder();
    int listed = 0;
    for (ScenarioKey key : current) {
      if (listed == MAX_LISTED) {
        lines.append("\n  ... and ").append(current.size() - MAX_LISTED).append(" more");
        break;
      }
      lines
          .append("\n  ")
          .append(key.benchmark())
          .append(' ')
          .append(params(key))
          .append(": ")
          .append(explain(baseline, key));
      listed++;
    }
    return "scenarios match on benchmark and params:"
        + lines
        + "\n  measure the baseline's scenarios (same params), or make a new baseline from this code";
  }

  private static String listed(Set<String> benchmarks) {
    List<String> names = new ArrayList<>(benchmarks);
    return names.size() <= 3
        ? String.join(", ", names)
        : String.join(", ", names.subList(0, 3)) + " and " + (names.size() - 3) + " more";
  }

  /**
   * {@code nearest in the baseline [batch_size=1, sequence_length=128] (sequence_length 256 here,
   * 128 in the baseline)}.
   */
  public String describe() {
    return "nearest in the baseline " + params(key) + " (" + String.join("; ", differences) + ")";
  }

  /** A scenario's params as {@code [batch_size=1, sequence_length=128]}, in name order. */
  public static String params(ScenarioKey key) {
    List<String> pairs = new ArrayList<>();
    key.params().forEach((name, value) -> pairs.add(name + "=" + value));
    return "[" + String.join(", ", pairs) + "]";
  }
}
