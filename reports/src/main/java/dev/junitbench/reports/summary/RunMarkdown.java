package dev.junitbench.reports.summary;

import dev.junitbench.reports.Markdown;
import dev.junitbench.reports.compare.ComparisonMarkdown;
import dev.junitbench.results.JmhResultFile;
import dev.junitbench.stats.EarlyStopping;
import dev.junitbench.stats.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link RunSummary} as GitHub-flavoured Markdown, in the form of {@code compare}'s pull-request
 * comment: the summary line first, then the verdicts (what regressed, by how much, how sure), then
 * a compact table per benchmark, the long ones folded, the method last. Every name and value from
 * the result files is escaped and cut to a length ({@link Markdown}), so none can become markup, a
 * link, a mention or HTML, nor swell the text past what a comment or step summary holds.
 */
public final class RunMarkdown {

  /** The summary's file name inside a run folder. */
  public static final String FILE = "summary.md";

  /** Characters of a name or value shown; the rest is cut. */
  static final int NAME = 200;

  /** Characters of a reason shown in the list of scenarios not run. */
  static final int REASON = 300;

  /** Characters of the summary line. */
  static final int LINE = 1_000;

  /** Rows a benchmark's table shows unfolded. */
  static final int UNFOLDED = 10;

  /** Scenarios the verdicts list; the rest are counted. */
  static final int CHANGES = 50;

  private RunMarkdown() {}

  /** The summary's Markdown, ended by a newline. */
  public static String render(RunSummary summary) {
    return render(summary, "");
  }

  /**
   * The summary, {@code whereToLook} (Markdown: the regressed scenarios' most grown frames and
   * differential flame graphs, or empty) right after the verdicts.
   */
  public static String render(RunSummary summary, String whereToLook) {
    StringBuilder md = new StringBuilder();
    md.append("**junit-bench:** ").append(Markdown.escape(summary.line(), LINE)).append("\n\n");
    Verdicts verdicts = summary.verdicts();
    if (verdicts != null) {
      verdicts(md, verdicts);
    }
    md.append(whereToLook);
    boolean several = summary.runs().size() > 1;
    boolean marked = false;
    for (BenchmarkTable table : summary.benchmarks()) {
      marked |= table(md, table, several);
    }
    notRun(md, summary.notRun());
    md.append("<sub>")
        .append(summary.runs().size() == 1 ? "Run " : "Runs ")
        .append(
            String.join(
                ", ", summary.runs().stream().map(id -> Markdown.escape(id, NAME)).toList()))
        .append(
            summary.runs().stream().anyMatch(id -> id.startsWith(JmhResultFile.RUN_ID_PREFIX))
                ? ". Median and p99 from the raw samples (of a JMH file: its iterations' scores, or"
                    + " sample mode's sampled operations)"
                : ". Median and p99 from the raw samples")
        .append("; 95% CI of the median from binomial order")
        .append(" statistics, or across forks (Student's t on the log fork medians) where a fork")
        .append(" count is given");
    if (marked) {
      md.append("; \\* fewer samples than a p99 needs (")
          .append(EarlyStopping.minQueries(0.99))
          .append(", early stopping at 99% confidence)");
    }
    md.append('.');
    if (verdicts != null) {
      md.append(" Verdicts against ")
          .append(Markdown.escape(verdicts.baseline(), NAME))
          .append(": ")
          .append(Markdown.escape(verdicts.method()))
          .append('.');
    }
    md.append("</sub>\n");
    return md.toString();
  }

  /** The lead line, the model changes, the scenarios that changed or were not judged. */
  private static void verdicts(StringBuilder md, Verdicts verdicts) {
    Verdicts.Change largest = verdicts.largest();
    md.append(
            ComparisonMarkdown.lead(
                verdicts.line(),
                verdicts.failed(),
                verdicts.counts().unjudged() == 0,
                largest == null
                    ? null
                    : ComparisonMarkdown.largest(
                        Markdown.cut(largest.scenario(), NAME), largest.verdict().comparison())))
        .append("\n\n");
    if (!verdicts.modelChanges().isEmpty()) {
      verdicts
          .modelChanges()
          .forEach(
              change ->
                  md.append("- :warning: ").append(Markdown.escape(change, NAME * 2)).append('\n'));
      md.append('\n');
    }
    List<Verdicts.Change> changes = verdicts.changes();
    if (changes.isEmpty()) {
      return;
    }
    md.append("| Verdict | Scenario | Change | 95% CI |\n|:--|:--|--:|:--|\n");
    for (Verdicts.Change change : changes.subList(0, Math.min(CHANGES, changes.size()))) {
      ScenarioVerdict verdict = change.verdict();
      md.append("| ")
          .append(ComparisonMarkdown.icon(verdict.verdict()))
          .append(Markdown.escape(change.words()))
          .append(change.reason() == null ? "" : " (" + Markdown.escape(change.reason()) + ")")
          .append(verdict.unforked() ? " (unforked)" : "")
          .append(verdict.modelChanged() ? ", model changed" : "")
          .append(" | ")
          .append(Markdown.escape(change.scenario(), NAME))
          .append(" | ")
          .append(verdict.change())
          .append(" | ")
          .append(verdict.interval())
          .append(" |\n");
    }
    if (changes.size() > CHANGES) {
      md.append("\nand ").append(changes.size() - CHANGES).append(" more\n");
    }
    md.append('\n');
  }

  /**
   * A benchmark's heading and table, folded when long; returns whether a p99 is marked as not
   * supported.
   */
  private static boolean table(StringBuilder md, BenchmarkTable table, boolean several) {
    md.append("#### ").append(Markdown.escape(table.name(), NAME));
    if (!table.shared().isEmpty()) {
      md.append(" (").append(Markdown.escape(table.shared(), NAME)).append(')');
    }
    md.append("\n\n");
    boolean verdicts = table.rows().stream().anyMatch(row -> !row.verdict().text().isEmpty());
    boolean notes = table.rows().stream().anyMatch(row -> note(row) != null);
    List<String> header = new ArrayList<>();
    List<String> align = new ArrayList<>();
    if (several) {
      header.add("Run");
      align.add(":--");
    }
    header.addAll(List.of("Scenario", "Median", "95% CI", "p99", "Throughput"));
    align.addAll(List.of(":--", "--:", "--:", "--:", "--:"));
    if (verdicts) {
      header.add("Verdict");
      align.add(":--");
    }
    if (notes) {
      header.add("Note");
      align.add(":--");
    }
    boolean folded = table.rows().size() > UNFOLDED;
    if (folded) {
      md.append("<details><summary>")
          .append(table.rows().size())
          .append(" scenarios</summary>\n\n");
    }
    md.append("| ").append(String.join(" | ", header)).append(" |\n");
    md.append('|').append(String.join("|", align)).append("|\n");
    boolean marked = false;
    for (BenchmarkTable.Row row : table.rows()) {
      List<String> cells = new ArrayList<>();
      if (several) {
        cells.add(Markdown.escape(row.run(), NAME));
      }
      cells.add(row.scenario().isEmpty() ? "-" : Markdown.escape(row.scenario(), NAME));
      cells.add(row.median());
      cells.add(
          row.ci().isEmpty()
              ? "-"
              : row.ci() + (row.forks().isEmpty() ? "" : ", " + row.forks() + " forks"));
      cells.add(row.p99() + (row.p99Note() == null ? "" : " \\*"));
      marked |= row.p99Note() != null;
      cells.add(row.throughput().isEmpty() ? "-" : row.throughput());
      if (verdicts) {
        ScenarioVerdict verdict = row.verdict();
        cells.add(verdict.text().isEmpty() ? "-" : icon(verdict) + verdict.text());
      }
      if (notes) {
        String note = note(row);
        cells.add(note == null ? "-" : Markdown.escape(note, NAME));
      }
      md.append("| ").append(String.join(" | ", cells)).append(" |\n");
    }
    md.append(folded ? "\n</details>\n\n" : "\n");
    return marked;
  }

  /** A list of the scenarios not run by status and reason, folded. */
  private static void notRun(StringBuilder md, List<NotRun> notRun) {
    if (notRun.isEmpty()) {
      return;
    }
    int count = notRun.stream().mapToInt(NotRun::count).sum();
    md.append("<details><summary>").append(count).append(" not run</summary>\n\n");
    for (NotRun group : notRun) {
      md.append("- ")
          .append(group.count())
          .append(' ')
          .append(Markdown.escape(group.status()))
          .append(": ")
          .append(Markdown.escape(group.reason(), REASON))
          .append('\n');
    }
    md.append("\n</details>\n\n");
  }

  private static String icon(ScenarioVerdict verdict) {
    return verdict.overBudget()
        ? ComparisonMarkdown.icon(Verdict.REGRESSED)
        : ComparisonMarkdown.icon(verdict.verdict());
  }

  /**
   * What a row's note says: its status when it did not pass, what it is told of its validity unless
   * that is only the p99's note (which its mark and the footnote say); null for nothing.
   */
  private static String note(BenchmarkTable.Row row) {
    List<String> note = new ArrayList<>();
    if (!row.status().equals("passed")) {
      note.add(row.status());
    }
    if (row.validity() != null && !row.validity().equals(row.p99Note())) {
      note.add(row.validity());
    }
    return note.isEmpty() ? null : String.join("; ", note);
  }
}
