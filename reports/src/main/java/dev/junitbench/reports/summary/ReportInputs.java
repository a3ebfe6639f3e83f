package dev.junitbench.reports.summary;

import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.Runs;
import dev.junitbench.reports.compare.RunComparison;
import dev.junitbench.reports.runset.RunSet;
import dev.junitbench.results.RunFolder;
import dev.junitbench.stats.RegressionRule;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a report of runs is made of, read once for every form it takes (the HTML page, the Markdown
 * summary).
 *
 * @param folders the runs, in order
 * @param baseline a comparison of the first run with a baseline ({@code report --baseline}), or
 *     null
 * @param hosts each run's host label when they are a run set's members, else null
 */
public record ReportInputs(List<RunFolder> folders, RunComparison baseline, List<String> hosts) {

  /**
   * The runs at {@code runs} (run folders or their results.json); with {@code baseline}, the first
   * compared with it, judged by {@code rule}.
   */
  public static ReportInputs read(List<Path> runs, Path baseline, RegressionRule rule)
      throws BadInputException {
    List<RunFolder> folders = new ArrayList<>();
    for (Path run : runs) {
      folders.add(Runs.read(run));
    }
    RunComparison comparison =
        baseline == null ? null : RunComparison.of(Runs.read(baseline), folders.get(0), rule);
    return new ReportInputs(List.copyOf(folders), comparison, null);
  }

  /** The members of the run set at {@code dir}, each labelled by its host. */
  public static ReportInputs readRunSet(Path dir) throws BadInputException {
    RunSet set = RunSet.read(dir);
    List<RunFolder> folders = new ArrayList<>();
    List<String> hosts = new ArrayList<>();
    for (RunSet.Member member : set.members()) {
      folders.add(Runs.read(RunSet.folderOf(dir, member)));
      hosts.add(member.label());
    }
    return new ReportInputs(List.copyOf(folders), null, List.copyOf(hosts));
  }
}
