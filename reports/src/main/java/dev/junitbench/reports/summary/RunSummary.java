package dev.junitbench.reports.summary;

import dev.junitbench.reports.compare.RunComparison;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's answer, computed once from what a report is made of (run folders, and a baseline
 * comparison or the verdicts the gate recorded): what the run is in one sentence, what its baseline
 * says, and a compact table per benchmark. The HTML report shows it first; {@link RunMarkdown}
 * writes it for a pull request or a CI step summary.
 *
 * @param line {@code 3 benchmarks, 63 scenarios measured, 57 not run (57 aborted: no CUDA device),
 *     on host ci-1 (2 cores), 4 min 32 s}
 * @param runs the runs' ids, in order
 * @param notRun the scenarios that ended without figures, by status and reason
 * @param verdicts what the baseline says: of the {@code --baseline} comparison, else the verdicts
 *     the gate recorded; null when the run has neither
 * @param benchmarks a table per benchmark of its measured scenarios, in the order they ran
 */
public record RunSummary(
    String line,
    List<String> runs,
    List<NotRun> notRun,
    Verdicts verdicts,
    List<BenchmarkTable> benchmarks) {

  /** The summary of what a report was made of. */
  public static RunSummary of(ReportInputs inputs) {
    return of(inputs.folders(), inputs.baseline(), inputs.hosts());
  }

  /** The summary of one run or several; {@code baseline} a comparison of the first run, or null. */
  public static RunSummary of(List<RunFolder> folders, RunComparison baseline) {
    return of(folders, baseline, null);
  }

  /**
   * The same; {@code hosts} the host label of each run when they are a run set's members (rows are
   * labelled by it), else null.
   *
   * @throws IllegalArgumentException without a run
   */
  public static RunSummary of(List<RunFolder> folders, RunComparison baseline, List<String> hosts) {
    if (folders.isEmpty()) {
      throw new IllegalArgumentException("a summary needs a run");
    }
    List<ScenarioResult> all = new ArrayList<>();
    folders.forEach(folder -> all.addAll(folder.results()));
    List<String> labels = new ArrayList<>();
    for (int i = 0; i < folders.size(); i++) {
      labels.add(hosts != null ? hosts.get(i) : folders.size() > 1 ? "run " + (i + 1) : "");
    }
    Map<ScenarioKey, RunComparison.Row> deltas = new LinkedHashMap<>();
    if (baseline != null) {
      baseline.rows().forEach(row -> deltas.put(row.key(), row));
    }
    List<NotRun> notRun = NotRun.of(all);
    return new RunSummary(
        RunLine.of(folders, notRun),
        folders.stream().map(folder -> folder.run().id()).toList(),
        notRun,
        // A baseline judges the first run, as its charts and table show: the gate's verdicts of the
        // first run, never those of all runs pooled.
        baseline != null ? Verdicts.of(baseline) : Verdicts.recorded(folders.subList(0, 1)),
        BenchmarkTable.of(folders, labels, deltas));
  }

  /** Whether a baseline judged the run. */
  public boolean hasBaseline() {
    return verdicts != null;
  }
}
