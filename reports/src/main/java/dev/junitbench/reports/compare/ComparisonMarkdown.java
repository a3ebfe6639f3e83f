package dev.junitbench.reports.compare;

import dev.junitbench.reports.Markdown;
import dev.junitbench.reports.ScenarioNames;
import dev.junitbench.results.JmhResultFile;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.stats.AllocationComparison;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.Verdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A comparison as a pull-request comment, as Bencher and CodSpeed write theirs: one line first
 * (what regressed, by how much, how sure), then the regressions and improvements in a table, the
 * unchanged ones folded away, the method last. Every name and value from the result files is
 * escaped, so none can become markup, a link, a mention or HTML.
 */
public final class ComparisonMarkdown {

  private static final String HEADER =
      "| Verdict | Scenario | Baseline | Current | Change | 95% CI | p | Throughput |\n"
          + "|:--|:--|--:|--:|--:|:--|--:|--:|\n";

  private ComparisonMarkdown() {}

  /** The comment's Markdown. */
  public static String render(RunComparison comparison) {
    return render(comparison, RegressionProfiles.none());
  }

  /** The comment, with where to look first in the regressed scenarios' {@code profiles}. */
  public static String render(RunComparison comparison, RegressionProfiles profiles) {
    ScenarioNames names =
        ScenarioNames.of(comparison.rows().stream().map(RunComparison.Row::named).toList());
    StringBuilder md = new StringBuilder();
    md.append(lead(comparison, names)).append("\n\n");
    modelChanges(md, comparison.rows(), names);
    warmups(md, comparison, names);
    if (comparison.pooled()) {
      md.append("Baseline ")
          .append(rounds(comparison.baselineRounds()))
          .append(" → current ")
          .append(rounds(comparison.currentRounds()))
          .append("\n\n");
    } else {
      md.append("Baseline ")
          .append(run(comparison.baseline()))
          .append(" → current ")
          .append(run(comparison.current()))
          .append("\n\n");
    }
    List<RunComparison.Row> changed = new ArrayList<>();
    List<RunComparison.Row> unchanged = new ArrayList<>();
    List<RunComparison.Row> others = new ArrayList<>();
    for (RunComparison.Row row : comparison.rows()) {
      if (row.kind() != RunComparison.Kind.COMPARED) {
        others.add(row);
      } else if (row.verdict() == Verdict.UNCHANGED
          && AllocationChange.verdictSuffix(comparison.allocation(row)) == null) {
        unchanged.add(row);
      } else {
        changed.add(row);
      }
    }
    if (!changed.isEmpty()) {
      table(md, changed, names, comparison);
      md.append('\n');
      md.append(RegressionProfileText.markdown(changed, profiles, names));
    }
    if (!unchanged.isEmpty()) {
      md.append("<details><summary>").append(unchanged.size()).append(" unchanged</summary>\n\n");
      table(md, unchanged, names, comparison);
      md.append("\n</details>\n\n");
    }
    if (!others.isEmpty()) {
      md.append("<details><summary>")
          .append(others.size())
          .append(" not compared (added, removed or not passed)")
          .append("</summary>\n\n");
      table(md, others, names, comparison);
      md.append("\n</details>\n\n");
    }
    List<String> sequential = SequentialCompare.lines(comparison);
    if (!sequential.isEmpty()) {
      md.append("<details><summary>Sequential rounds: where each scenario settled</summary>\n\n");
      sequential.forEach(line -> md.append("- ").append(Markdown.escape(line)).append('\n'));
      md.append("\n</details>\n\n");
    }
    md.append("<sub>").append(Markdown.escape(comparison.method())).append("</sub>\n");
    return md.toString();
  }

  /**
   * {@code **2 regressed**, 1 improved, 40 unchanged: the largest, X.y [b=8], +12.9% (95% CI ...),
   * p = ...}.
   */
  private static String lead(RunComparison comparison, ScenarioNames names) {
    RunComparison.Row worst =
        comparison.rows().stream()
            .filter(r -> r.verdict() == Verdict.REGRESSED)
            .max(Comparator.comparingDouble(r -> r.latency().ratio()))
            .orElse(null);
    String largest = worst == null ? null : largest(names.label(worst.named()), worst.latency());
    if (largest == null) {
      // Only allocation regressed: the line leads with it, and names the largest growth.
      largest =
          comparison.rows().stream()
              .filter(r -> comparison.allocation(r) != null && comparison.allocation(r).regressed())
              .max(Comparator.comparingDouble(r -> comparison.allocation(r).differenceBytes()))
              .map(
                  r ->
                      Markdown.escape(names.label(r.named()))
                          + ", allocates "
                          + Markdown.escape(comparison.allocation(r).figures())
                          + " (rule: "
                          + Markdown.escape(comparison.allocationRule().describe())
                          + ")")
              .orElse(null);
    }
    boolean allocationJudged =
        !AllocationChange.shown(comparison)
            || comparison.rows().stream()
                .map(comparison::allocation)
                .noneMatch(a -> a != null && !a.judged());
    return lead(
        comparison.summaryLine(),
        comparison.regressed(),
        comparison.counts().unjudged() == 0 && allocationJudged,
        largest);
  }

  /**
   * The line a comment leads with: {@code summary} (a {@link RunComparison#summaryLine()}) behind
   * an icon, its first count in bold, then {@code largest} ({@link #largest}) when something
   * regressed; all clear only when nothing {@code failed} and every scenario was judged ({@code
   * allJudged}).
   */
  public static String lead(String summary, boolean failed, boolean allJudged, String largest) {
    if (largest == null) {
      // All clear only when every scenario was judged and none got slower.
      boolean clear = !failed && allJudged;
      return (clear ? ":white_check_mark: " : failed ? ":red_circle: " : ":warning: ")
          + "**"
          + summary
          + "**";
    }
    int comma = summary.indexOf(',');
    return ":red_circle: **"
        + summary.substring(0, comma)
        + "**"
        + summary.substring(comma)
        + ": the largest, "
        + largest;
  }

  /**
   * {@code X.y [b=8], is +12.9% slower (95% CI +10.1% to +14.6%, p = 3.2e-12)}: the largest
   * regression, its scenario's {@code label} escaped.
   */
  public static String largest(String label, Comparison latency) {
    return Markdown.escape(label)
        + ", is "
        + ChangeText.change(latency.ratio())
        + " slower (95% CI "
        + ChangeText.interval(latency).replace("[", "").replace("]", "").replace(", ", " to ")
        + ", "
        + (latency.pValue() == null ? "no test" : UnitFormat.pIs(latency.pValue()))
        + ")";
  }

  /**
   * One item per model change, by benchmark, before any figure: they compare two different models.
   */
  private static void modelChanges(
      StringBuilder md, List<RunComparison.Row> rows, ScenarioNames names) {
    Map<String, List<RunComparison.Row>> byBenchmark = new LinkedHashMap<>();
    rows.forEach(
        row -> byBenchmark.computeIfAbsent(row.key().benchmark(), k -> new ArrayList<>()).add(row));
    StringBuilder items = new StringBuilder();
    byBenchmark.forEach(
        (benchmark, ofBenchmark) ->
            ChangeText.modelChanges(ofBenchmark)
                .forEach(
                    (change, changed) ->
                        items
                            .append("- :warning: ")
                            .append(
                                Markdown.escape(
                                    UnitFormat.shortName(benchmark)
                                        + ": "
                                        + ChangeText.applied(change, changed, ofBenchmark, names)))
                            .append('\n')));
    if (!items.isEmpty()) {
      md.append(items).append('\n');
    }
  }

  /**
   * One item per scenario whose warm-up was not steady on either side, before any figure: its
   * figures may be the warm-up's; then, folded, one per scenario NOT JUDGED: why, and what would
   * judge it.
   */
  private static void warmups(StringBuilder md, RunComparison comparison, ScenarioNames names) {
    StringBuilder items = new StringBuilder();
    StringBuilder unjudged = new StringBuilder();
    int count = 0;
    for (RunComparison.Row row : comparison.rows()) {
      String notJudged = ComparisonText.notJudged(comparison, row);
      if (!notJudged.isEmpty()) {
        count++;
        unjudged
            .append("- ")
            .append(Markdown.escape(names.label(row.named()) + ": " + notJudged))
            .append('\n');
      }
      String note = WarmupNote.of(comparison, row);
      if (note != null) {
        items
            .append("- :warning: ")
            .append(Markdown.escape(names.label(row.named()) + ": " + note))
            .append('\n');
      }
    }
    if (!items.isEmpty()) {
      md.append(items).append('\n');
    }
    if (count > 0) {
      md.append("<details><summary>")
          .append(count)
          .append(" NOT JUDGED: why</summary>\n\n")
          .append(unjudged)
          .append("\n</details>\n\n");
    }
  }

  private static void table(
      StringBuilder md,
      List<RunComparison.Row> rows,
      ScenarioNames names,
      RunComparison comparison) {
    boolean allocation = AllocationChange.shown(comparison);
    md.append(
        allocation
            ? HEADER
                .replace("Throughput |\n", "Throughput | Allocation/op |\n")
                .replace("--:|\n", "--:|--:|\n")
            : HEADER);
    for (RunComparison.Row row : rows) {
      AllocationComparison moved = comparison.allocation(row);
      // A scenario regressed in allocation alone is marked as a regression too.
      Verdict marked = moved != null && moved.regressed() ? Verdict.REGRESSED : row.verdict();
      md.append("| ")
          .append(icon(marked))
          .append(Markdown.escape(ComparisonText.verdict(comparison, row)))
          .append(row.modelChange() == null ? "" : ", model changed")
          .append(" | ")
          .append(Markdown.escape(names.label(row.named())))
          .append(" | ")
          .append(ChangeText.median(row, true))
          .append(" | ")
          .append(ChangeText.median(row, false));
      if (row.latency() == null) {
        md.append(" | | | | |");
      } else {
        md.append(" | ")
            .append(ChangeText.change(row.latency().ratio()))
            .append(" | ")
            .append(ChangeText.interval(row.latency()))
            .append(" | ")
            .append(ChangeText.p(row.latency()))
            .append(" | ")
            .append(ChangeText.change(row.throughputRatio()))
            .append(" |");
      }
      if (allocation) {
        md.append(' ').append(Markdown.escape(AllocationChange.cell(moved))).append(" |");
      }
      md.append('\n');
    }
  }

  /**
   * {@code :red_circle: } before a regression, {@code :green_circle: } an improvement, else none.
   */
  public static String icon(Verdict verdict) {
    if (verdict == Verdict.REGRESSED) {
      return ":red_circle: ";
    }
    return verdict == Verdict.IMPROVED ? ":green_circle: " : "";
  }

  /**
   * {@code 2 rounds pooled (commit 1a2b3c4d5e, CPU)}, or a single run's text for a side given as
   * one run.
   */
  private static String rounds(Rounds rounds) {
    if (rounds.folder() == null) {
      return run(rounds.latest()) + ", 1 round";
    }
    RunFolder latest = rounds.latest();
    List<String> parts = new ArrayList<>();
    if (Rounds.commit(latest) != null) {
      parts.add("commit " + Markdown.escape(Rounds.abbreviated(Rounds.commit(latest))));
    }
    if (latest.run().host() != null && latest.run().host().cpuModel() != null) {
      parts.add(Markdown.escape(latest.run().host().cpuModel()));
    }
    String jmh = JmhResultFile.describe(latest.run());
    if (jmh != null) {
      parts.add(0, jmh + "s");
    } else if (!rounds.hasSamples()) {
      parts.add("a round without samples.csv");
    }
    String text = rounds.count() + " pooled";
    return parts.isEmpty() ? text : text + " (" + String.join(", ", parts) + ")";
  }

  private static String run(RunFolder run) {
    StringBuilder text = new StringBuilder(Markdown.escape(run.run().id()));
    List<String> parts = new ArrayList<>();
    String jmh = JmhResultFile.describe(run.run());
    if (jmh != null) {
      parts.add(jmh);
    }
    if (run.run().git() != null && run.run().git().commit() != null) {
      parts.add(
          "commit "
              + Markdown.escape(
                  run.run()
                      .git()
                      .commit()
                      .substring(0, Math.min(10, run.run().git().commit().length()))));
    }
    if (run.run().host() != null && run.run().host().cpuModel() != null) {
      parts.add(Markdown.escape(run.run().host().cpuModel()));
    }
    if (!run.hasSamples() && jmh == null) {
      parts.add("no samples.csv");
    }
    return parts.isEmpty()
        ? text.toString()
        : text.append(" (").append(String.join(", ", parts)).append(')').toString();
  }
}
