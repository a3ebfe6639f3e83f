package dev.junitbench.reports.html;

import dev.junitbench.reports.ScenarioNames;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.UnitFormat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a report shows of the probes a user added ({@code probes} in results.json): one table per
 * probe, a row per scenario that has its group, a column per figure it gave, and why figures are
 * missing.
 */
final class ProbeViews {

  record ProbeTable(String id, String name, List<String> figures, List<ProbeRow> rows) {}

  record ProbeRow(String run, String scenario, List<String> cells, String reason) {}

  private static final String REASON = "unavailable_reason";

  private ProbeViews() {}

  /**
   * Adds a row for each probe group of {@code result} to its probe's table, made when first seen.
   */
  static void add(
      String run, ScenarioResult result, ScenarioNames names, Map<String, Building> tables) {
    result
        .probes()
        .forEach(
            (name, group) ->
                tables.computeIfAbsent(name, Building::new).add(run, names.label(result), group));
  }

  /** The tables, in the order their probes were first seen. */
  static List<ProbeTable> tables(Map<String, Building> tables) {
    List<ProbeTable> out = new ArrayList<>();
    int index = 0;
    for (Building table : tables.values()) {
      out.add(table.build("probe-" + index++));
    }
    return out;
  }

  /** A count as it is ({@code 3}), any other number to four significant digits. */
  private static String number(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15
        ? Long.toString((long) value)
        : UnitFormat.number(value);
  }

  /** A probe's table while rows are added: its figures are those any row gave. */
  static final class Building {
    private final String name;
    private final Set<String> figures = new LinkedHashSet<>();
    private final List<String> runs = new ArrayList<>();
    private final List<String> scenarios = new ArrayList<>();
    private final List<Map<String, Object>> groups = new ArrayList<>();

    Building(String name) {
      this.name = name;
    }

    void add(String run, String scenario, Map<String, Object> group) {
      group.keySet().stream().filter(figure -> !figure.equals(REASON)).forEach(figures::add);
      runs.add(run);
      scenarios.add(scenario);
      groups.add(new LinkedHashMap<>(group));
    }

    ProbeTable build(String id) {
      List<ProbeRow> rows = new ArrayList<>();
      for (int i = 0; i < groups.size(); i++) {
        Map<String, Object> group = groups.get(i);
        List<String> cells = new ArrayList<>();
        for (String figure : figures) {
          Object value = group.get(figure);
          cells.add(
              value == null
                  ? "-"
                  : value instanceof Number number
                      ? number(number.doubleValue())
                      : value.toString());
        }
        Object reason = group.get(REASON);
        rows.add(
            new ProbeRow(
                runs.get(i), scenarios.get(i), cells, reason == null ? "" : reason.toString()));
      }
      return new ProbeTable(id, name, List.copyOf(figures), rows);
    }
  }
}
