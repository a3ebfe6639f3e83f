package dev.junitbench.reports.html;

import dev.junitbench.reports.ScenarioNames;
import dev.junitbench.results.ForkRun;
import dev.junitbench.results.Phase;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.results.WarmupCurve;
import dev.junitbench.results.WarmupWindow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What a report shows of warm-ups run until steady: per benchmark a chart of each scenario's window
 * medians against time (a line per fork of a forked scenario), when each settled or why it did not,
 * and the flag a scenario's table row carries when its warm-up was not steady.
 */
final class WarmupViews {

  /** A flag in a scenario's status cell: its words, and why as the title. */
  record Flag(String text, String title) {}

  /** Chart data: a window's end, seconds after the warm-up started, and its median in ms. */
  record WindowPoint(double x, double y) {}

  /**
   * Chart data: the tolerance around the median of the last windows compared, from the start of the
   * first of them to the end of the last, seconds; medians in ms.
   */
  record Band(double from, double to, double low, double high) {}

  /**
   * Chart data: one warm-up's windows, the window it settled at (or null), the band of its last
   * windows compared (or null below that many), and whether it was steady.
   */
  record Curve(
      String label, List<WindowPoint> windows, WindowPoint settled, Band band, boolean steady) {}

  /**
   * A benchmark's warm-up chart in one run; {@code unit} is the y axis's unit and {@code perMs}
   * what a millisecond is in it.
   */
  record WarmupChart(String id, String title, String unit, double perMs, List<Curve> curves) {}

  /** The line under a chart for one scenario: when it settled, or why it did not. */
  record Note(String scenario, String text, boolean steady) {}

  record WarmupSection(String id, String title, List<Note> notes) {}

  private WarmupViews() {}

  /** Whether {@code warmup} ran until steady and did not settle. */
  static boolean unsteady(Phase warmup) {
    return warmup != null && Boolean.FALSE.equals(warmup.steady());
  }

  /**
   * The flags of a row: {@code NOT STEADY} when {@code result}'s warm-up did not settle, {@code
   * baseline NOT STEADY} when that of the {@code baseline} it is compared with (or null) did not.
   */
  static List<Flag> flags(ScenarioResult result, ScenarioResult baseline) {
    List<Flag> flags = new ArrayList<>();
    if (unsteady(result.warmup())) {
      flags.add(new Flag("NOT STEADY", "warm-up NOT steady: " + result.warmup().steadyReason()));
    }
    if (baseline != null && unsteady(baseline.warmup())) {
      flags.add(
          new Flag(
              "baseline NOT STEADY",
              "the baseline's warm-up NOT steady: " + baseline.warmup().steadyReason()));
    }
    return flags;
  }

  /**
   * A chart and its lines per benchmark of {@code folder} with a scenario warmed up until steady.
   */
  static void charts(
      RunFolder folder, String runLabel, List<WarmupChart> charts, List<WarmupSection> sections) {
    ScenarioNames names = ScenarioNames.of(folder.results());
    Map<String, List<ScenarioResult>> byBenchmark =
        ChartLabels.byBenchmark(
            folder.results(), r -> r.warmup() != null && r.warmup().steady() != null);
    byBenchmark.forEach(
        (benchmark, results) -> {
          String id = "warmup-" + (charts.size() + 1);
          String title =
              (runLabel.isEmpty() ? "" : runLabel + ": ") + UnitFormat.shortName(benchmark);
          List<Curve> curves = new ArrayList<>();
          List<Note> notes = new ArrayList<>();
          ChartLabels labels = new ChartLabels(names);
          for (ScenarioResult result : results) {
            String label = labels.of(result, benchmark);
            if (result.forks() != null && result.forks().runs() != null) {
              for (ForkRun run : result.forks().runs()) {
                if (run.warmup() != null && run.warmup().curve() != null) {
                  curves.add(
                      curve(
                          label + ", fork " + run.fork(),
                          run.warmup().curve(),
                          !unsteady(run.warmup())));
                }
              }
            } else if (result.warmup().curve() != null) {
              curves.add(curve(label, result.warmup().curve(), !unsteady(result.warmup())));
            }
            notes.add(new Note(label, note(result), !unsteady(result.warmup())));
          }
          double level = level(curves);
          charts.add(new WarmupChart(id, title, unit(level), perMs(level), curves));
          sections.add(new WarmupSection(id, title, notes));
        });
  }

  /**
   * {@code settled at 2.300 s (8 windows of 250 ms, ±2.0%)}, per fork for a forked scenario, or
   * {@code NOT steady: } and why.
   */
  static String note(ScenarioResult result) {
    Phase warmup = result.warmup();
    if (unsteady(warmup)) {
      return "NOT steady: " + warmup.steadyReason();
    }
    List<ForkRun> forks =
        result.forks() == null || result.forks().runs() == null
            ? List.of()
            : result.forks().runs().stream()
                .filter(run -> run.warmup() != null && run.warmup().curve() != null)
                .toList();
    if (!forks.isEmpty()) {
      List<String> each = new ArrayList<>();
      for (ForkRun run : forks) {
        each.add("fork " + run.fork() + " at " + settledAt(run.warmup().curve()));
      }
      return "settled in every fork: "
          + String.join(", ", each)
          + " ("
          + rule(forks.get(0).warmup().curve())
          + ")";
    }
    WarmupCurve curve = warmup.curve();
    return curve == null ? "settled" : "settled at " + settledAt(curve) + " (" + rule(curve) + ")";
  }

  /** {@code 8 windows of 250 ms, ±2.0%}: the rule a curve was judged by. */
  static String rule(WarmupCurve curve) {
    return curve.windowsCompared()
        + " windows of "
        + setting(curve.windowMs())
        + ", ±"
        + UnitFormat.percent(curve.tolerance());
  }

  private static String settledAt(WarmupCurve curve) {
    return curve.settledAtMs() == null ? "-" : UnitFormat.duration(curve.settledAtMs());
  }

  /** A setting's duration as a person writes it: {@code 250 ms}, {@code 1.5 s}, {@code 2 s}. */
  static String setting(double ms) {
    return UnitFormat.duration(ms).replaceFirst("(\\.\\d*?)0+ ", "$1 ").replaceFirst("\\. ", " ");
  }

  private static Curve curve(String label, WarmupCurve curve, boolean steady) {
    List<WindowPoint> points =
        curve.windows().stream().map(w -> new WindowPoint(w.endMs() / 1e3, w.medianMs())).toList();
    int last = points.size() - 1;
    WindowPoint settled = null;
    if (curve.settledAtMs() != null && last >= 0) {
      // The window that showed the warm-up steady ended when it settled.
      for (int i = 0; i < points.size(); i++) {
        double off = Math.abs(curve.windows().get(i).endMs() - curve.settledAtMs());
        if (off < Math.abs(curve.windows().get(last).endMs() - curve.settledAtMs())) {
          last = i;
        }
      }
      settled = points.get(last);
    }
    return new Curve(label, points, settled, band(curve, last), steady);
  }

  /** The band of the windows compared ending at window {@code last}, or null below that many. */
  private static Band band(WarmupCurve curve, int last) {
    int compared = curve.windowsCompared();
    int first = last - compared + 1;
    if (compared < 1 || first < 0) {
      return null;
    }
    List<WarmupWindow> windows = curve.windows();
    double[] medians = new double[compared];
    for (int i = 0; i < compared; i++) {
      medians[i] = windows.get(first + i).medianMs();
    }
    Arrays.sort(medians);
    double level =
        compared % 2 == 1
            ? medians[compared / 2]
            : (medians[compared / 2 - 1] + medians[compared / 2]) / 2;
    double from = first == 0 ? 0 : windows.get(first - 1).endMs() / 1e3;
    return new Band(
        from,
        windows.get(last).endMs() / 1e3,
        level * (1 - curve.tolerance()),
        level * (1 + curve.tolerance()));
  }

  /** The largest median the curves end at: what picks the chart's unit. */
  private static double level(List<Curve> curves) {
    return curves.stream()
        .filter(c -> !c.windows().isEmpty())
        .mapToDouble(c -> c.windows().get(c.windows().size() - 1).y())
        .max()
        .orElse(1);
  }

  /** The unit {@link UnitFormat#duration} reads {@code ms} in. */
  static String unit(double ms) {
    return ms < 0.001 ? "ns" : ms < 1 ? "us" : ms < 1000 ? "ms" : "s";
  }

  private static double perMs(double ms) {
    return ms < 0.001 ? 1e6 : ms < 1 ? 1e3 : ms < 1000 ? 1 : 1e-3;
  }
}
