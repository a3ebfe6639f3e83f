package dev.junitbench.reports.html;

import dev.junitbench.reports.ScenarioNames;
import dev.junitbench.reports.summary.BenchmarkTable;
import dev.junitbench.results.ForkFigures;
import dev.junitbench.results.ForkRun;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.stats.ForkAdvice;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a report shows of scenarios measured in fresh JVMs: their table cells, a chart per benchmark
 * of each fork's median against the interval across forks, the advice for the next run, and what
 * forking cost. A JVM run lands elsewhere than the next, and these views show how far.
 */
final class ForkViews {

  /** The table cells of a row; empty for a scenario measured in the JUnit JVM. */
  record Cells(String count, double countSort, String cv, double cvSort, String ci, String method) {
    static final Cells NONE = new Cells("", -1, "", -1, "", "");
  }

  /** Chart data: one fork's median. */
  record ForkPoint(int fork, double median) {}

  /** Chart data: a scenario's fork medians, their geometric mean and the interval across forks. */
  record ForkScenario(
      String label, List<ForkPoint> forks, Double centre, Double low, Double high) {}

  /** A benchmark's fork chart in one run; charts of one {@code benchmark} share their axis. */
  record ForkChart(String id, String title, String benchmark, List<ForkScenario> scenarios) {}

  /**
   * What the page says under a fork chart: per scenario, how its interval was built and the advice.
   */
  record Note(String scenario, String text) {}

  record ForkSection(String id, String title, List<Note> notes) {}

  private ForkViews() {}

  static Cells cells(ScenarioResult result) {
    ForkFigures forks = result.forks();
    if (forks == null) {
      return Cells.NONE;
    }
    Double cv = forks.betweenForkCv();
    return new Cells(
        count(forks),
        forks.completed(),
        cv == null ? "n/a" : UnitFormat.percent(cv),
        cv == null ? -1 : cv,
        Objects.requireNonNullElse(interval(forks), "n/a"),
        Objects.requireNonNullElse(forks.method(), ""));
  }

  /** The interval across forks in its centre's unit, or null below 2 forks. */
  private static String interval(ForkFigures forks) {
    return forks.ci95Low() == null || forks.ci95High() == null || forks.medianMs() == null
        ? null
        : BenchmarkTable.interval(forks.ci95Low(), forks.ci95High(), forks.medianMs());
  }

  /** {@code 5}, or {@code 4 of 5} when a fork did not hand its samples back. */
  static String count(ForkFigures forks) {
    return BenchmarkTable.forkCount(forks);
  }

  /**
   * One line for the run's description, or null when nothing was forked: the wall time of all forks
   * and the part of it outside warm-up and measurement.
   */
  static String cost(RunFolder folder) {
    int scenarios = 0;
    int forks = 0;
    double wall = 0;
    double overhead = 0;
    if (folder.jmhVersion() != null) {
      // JMH records no time of its forks beyond warm-up and measurement.
      return null;
    }
    for (ScenarioResult result : folder.results()) {
      if (result.forks() != null) {
        scenarios++;
        forks += result.forks().runs() == null ? 0 : result.forks().runs().size();
        wall += result.forks().wallTimeMs();
        overhead += result.forks().overheadMs();
      }
    }
    if (scenarios == 0) {
      return null;
    }
    return "Forking cost: "
        + scenarios
        + (scenarios == 1 ? " scenario" : " scenarios")
        + " measured in "
        + forks
        + (forks == 1 ? " fork" : " forks")
        + " took "
        + UnitFormat.duration(wall)
        + " of wall time, "
        + UnitFormat.duration(overhead)
        + " of it outside warm-up and measurement (JVM start-up, set-up, model loading).";
  }

  /** A chart and its notes per benchmark of {@code folder} with a forked scenario that measured. */
  static void charts(
      RunFolder folder, String runLabel, List<ForkChart> charts, List<ForkSection> sections) {
    ScenarioNames names = ScenarioNames.of(folder.results());
    Map<String, List<ScenarioResult>> byBenchmark =
        ChartLabels.byBenchmark(
            folder.results(),
            r -> r.forks() != null && r.forks().runs() != null && r.forks().medians().length > 0);
    byBenchmark.forEach(
        (benchmark, results) -> {
          String id = "forks-" + (charts.size() + 1);
          String title =
              (runLabel.isEmpty() ? "" : runLabel + ": ") + UnitFormat.shortName(benchmark);
          List<ForkScenario> scenarios = new ArrayList<>();
          List<Note> notes = new ArrayList<>();
          ChartLabels labels = new ChartLabels(names);
          for (ScenarioResult result : results) {
            String label = labels.of(result, benchmark);
            ForkFigures forks = result.forks();
            List<ForkPoint> points =
                forks.runs().stream()
                    .filter(run -> run.status() == Status.PASSED && run.medianMs() != null)
                    .map(run -> new ForkPoint(run.fork(), run.medianMs()))
                    .toList();
            scenarios.add(
                new ForkScenario(
                    label, points, forks.medianMs(), forks.ci95Low(), forks.ci95High()));
            notes.add(new Note(label, note(forks)));
          }
          charts.add(new ForkChart(id, title, benchmark, scenarios));
          sections.add(new ForkSection(id, title, notes));
        });
  }

  /**
   * How the interval across forks was built, how the forks spread, the advice, and each fork that
   * failed.
   */
  private static String note(ForkFigures forks) {
    StringBuilder text =
        new StringBuilder(count(forks)).append(forks.planned() == 1 ? " fork" : " forks");
    if (interval(forks) != null) {
      text.append("; 95% CI ")
          .append(interval(forks))
          .append(" around ")
          .append(UnitFormat.duration(forks.medianMs()));
      if (forks.method() != null) {
        text.append(" (").append(forks.method()).append(')');
      }
    }
    if (forks.adaptive() != null) {
      text.append("; ").append(UnitFormat.stopped(forks.adaptive(), forks.completed()));
    }
    if (forks.betweenForkCv() != null) {
      text.append("; between-fork CV ").append(UnitFormat.percent(forks.betweenForkCv()));
    }
    if (forks.withinForkCv() != null) {
      text.append(forks.betweenForkCv() == null ? "; within-fork CV " : ", within-fork ")
          .append(UnitFormat.percent(forks.withinForkCv()));
    }
    text.append('.');
    ForkAdvice advice = forks.advice();
    if (advice != null) {
      text.append(" Advice: ");
      if (advice.forks() != null && advice.iterations() != null) {
        text.append(advice.forks())
            .append(" forks x ")
            .append(advice.iterations())
            .append(" iterations for +-")
            .append(UnitFormat.percent(advice.targetHalfWidth()));
        if (advice.halfWidth() != null) {
          text.append(" (expected +-").append(UnitFormat.percent(advice.halfWidth())).append(')');
        }
        text.append(advice.note() == null ? "." : ": ");
      }
      if (advice.note() != null) {
        text.append(advice.note()).append(advice.note().endsWith(".") ? "" : ".");
      }
    }
    for (ForkRun run : forks.runs()) {
      if (run.status() != Status.PASSED) {
        text.append(" Fork ")
            .append(run.fork())
            .append(' ')
            .append(run.status() == null ? "ended" : run.status().id())
            .append(run.error() == null ? "." : ": " + run.error());
      }
    }
    return text.toString();
  }
}
