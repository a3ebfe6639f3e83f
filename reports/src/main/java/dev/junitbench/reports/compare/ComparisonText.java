package dev.junitbench.reports.compare;

import dev.junitbench.internal.TextTable;
import dev.junitbench.reports.ScenarioNames;
import dev.junitbench.results.JmhResultFile;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.stats.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A comparison for the terminal, within 120 columns: the summary line, the two runs, the method,
 * then per benchmark (those with a regression first) a table of its scenarios.
 */
public final class ComparisonText {

  /** Columns the text fits in. */
  public static final int WIDTH = 120;

  private ComparisonText() {}

  /** The whole text, lines ended by a newline. */
  public static String render(RunComparison comparison) {
    return render(comparison, RegressionProfiles.none());
  }

  /**
   * The whole text, lines ended by a newline; under each benchmark's table, where to look first in
   * its regressed scenarios' {@code profiles}.
   */
  public static String render(RunComparison comparison, RegressionProfiles profiles) {
    List<String> lines = new ArrayList<>();
    lines.add(comparison.summaryLine());
    lines.addAll(
        TextTable.wrap(
            "baseline: "
                + (comparison.pooled()
                    ? describe(comparison.baselineRounds())
                    : describe(comparison.baseline())),
            "",
            "  ",
            WIDTH));
    lines.addAll(
        TextTable.wrap(
            "current:  "
                + (comparison.pooled()
                    ? describe(comparison.currentRounds())
                    : describe(comparison.current())),
            "",
            "  ",
            WIDTH));
    lines.addAll(TextTable.wrap("method: " + comparison.method(), "", "  ", WIDTH));
    List<ScenarioResult> named = comparison.rows().stream().map(RunComparison.Row::named).toList();
    ScenarioNames names = ScenarioNames.of(named);
    Map<String, List<RunComparison.Row>> byBenchmark = comparison.rowsByBenchmark();
    byBenchmark.forEach(
        (benchmark, rows) -> {
          lines.add("");
          lines.add(TextTable.cut(UnitFormat.shortName(benchmark), WIDTH));
          // Before the figures: they compare two different models.
          ChangeText.modelChanges(rows)
              .forEach(
                  (change, changed) ->
                      lines.addAll(
                          TextTable.wrap(
                              ChangeText.applied(change, changed, rows, names),
                              "  ",
                              "    ",
                              WIDTH)));
          List<String> varying = names.varying(benchmark);
          List<String> header = new ArrayList<>(List.of("verdict"));
          header.addAll(varying);
          header.addAll(List.of("baseline", "current", "change", "95% CI", "p", "throughput"));
          boolean allocation = AllocationChange.shown(comparison);
          if (allocation) {
            header.add("allocation/op");
          }
          int columns = header.size();
          boolean[] right = new boolean[columns];
          boolean[] shrink = new boolean[columns];
          for (int i = 1; i < columns; i++) {
            right[i] = true;
            shrink[i] = i <= varying.size();
          }
          TextTable table = new TextTable(header, right, shrink);
          for (RunComparison.Row row : rows) {
            List<String> cells = new ArrayList<>();
            cells.add(verdict(comparison, row));
            ScenarioResult result = row.named();
            varying.forEach(
                name ->
                    cells.add(
                        result.params().containsKey(name)
                            ? String.valueOf(result.params().get(name))
                            : "-"));
            cells.add(ChangeText.median(row, true));
            cells.add(ChangeText.median(row, false));
            if (row.latency() == null) {
              cells.addAll(List.of("-", "-", "-", "-"));
            } else {
              cells.add(ChangeText.change(row.latency().ratio()));
              cells.add(ChangeText.interval(row.latency()));
              cells.add(ChangeText.p(row.latency()));
              cells.add(ChangeText.change(row.throughputRatio()));
            }
            if (allocation) {
              cells.add(AllocationChange.cell(comparison.allocation(row)));
            }
            table.row(cells);
          }
          lines.addAll(table.render("  ", WIDTH));
          // Beside the verdict, why its figures may be the warm-up's, and why there is none.
          for (RunComparison.Row row : rows) {
            for (String note :
                List.of(notJudged(comparison, row), nullToEmpty(WarmupNote.of(comparison, row)))) {
              if (!note.isEmpty()) {
                lines.addAll(
                    TextTable.wrap(names.label(row.named()) + ": " + note, "  ", "    ", WIDTH));
              }
            }
          }
          lines.addAll(RegressionProfileText.text(rows, profiles, names));
        });
    lines.addAll(RegressionProfileText.note(profiles));
    List<String> sequential = SequentialCompare.lines(comparison);
    if (!sequential.isEmpty()) {
      lines.add("");
      lines.add("sequential rounds, per scenario:");
      sequential.forEach(line -> lines.addAll(TextTable.wrap(line, "  ", "    ", WIDTH)));
    }
    return String.join("\n", lines) + "\n";
  }

  /**
   * A table's verdict column: the latency's verdict, the allocation's when it moved, and {@code
   * warm-up not steady} when either side's warm-up did not settle (the note under the table says
   * why).
   */
  static String verdict(RunComparison comparison, RunComparison.Row row) {
    String kind = AllocationChange.kind(comparison, row);
    return WarmupNote.of(comparison, row) == null ? kind : kind + ", " + WarmupNote.VERDICT_SUFFIX;
  }

  /**
   * {@code NOT JUDGED: JVMs bimodal (...) in the baseline ...; keep other work off the machine, or
   * add forks} for a compared row without a verdict: why, and what judges it; else empty.
   */
  static String notJudged(RunComparison comparison, RunComparison.Row row) {
    if (row.kind() != RunComparison.Kind.COMPARED
        || row.verdict() != Verdict.NOT_JUDGED
        || row.latency() == null
        || row.latency().note() == null) {
      return "";
    }
    String note = row.latency().note().replaceFirst("^not judged: ", "");
    return "NOT JUDGED: "
        + note
        + (ComparisonMethod.jmh(comparison) && note.contains("samples on a side")
            ? "; a JMH file's samples here are its iterations: give JMH -i 6 or more, or fork it"
                + " (-f 3)"
            : "");
  }

  private static String nullToEmpty(String text) {
    return text == null ? "" : text;
  }

  /** The verdict of a compared row, or what else happened to the scenario. */
  public static String kind(RunComparison.Row row) {
    return switch (row.kind()) {
      case COMPARED -> row.verdict() == Verdict.NOT_JUDGED ? "NOT JUDGED" : row.verdict().words();
      case ADDED -> "added";
      case REMOVED -> "removed";
      case NOT_PASSED ->
          (row.lost() ? "no longer passes " : "not passed ")
              + "("
              + status(row.before())
              + " -> "
              + status(row.after())
              + ")";
    };
  }

  private static String status(ScenarioResult result) {
    return result == null || result.status() == null ? "-" : result.status().id();
  }

  /**
   * {@code /path/base (2 rounds pooled: run-a, run-b; host h, commit 1a2b3c4d5e)}; a side given as
   * one run folder is described as one run, pooled as one round.
   */
  static String describe(Rounds rounds) {
    if (rounds.folder() == null) {
      return describe(rounds.latest()) + ", pooled as 1 round";
    }
    RunFolder latest = rounds.latest();
    List<String> parts = new ArrayList<>();
    parts.add(Rounds.machine(latest));
    if (Rounds.commit(latest) != null) {
      parts.add(
          "commit "
              + Rounds.abbreviated(Rounds.commit(latest))
              + (Boolean.TRUE.equals(latest.run().git().dirty()) ? " (dirty)" : ""));
    }
    String jmh = JmhResultFile.describe(latest.run());
    if (jmh != null) {
      parts.add(0, jmh + "s");
    } else if (!rounds.hasSamples()) {
      parts.add("a round without samples.csv");
    }
    String names = String.join(", ", rounds.runs().stream().map(run -> run.name()).toList());
    return rounds.folder()
        + " ("
        + rounds.count()
        + " pooled: "
        + names
        + "; "
        + String.join(", ", parts)
        + ")";
  }

  /**
   * {@code /path/results.json (run 20261123-..., host h, commit 1a2b3c4, 2026-11-23T08:00:00Z)}.
   */
  static String describe(RunFolder run) {
    List<String> parts = new ArrayList<>();
    String jmh = JmhResultFile.describe(run.run());
    if (jmh != null) {
      parts.add(jmh);
    }
    parts.add("run " + run.run().id());
    if (run.run().host() != null && run.run().host().name() != null) {
      parts.add("host " + run.run().host().name());
    }
    if (run.run().git() != null && run.run().git().commit() != null) {
      String commit = run.run().git().commit();
      parts.add(
          "commit "
              + commit.substring(0, Math.min(10, commit.length()))
              + (Boolean.TRUE.equals(run.run().git().dirty()) ? " (dirty)" : ""));
    }
    parts.add(run.run().startedAt() + (jmh == null ? "" : " (the file's modification time)"));
    if (!run.hasSamples() && jmh == null) {
      parts.add("no samples.csv");
    }
    return run.resultsFile() + " (" + String.join(", ", parts) + ")";
  }
}
