package dev.junitbench.output;

import dev.junitbench.config.Defaults;
import dev.junitbench.internal.ModelChange;
import dev.junitbench.internal.TextTable;
import dev.junitbench.results.BaselineCheck;
import dev.junitbench.results.ForkFigures;
import dev.junitbench.results.GateResult;
import dev.junitbench.results.GenerationFigures;
import dev.junitbench.results.LoadFigures;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.stats.EarlyStopping;
import dev.junitbench.stats.JvmRuns;
import dev.junitbench.stats.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The summary printed at the end of a run, like JMH's, within {@link Defaults#CONSOLE_WIDTH}
 * columns: per benchmark a title with the params its scenarios share, then one row per scenario
 * that ran with only the params that vary, its median, the median's 95% confidence interval, p99
 * (marked {@code *}, and the mark explained below the table, when from fewer samples than early
 * stopping supports), throughput, peak resident memory, Java heap allocated per call and, when
 * gated or failed, the status and verdict; a note below the tables says that alloc/op counts the
 * Java heap only. Scenarios that did not run (aborted, skipped) are counted per reason below the
 * tables, one line each, then the {@link ValiditySummary}.
 */
public final class ConsoleTable {

  private static final String[] FIGURES = {
    "median", "95% CI", "p99", "samples/s", "peak RSS", "alloc/op"
  };
  private static final String INDENT = "  ";

  /** What the {@code alloc/op} column counts, and what it does not. */
  static final String ALLOCATION_NOTE =
      "alloc/op: Java heap the measuring threads allocate per call; ONNX Runtime and DJL tensors"
          + " live off-heap (see peak RSS)";

  private ConsoleTable() {}

  /**
   * The tables and the summary of {@code results}, one line per row, each line at most 120 columns.
   */
  public static String render(List<ScenarioResult> results) {
    StringBuilder out = new StringBuilder();
    // A status column when there is more to say than "passed": a verdict, or a failure.
    boolean gated = results.stream().anyMatch(r -> r.gate() != null || r.status() == Status.FAILED);
    Map<String, List<ScenarioResult>> byBenchmark = new LinkedHashMap<>();
    for (ScenarioResult result : results) {
      if (ran(result)) {
        byBenchmark.computeIfAbsent(result.benchmark(), key -> new ArrayList<>()).add(result);
      }
    }
    byBenchmark.forEach((benchmark, rows) -> table(out, benchmark, rows, gated));
    boolean allocationShown =
        byBenchmark.values().stream()
            .flatMap(List::stream)
            .anyMatch(result -> result.alloc() != null && result.alloc().bytesPerOp() != null);
    if (allocationShown) {
      // The column is easily read as the model's memory, which native runtimes keep off the heap.
      wrap(out, ALLOCATION_NOTE);
    }
    RunNotes.notRun(out, results);
    ValiditySummary.lines(results).forEach(line -> RunNotes.summaryLine(out, line));
    RunNotes.steadiness(out, results);
    RunNotes.forkingCost(out, results);
    return out.toString();
  }

  /** Passed, or failed: scenarios that were (or tried to be) measured get a row. */
  static boolean ran(ScenarioResult result) {
    return result.status() == Status.PASSED || result.status() == Status.FAILED;
  }

  private static void table(
      StringBuilder out, String benchmark, List<ScenarioResult> rows, boolean gated) {
    List<String> names = new ArrayList<>();
    rows.forEach(
        row ->
            row.params().keySet().stream()
                .filter(name -> !names.contains(name))
                .forEach(names::add));
    List<String> varying = new ArrayList<>();
    List<String> shared = new ArrayList<>();
    for (String name : names) {
      Set<Object> values =
          rows.stream().map(row -> row.params().get(name)).collect(Collectors.toSet());
      if (values.size() > 1) {
        varying.add(name);
      } else {
        Object value = values.iterator().next();
        if (value != null) {
          shared.add(name + "=" + value);
        }
      }
    }
    String title =
        UnitFormat.shortName(benchmark)
            + (shared.isEmpty() ? "" : "  [" + String.join(", ", shared) + "]");
    out.append(TextTable.cut(title, Defaults.CONSOLE_WIDTH)).append(System.lineSeparator());

    List<String> header = new ArrayList<>(varying);
    header.addAll(List.of(FIGURES));
    boolean forked = rows.stream().anyMatch(row -> row.forks() != null);
    if (forked) {
      header.add(2 + varying.size(), "forks");
      header.add(3 + varying.size(), "fork CV");
    }
    if (gated) {
      header.add("status");
    }
    int columns = header.size();
    boolean[] right = new boolean[columns];
    boolean[] shrinkable = new boolean[columns];
    for (int i = 0; i < columns; i++) {
      // Params and figures right-aligned like JMH's, the status words left-aligned; params and
      // status give way first.
      boolean status = gated && i == columns - 1;
      right[i] = !status;
      shrinkable[i] = i < varying.size() || status;
    }
    TextTable table = new TextTable(header, right, shrinkable);
    for (ScenarioResult row : rows) {
      List<String> line = paramCells(varying, row);
      line.addAll(figures(row));
      if (forked) {
        ForkFigures forks = row.forks();
        line.add(
            2 + varying.size(),
            forks == null
                ? "-"
                : forks.completed() == forks.planned()
                    ? String.valueOf(forks.completed())
                    : forks.completed() + "/" + forks.planned());
        line.add(
            3 + varying.size(),
            forks == null || forks.betweenForkCv() == null
                ? "-"
                : UnitFormat.percent(forks.betweenForkCv()));
      }
      if (gated) {
        line.add(gate(row));
      }
      table.row(line);
    }
    table
        .render(INDENT, Defaults.CONSOLE_WIDTH)
        .forEach(line -> out.append(line).append(System.lineSeparator()));
    if (rows.stream().anyMatch(ValiditySummary::p99Starred)) {
      wrap(
          out,
          String.format(
              Locale.ROOT,
              "* p99 from fewer than %,d samples, too few for MLPerf LoadGen's early stopping to"
                  + " support it at 99%% confidence",
              EarlyStopping.minQueries(0.99)));
    }
    load(out, varying, rows);
    generation(out, varying, rows);
    if (forked) {
      out.append(INDENT)
          .append(
              "forked rows: median = geometric mean of the fork medians, 95% CI across forks"
                  + " (Student t on log fork medians)")
          .append(System.lineSeparator());
    }
    out.append(System.lineSeparator());
  }

  private static final String[] LOAD = {
    "queries",
    "workers",
    "target qps",
    "scheduled",
    "achieved",
    "lateness p99",
    "service p50",
    "bound",
    "held",
    "peak qps"
  };

  /** Params the load table shows in its own columns. */
  private static final Set<String> LOAD_PARAMS =
      Set.of("target_qps", "clients", "samples_per_query");

  /**
   * How the rows measured under {@code @Load} were loaded, in a table of their own under the
   * benchmark's.
   */
  private static void load(StringBuilder out, List<String> varying, List<ScenarioResult> rows) {
    List<ScenarioResult> loaded = rows.stream().filter(row -> row.load() != null).toList();
    if (loaded.isEmpty()) {
      return;
    }
    List<String> params = varying.stream().filter(name -> !LOAD_PARAMS.contains(name)).toList();
    TextTable table = subTable(params, LOAD);
    for (ScenarioResult row : loaded) {
      LoadFigures l = row.load();
      List<String> line = paramCells(params, row);
      line.add(String.valueOf(l.queries()));
      line.add(l.workers() == null ? "1" : String.valueOf(l.workers()));
      line.add(l.targetQps() == null ? "-" : UnitFormat.number(l.targetQps()));
      line.add(l.scheduledQps() == null ? "-" : UnitFormat.number(l.scheduledQps()));
      line.add(l.achievedQps() == null ? "-" : UnitFormat.number(l.achievedQps()));
      line.add(l.issueLatenessMs() == null ? "-" : UnitFormat.duration(l.issueLatenessMs().p99()));
      line.add(l.serviceMs() == null ? "-" : UnitFormat.duration(l.serviceMs().median()));
      LoadFigures.BoundCheck bound = l.latencyBound();
      line.add(bound == null ? "-" : bound.bound());
      line.add(bound == null ? "-" : held(bound, l.queries()));
      line.add(
          l.peak() == null
              ? "-"
              : l.peak().peakQps() == null ? "none" : UnitFormat.number(l.peak().peakQps()));
      table.row(line);
    }
    out.append(INDENT)
        .append("load (MLPerf LoadGen scenarios; server latency from each query's scheduled time):")
        .append(System.lineSeparator());
    table
        .render(INDENT, Defaults.CONSOLE_WIDTH)
        .forEach(line -> out.append(line).append(System.lineSeparator()));
    boolean unheld =
        loaded.stream()
            .map(row -> row.load().latencyBound())
            .anyMatch(bound -> bound != null && !bound.held());
    if (unheld) {
      wrap(
          out,
          "held: yes at 99% confidence (MLPerf LoadGen's early stopping); MISSED: the bound's"
              + " percentile above it at 99% confidence, by the queries over it; undecided:"
              + " too few queries to tell either way");
    }
  }

  /** {@code yes}, {@code MISSED} or {@code undecided}: the held column of the load table. */
  private static String held(LoadFigures.BoundCheck bound, long queries) {
    UnitFormat.BoundState state = UnitFormat.BoundState.of(bound, queries);
    return state == UnitFormat.BoundState.HELD ? "yes" : state.word();
  }

  /**
   * A table under a benchmark's: the params that vary, then {@code figures}, all right-aligned;
   * params give way first.
   */
  private static TextTable subTable(List<String> params, String[] figures) {
    List<String> header = new ArrayList<>(params);
    header.addAll(List.of(figures));
    boolean[] right = new boolean[header.size()];
    boolean[] shrinkable = new boolean[header.size()];
    Arrays.fill(right, true);
    for (int i = 0; i < params.size(); i++) {
      shrinkable[i] = true;
    }
    return new TextTable(header, right, shrinkable);
  }

  /** The values of {@code params} in {@code row}, {@code -} where it lacks one. */
  private static List<String> paramCells(List<String> params, ScenarioResult row) {
    List<String> cells = new ArrayList<>();
    params.forEach(
        name ->
            cells.add(
                row.params().containsKey(name) ? String.valueOf(row.params().get(name)) : "-"));
    return cells;
  }

  private static final String[] GENERATION = {
    "TTFT p50", "TTFT p99", "TPOT p50", "ITL p50", "ITL p99", "e2e p50", "tokens/s", "prefill tok/s"
  };

  /**
   * The text generation figures of the rows that generated, in a table of their own under the
   * benchmark's.
   */
  private static void generation(
      StringBuilder out, List<String> varying, List<ScenarioResult> rows) {
    List<ScenarioResult> generating =
        rows.stream().filter(row -> row.generation() != null).toList();
    if (generating.isEmpty()) {
      return;
    }
    TextTable table = subTable(varying, GENERATION);
    for (ScenarioResult row : generating) {
      GenerationFigures g = row.generation();
      List<String> line = paramCells(varying, row);
      line.add(UnitFormat.duration(g.ttftMs().median()));
      line.add(UnitFormat.duration(g.ttftMs().p99()));
      line.add(g.tpotMs() == null ? "-" : UnitFormat.duration(g.tpotMs().median()));
      line.add(g.itlMs() == null ? "-" : UnitFormat.duration(g.itlMs().median()));
      line.add(g.itlMs() == null ? "-" : UnitFormat.duration(g.itlMs().p99()));
      line.add(UnitFormat.duration(g.e2eMs().median()));
      line.add(g.outputTokensPerS() == null ? "-" : UnitFormat.number(g.outputTokensPerS()));
      line.add(g.prefillTokensPerS() == null ? "-" : UnitFormat.number(g.prefillTokensPerS()));
      table.row(line);
    }
    GenerationFigures first = generating.get(0).generation();
    out.append(INDENT)
        .append("generation: ")
        .append(first.promptTokens())
        .append(" prompt tokens, ")
        .append(first.newTokens())
        .append(" new tokens per sequence, greedy")
        .append(System.lineSeparator());
    table
        .render(INDENT, Defaults.CONSOLE_WIDTH)
        .forEach(line -> out.append(line).append(System.lineSeparator()));
  }

  private static List<String> figures(ScenarioResult result) {
    var latency = result.latencyMs();
    if (latency == null) {
      return List.of("-", "-", "-", "-", "-", "-");
    }
    // Forked, the centre and interval that count are those across forks.
    ForkFigures forks = result.forks();
    boolean across = forks != null && forks.medianMs() != null;
    double median = across ? forks.medianMs() : latency.median();
    Double low = across ? forks.ci95Low() : latency.ci95Low();
    Double high = across ? forks.ci95High() : latency.ci95High();
    String ci =
        low == null
            ? "-"
            : "["
                + UnitFormat.inUnitOf(low, median)
                + ", "
                + UnitFormat.inUnitOf(high, median)
                + "]";
    String throughput =
        result.throughput() == null || result.throughput().value() == null
            ? "-"
            : UnitFormat.number(result.throughput().value());
    String rss =
        result.memory() == null || result.memory().rssPeakMb() == null
            ? "-"
            : String.format(Locale.ROOT, "%.0f MiB", result.memory().rssPeakMb());
    String p99 =
        UnitFormat.duration(latency.p99()) + (ValiditySummary.p99Starred(result) ? "*" : "");
    String alloc =
        result.alloc() == null || result.alloc().bytesPerOp() == null
            ? "-"
            : UnitFormat.bytes(result.alloc().bytesPerOp());
    return new ArrayList<>(List.of(UnitFormat.duration(median), ci, p99, throughput, rss, alloc));
  }

  private static String gate(ScenarioResult result) {
    GateResult gate = result.gate();
    if (result.status() == Status.FAILED && (gate == null || !gate.failed())) {
      return "failed";
    }
    if (gate == null) {
      return "";
    }
    List<String> words = new ArrayList<>();
    if (ModelChange.inVerdict(result)) {
      words.add("model changed");
    }
    BaselineCheck baseline = gate.baseline();
    if (baseline != null) {
      words.add(verdict(baseline));
    }
    if (gate.budget() != null && gate.budget().broken()) {
      words.add("over budget");
    }
    return (gate.failed() ? "FAILED " : "") + String.join(", ", words);
  }

  /**
   * {@code +3.1% unchanged, unforked}, {@code +6.3% NOT JUDGED: bimodal}, {@code NOT JUDGED: not in
   * baseline}.
   */
  private static String verdict(BaselineCheck baseline) {
    if (baseline.comparison() == null) {
      return baseline.note() != null && baseline.note().contains("not in the baseline")
          ? "NOT JUDGED: not in baseline"
          : "NOT JUDGED: not measured in baseline";
    }
    var comparison = baseline.comparison();
    String change =
        baseline.change() == null
            ? ""
            : String.format(Locale.ROOT, "%+.1f%% ", baseline.change() * 100);
    if (comparison.verdict() == Verdict.NOT_JUDGED) {
      String kind = JvmRuns.notJudgedKind(comparison.note());
      return change + "NOT JUDGED: " + (kind.equals("JVMs bimodal") ? "bimodal" : kind);
    }
    return change + comparison.verdict().words() + (comparison.betweenJvms() ? "" : ", unforked");
  }

  private static void wrap(StringBuilder out, String text) {
    RunNotes.wrap(out, text);
  }
}
