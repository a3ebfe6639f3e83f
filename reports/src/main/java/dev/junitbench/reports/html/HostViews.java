package dev.junitbench.reports.html;

import dev.junitbench.reports.ScenarioNames;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.results.UnitFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The hardware of a run set side by side: each scenario (same benchmark and params: model, batch,
 * mode) measured on more than one host, with each host's own figures and its median's ratio to the
 * median of the first host that measured it. Every figure is one host's; nothing is pooled across
 * hosts.
 */
final class HostViews {

  /** One host's figures of a scenario. */
  record Cell(String median, String p99, String throughput, String ratio) {}

  /** One scenario across the hosts. */
  record Row(String scenario, List<Cell> cells) {}

  /** The table: the hosts in the set's order, the scenarios measured on two or more. */
  record Table(List<String> hosts, List<Row> rows) {}

  private HostViews() {}

  /**
   * The table of {@code folders}, run on the hosts {@code labels} (same order); null when no
   * scenario is shared.
   */
  static Table of(List<RunFolder> folders, List<String> labels, ScenarioNames names) {
    Map<ScenarioKey, ScenarioResult[]> byScenario = new LinkedHashMap<>();
    for (int h = 0; h < folders.size(); h++) {
      for (ScenarioResult result : folders.get(h).results()) {
        if (result.status() == Status.PASSED
            && result.latencyMs() != null
            && result.latencyMs().median() != null) {
          byScenario.computeIfAbsent(result.key(), k -> new ScenarioResult[folders.size()])[h] =
              result;
        }
      }
    }
    List<Row> rows = new ArrayList<>();
    byScenario.forEach(
        (key, results) -> {
          long hosts = Arrays.stream(results).filter(Objects::nonNull).count();
          if (hosts < 2) {
            return;
          }
          ScenarioResult reference =
              Arrays.stream(results).filter(Objects::nonNull).findFirst().orElseThrow();
          List<Cell> cells = new ArrayList<>();
          for (ScenarioResult result : results) {
            if (result == null) {
              cells.add(new Cell("not measured", "", "", ""));
              continue;
            }
            double ratio = result.latencyMs().median() / reference.latencyMs().median();
            cells.add(
                new Cell(
                    UnitFormat.duration(result.latencyMs().median()),
                    UnitFormat.duration(result.latencyMs().p99()),
                    UnitFormat.rate(result.throughput()),
                    Double.isFinite(ratio) ? String.format(Locale.ROOT, "%.3f", ratio) : ""));
          }
          rows.add(new Row(names.label(reference), cells));
        });
    return rows.isEmpty() ? null : new Table(List.copyOf(labels), rows);
  }
}
