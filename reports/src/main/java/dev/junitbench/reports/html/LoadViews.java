package dev.junitbench.reports.html;

import dev.junitbench.reports.ScenarioNames;
import dev.junitbench.results.GenerationFigures;
import dev.junitbench.results.LoadFigures;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.results.UnitFormat.BoundState;
import dev.junitbench.stats.LatencySummary;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a report shows of text generation and of load: per generating scenario its time to first
 * token, time per output token, inter-token latency and tokens per second; per scenario measured
 * under {@code @Load} how its queries were issued, the rates scheduled and achieved, the
 * scheduler's lateness and whether the latency bound held.
 */
final class LoadViews {

  record GenerationRow(
      String run,
      String scenario,
      String tokens,
      String ttftP50,
      String ttftP99,
      String tpotP50,
      String itlP50,
      String itlP99,
      String e2eP50,
      String tokensPerS,
      String prefillPerS,
      String prompt) {}

  record LoadRow(
      String run,
      String scenario,
      String load,
      String queries,
      String workers,
      String target,
      String scheduled,
      String achieved,
      String latenessP50,
      String latenessP99,
      String serviceP50,
      String bound,
      String held,
      String heldClass,
      String heldTitle,
      String observed,
      String peak,
      String goodput) {}

  private LoadViews() {}

  static void add(
      String run,
      ScenarioResult result,
      ScenarioNames names,
      List<GenerationRow> generation,
      List<LoadRow> load) {
    GenerationFigures g = result.generation();
    if (g != null) {
      generation.add(
          new GenerationRow(
              run,
              names.label(result),
              g.newTokens()
                  + " after "
                  + g.promptTokens()
                  + (g.batchSize() > 1 ? " x " + g.batchSize() : ""),
              median(g.ttftMs()),
              p99(g.ttftMs()),
              median(g.tpotMs()),
              median(g.itlMs()),
              p99(g.itlMs()),
              median(g.e2eMs()),
              rate(g.outputTokensPerS()),
              rate(g.prefillTokensPerS()),
              g.prompt()));
    }
    LoadFigures l = result.load();
    if (l != null) {
      LoadFigures.BoundCheck bound = l.latencyBound();
      LoadFigures.Goodput good = l.goodput();
      load.add(
          new LoadRow(
              run,
              names.label(result),
              l.scenario(),
              String.valueOf(l.queries()),
              l.workers() == null ? "1" : String.valueOf(l.workers()),
              rate(l.targetQps()),
              rate(l.scheduledQps()),
              rate(l.achievedQps()),
              median(l.issueLatenessMs()),
              p99(l.issueLatenessMs()),
              median(l.serviceMs()),
              bound == null ? "-" : bound.bound(),
              held(bound, l.queries()),
              bound == null ? "" : CSS_CLASS.get(BoundState.of(bound, l.queries())),
              heldTitle(bound, l.queries()),
              bound == null
                  ? "-"
                  : UnitFormat.duration(bound.observedMs()) + " (" + bound.overBound() + " over)",
              l.peak() == null
                  ? "-"
                  : l.peak().peakQps() == null
                      ? "none held in " + l.peak().probes().size() + " runs"
                      : UnitFormat.number(l.peak().peakQps())
                          + " qps ("
                          + l.peak().probes().size()
                          + " runs)",
              good == null
                  ? "-"
                  : UnitFormat.percent(good.share())
                      + " ("
                      + good.good()
                      + " of "
                      + good.requests()
                      + ")"));
    }
  }

  /**
   * {@code held}, {@code missed} (with enough queries to say so), or {@code undecided} (too few
   * queries to tell either way); {@code -} without a bound.
   */
  static String held(LoadFigures.BoundCheck bound, long queries) {
    return bound == null ? "-" : BoundState.of(bound, queries).name().toLowerCase(Locale.ROOT);
  }

  private static String heldTitle(LoadFigures.BoundCheck bound, long queries) {
    if (bound == null) {
      return "";
    }
    return switch (BoundState.of(bound, queries)) {
      case HELD -> "";
      case MISSED -> bound.reason();
      case UNDECIDED -> "too few queries to tell either way (99% confidence): " + bound.reason();
    };
  }

  /** The held cell's class: red only for a bound missed. */
  private static final Map<BoundState, String> CSS_CLASS =
      Map.of(
          BoundState.HELD,
          "held",
          BoundState.MISSED,
          "not-held",
          BoundState.UNDECIDED,
          "undecided");

  private static String median(LatencySummary summary) {
    return summary == null ? "-" : UnitFormat.duration(summary.median());
  }

  private static String p99(LatencySummary summary) {
    return summary == null ? "-" : UnitFormat.duration(summary.p99());
  }

  private static String rate(Double value) {
    return value == null ? "-" : UnitFormat.number(value);
  }
}
