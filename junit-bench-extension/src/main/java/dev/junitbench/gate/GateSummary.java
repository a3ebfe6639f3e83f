package dev.junitbench.gate;

import dev.junitbench.results.BaselineCheck;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.JvmRuns;
import dev.junitbench.stats.Verdict;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The gate's account of a whole run against its baseline, one line at the end of the run: how many
 * scenarios were judged and how, and every one that was not, with why, so a gate that judged little
 * says so instead of passing quietly.
 */
public final class GateSummary {

  private GateSummary() {}

  /**
   * {@code junit-bench gate: 40 of 63 scenarios judged against FILE (1 regressed, 39 unchanged);
   * NOT JUDGED: 23 (20 not in the baseline, 3 JVMs bimodal); allocation: 38 judged (1 regressed, 37
   * unchanged), NOT JUDGED: 2 (no figure); 4 baseline scenarios not run}; it begins {@code NOT
   * JUDGED} when none was judged.
   *
   * @param results the run's results
   * @param baselineKeys every scenario of the baseline
   * @param baselineFile the baseline's results.json
   */
  public static String line(
      List<ScenarioResult> results, Collection<ScenarioKey> baselineKeys, String baselineFile) {
    Map<String, Integer> verdicts = new LinkedHashMap<>();
    for (Verdict verdict : Verdict.values()) {
      verdicts.put(verdict.words(), 0);
    }
    Map<String, Integer> notJudged = new LinkedHashMap<>();
    Map<String, Integer> allocation = new LinkedHashMap<>();
    int allocationMissing = 0;
    Set<ScenarioKey> run = new HashSet<>();
    int judged = 0;
    for (ScenarioResult result : results) {
      run.add(result.key());
      BaselineCheck check = result.gate() == null ? null : result.gate().baseline();
      if (check != null && check.allocation() != null) {
        if (check.allocation().judged()) {
          allocation.merge(check.allocation().verdict().words(), 1, Integer::sum);
        } else {
          allocationMissing++;
        }
      }
      if (check != null && check.judged()) {
        judged++;
        verdicts.merge(check.comparison().verdict().words(), 1, Integer::sum);
      } else {
        notJudged.merge(why(result, check), 1, Integer::sum);
      }
    }
    long notRun = baselineKeys.stream().filter(key -> !run.contains(key)).count();
    int missed = results.size() - judged;
    StringBuilder line =
        new StringBuilder(
                judged == 0
                    ? "NOT JUDGED: junit-bench gate: 0 of "
                    : "junit-bench gate: " + judged + " of ")
            .append(results.size())
            .append(results.size() == 1 ? " scenario" : " scenarios")
            .append(" judged against ")
            .append(baselineFile);
    verdicts.values().removeIf(count -> count == 0);
    if (!verdicts.isEmpty()) {
      line.append(" (").append(counts(verdicts)).append(')');
    }
    if (missed > 0) {
      line.append("; NOT JUDGED: ")
          .append(missed)
          .append(" (")
          .append(counts(notJudged))
          .append(')');
    }
    if (!allocation.isEmpty() || allocationMissing > 0) {
      int allocationJudged = allocation.values().stream().mapToInt(Integer::intValue).sum();
      line.append("; allocation: ").append(allocationJudged).append(" judged");
      if (!allocation.isEmpty()) {
        line.append(" (").append(counts(allocation)).append(')');
      }
      if (allocationMissing > 0) {
        line.append(", NOT JUDGED: ").append(allocationMissing).append(" (no figure)");
      }
    }
    if (notRun > 0) {
      line.append("; ")
          .append(notRun)
          .append(notRun == 1 ? " baseline scenario" : " baseline scenarios")
          .append(" not run");
    }
    return line.toString();
  }

  private static String why(ScenarioResult result, BaselineCheck check) {
    if (result.latencyMs() == null) {
      return "not measured here";
    }
    if (check == null) {
      return "not compared";
    }
    if (check.comparison() != null && check.comparison().verdict() == Verdict.NOT_JUDGED) {
      return JvmRuns.notJudgedKind(check.comparison().note());
    }
    return check.note() != null && check.note().contains("not in the baseline")
        ? "not in the baseline"
        : "not measured in the baseline";
  }

  private static String counts(Map<String, Integer> counts) {
    StringBuilder text = new StringBuilder();
    counts.forEach(
        (what, count) ->
            text.append(text.length() == 0 ? "" : ", ").append(count).append(' ').append(what));
    return text.toString();
  }
}
