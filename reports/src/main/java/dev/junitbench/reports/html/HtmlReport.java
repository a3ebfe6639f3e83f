package dev.junitbench.reports.html;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.Runs;
import dev.junitbench.reports.ScenarioNames;
import dev.junitbench.reports.compare.RegressionProfiles;
import dev.junitbench.reports.compare.RunComparison;
import dev.junitbench.reports.summary.ReportInputs;
import dev.junitbench.reports.summary.RunSummary;
import dev.junitbench.reports.summary.ScenarioVerdict;
import dev.junitbench.reports.summary.Verdicts;
import dev.junitbench.reports.summary.Verdicts.Change;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.Samples;
import dev.junitbench.stats.RegressionRule;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The HTML report of one or more runs: one self-contained file (the chart library, the script and
 * the styles inlined, nothing fetched when it is opened), rendered by Mustache, which escapes every
 * value; chart data travels as script-safe JSON, and a content security policy lets only the
 * report's own scripts run.
 */
public final class HtmlReport {

  /** The report's file name inside a run folder. */
  public static final String FILE = "report.html";

  private static final String TEMPLATE = "dev/junitbench/reports/html/report.mustache";
  private static final Mustache MUSTACHE = new DefaultMustacheFactory().compile(TEMPLATE);
  private static final String SCRIPT = PageAssets.resource("dev/junitbench/reports/html/report.js");

  /** Changes the first screen lists; the rest are one click away. */
  private static final int FIRST_CHANGES = 6;

  /** A change as the first screen lists it. */
  record ChangeView(
      String kind,
      String words,
      String scenario,
      String change,
      String interval,
      boolean unforked,
      String reason) {
    static ChangeView of(Change change) {
      ScenarioVerdict verdict = change.verdict();
      return new ChangeView(
          verdict.kind(),
          change.words(),
          change.scenario(),
          verdict.comparison() == null ? null : verdict.change(),
          verdict.comparison() == null ? null : verdict.interval(),
          verdict.unforked(),
          change.reason());
    }
  }

  private final ReportModel model;
  private final RunSummary summary;
  private final ReportInputs inputs;

  private HtmlReport(ReportModel model, RunSummary summary, ReportInputs inputs) {
    this.model = model;
    this.summary = summary;
    this.inputs = inputs;
  }

  /**
   * The report of {@code runs} (run folders or their results.json); with {@code baseline}, the
   * first run's scenarios show their change against it, judged by {@code rule}.
   */
  public static HtmlReport of(List<Path> runs, Path baseline, RegressionRule rule)
      throws BadInputException {
    return of(ReportInputs.read(runs, baseline, rule));
  }

  /** The report of runs already read, their deltas from {@code comparison} (may be null). */
  public static HtmlReport of(List<RunFolder> folders, RunComparison comparison)
      throws BadInputException {
    return of(new ReportInputs(folders, comparison, null));
  }

  /**
   * The report of the run set at {@code dir}: each member under its host's label, the hosts side by
   * side.
   */
  public static HtmlReport ofRunSet(Path dir) throws BadInputException {
    return of(ReportInputs.readRunSet(dir));
  }

  /** The report of what was read: runs, a run set's members, a baseline comparison. */
  public static HtmlReport of(ReportInputs inputs) throws BadInputException {
    return new HtmlReport(
        ReportModel.of(
            inputs.folders(), samples(inputs.folders()), inputs.baseline(), inputs.hosts()),
        RunSummary.of(inputs),
        inputs);
  }

  /** Each run's label in the profiles: its host in a run set, its id among several, else none. */
  private List<String> runLabels() {
    List<RunFolder> folders = inputs.folders();
    if (inputs.hosts() != null) {
      return inputs.hosts();
    }
    return folders.stream().map(f -> folders.size() > 1 ? f.run().id() : "").toList();
  }

  private static List<Samples> samples(List<RunFolder> folders) throws BadInputException {
    List<Samples> samples = new ArrayList<>();
    for (RunFolder folder : folders) {
      samples.add(Runs.samplesOrNull(folder));
    }
    return samples;
  }

  /**
   * The whole page, as if it were in the first run's folder (its links to flame graphs lead there);
   * without differential flame graphs, which only a written page gets.
   */
  public String render() {
    StringWriter out = new StringWriter(1 << 18);
    render(out, inputs.folders().get(0).dir(), RegressionProfiles.none());
    return out.toString();
  }

  /**
   * Writes the page to {@code file} atomically: a reader sees the old report or the new, never
   * half. With a baseline, each regressed scenario profiled in both runs with the same kind gets a
   * differential flame graph written beside it.
   */
  public void write(Path file) throws IOException {
    Path folder = file.toAbsolutePath().normalize().getParent();
    RegressionProfiles differences = differences(folder);
    PageAssets.write(file, out -> render(out, folder, differences));
  }

  /**
   * The differential flame graphs of the baseline comparison's regressed scenarios, written into
   * {@code folder}; none without a baseline.
   */
  RegressionProfiles differences(Path folder) {
    RunComparison baseline = inputs.baseline();
    return baseline == null || !baseline.regressed()
        ? RegressionProfiles.none()
        : RegressionProfiles.of(baseline, folder, folder);
  }

  private void render(Writer out, Path folder, RegressionProfiles differences) {
    String nonce = PageAssets.nonce();
    Map<String, Object> scope = new HashMap<>();
    scope.put("nonce", nonce);
    scope.put(
        "title",
        model.hostLabels != null
            ? "junit-bench report: "
                + model.runs.size()
                + (model.runs.size() == 1 ? " host" : " hosts")
            : model.runs.size() == 1
                ? "junit-bench report: " + model.runs.get(0).id()
                : "junit-bench report: " + model.runs.size() + " runs");
    scope.put("hostTable", model.hostTable);
    scope.put("generated", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    scope.put("runs", model.runs);
    scope.put("several", model.runs.size() > 1);
    scope.put("answer", summary.line());
    Verdicts verdicts = summary.verdicts();
    if (verdicts != null) {
      scope.put("verdicts", verdicts);
      List<ChangeView> changes = verdicts.changes().stream().map(ChangeView::of).toList();
      scope.put("firstChanges", changes.subList(0, Math.min(FIRST_CHANGES, changes.size())));
      if (changes.size() > FIRST_CHANGES) {
        scope.put("hasMoreChanges", true);
        scope.put("moreCount", changes.size() - FIRST_CHANGES);
        scope.put("moreChanges", changes.subList(FIRST_CHANGES, changes.size()));
      }
    }
    scope.put("tableGroups", model.tableGroups);
    scope.put(
        "statuses",
        model.tableGroups.stream()
            .flatMap(group -> group.rows().stream())
            .map(ReportModel.Row::status)
            .distinct()
            .sorted()
            .toList());
    scope.put("hasScenarios", !model.tableGroups.isEmpty());
    scope.put("hasP99Notes", model.hasP99Notes);
    scope.put("benchmarkCharts", model.benchmarkCharts);
    scope.put("hasBenchmarkCharts", !model.benchmarkCharts.isEmpty());
    scope.put("hasBaseline", model.hasBaseline);
    scope.put("notRun", model.notRun);
    scope.put("hasNotRun", !model.notRun.isEmpty());
    scope.put("chartGroups", model.chartGroups);
    scope.put("hasCharts", !model.chartGroups.isEmpty());
    scope.put("backendTables", model.backendTables);
    scope.put("hasBackends", !model.backendTables.isEmpty());
    scope.put("hasDistributions", !model.distributions.isEmpty());
    scope.put("hasForks", model.hasForks);
    scope.put("hasAlloc", model.hasAlloc);
    scope.put("forkSections", model.forkSections);
    scope.put("hasForkCharts", !model.forkSections.isEmpty());
    scope.put("warmupSections", model.warmupSections);
    scope.put("hasWarmups", !model.warmupSections.isEmpty());
    scope.put("generationRows", model.generationRows);
    scope.put("hasGeneration", !model.generationRows.isEmpty());
    scope.put("loadRows", model.loadRows);
    scope.put("hasLoad", !model.loadRows.isEmpty());
    scope.put("probeTables", model.probeTables);
    scope.put("hasProbes", !model.probeTables.isEmpty());
    List<ProfileViews.ProfileView> profiles =
        ProfileViews.of(
            inputs.folders(),
            runLabels(),
            ScenarioNames.of(
                inputs.folders().stream().flatMap(run -> run.results().stream()).toList()),
            folder,
            differences);
    scope.put("profiles", profiles);
    scope.put("hasProfiles", !profiles.isEmpty());
    scope.put(
        "whereToLook",
        profiles.stream()
            .filter(view -> !view.grown().isEmpty() || view.difference() != null)
            .toList());
    scope.put("data", SafeJson.write(model.data()));
    scope.put("chartJs", PageAssets.CHART_JS);
    scope.put("charts", PageAssets.CHARTS);
    scope.put("script", SCRIPT);
    scope.put("style", PageAssets.STYLE);
    MUSTACHE.execute(out, scope);
  }
}
