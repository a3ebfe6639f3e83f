package dev.junitbench.output;

import dev.junitbench.config.Defaults;
import dev.junitbench.internal.TextTable;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.results.UnitFormat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The lines below the console's tables: what was not measured and why, which warm-ups did not
 * settle, and what forking cost.
 */
final class RunNotes {

  private static final String INDENT = "  ";

  private RunNotes() {}

  /**
   * What forking cost the run: JVMs started, their wall time, and the part outside warm-up and
   * measurement.
   */
  static void forkingCost(StringBuilder out, List<ScenarioResult> results) {
    int jvms = 0;
    double wallMs = 0;
    double overheadMs = 0;
    for (ScenarioResult result : results) {
      if (result.forks() != null) {
        jvms += result.forks().runs().size();
        wallMs += result.forks().wallTimeMs();
        overheadMs += result.forks().overheadMs();
      }
    }
    if (jvms > 0) {
      out.append("forking: ")
          .append(jvms)
          .append(jvms == 1 ? " JVM, " : " JVMs, ")
          .append(UnitFormat.duration(wallMs))
          .append(" wall, of which ")
          .append(UnitFormat.duration(overheadMs))
          .append(" start-up, set-up and model loading (never measured)")
          .append(System.lineSeparator());
    }
  }

  /**
   * How many warm-ups run until steady settled, and each that did not, with why: its figures may be
   * the warm-up's.
   */
  static void steadiness(StringBuilder out, List<ScenarioResult> results) {
    int steadyMode = 0;
    List<String> unsteady = new ArrayList<>();
    for (ScenarioResult result : results) {
      if (result.warmup() == null || result.warmup().steady() == null) {
        continue;
      }
      steadyMode++;
      if (!result.warmup().steady()) {
        unsteady.add(
            UnitFormat.shortName(result.benchmark())
                + " "
                + result.displayName()
                + ": "
                + result.warmup().steadyReason());
      }
    }
    if (steadyMode == 0) {
      return;
    }
    summaryLine(
        out,
        "warm-up until steady: "
            + (steadyMode - unsteady.size())
            + " of "
            + steadyMode
            + (steadyMode == 1 ? " scenario" : " scenarios")
            + " settled"
            + (unsteady.isEmpty() ? "" : "; NOT steady, measured at the bound:"));
    unsteady.forEach(line -> wrap(out, line));
  }

  /** One line per reason a scenario did not run or was not measured, with how many. */
  static void notRun(StringBuilder out, List<ScenarioResult> results) {
    Map<String, List<ScenarioResult>> byReason = new LinkedHashMap<>();
    for (ScenarioResult result : results) {
      boolean unmeasured = result.status() == Status.FAILED && result.latencyMs() == null;
      if (!ConsoleTable.ran(result) || unmeasured) {
        // A reason's own line breaks would break the one line it gets.
        String reason =
            Objects.requireNonNullElse(result.reason(), "no reason given").replaceAll("\\s+", " ");
        byReason
            .computeIfAbsent(result.status().id() + ": " + reason, key -> new ArrayList<>())
            .add(result);
      }
    }
    if (byReason.isEmpty()) {
      return;
    }
    long count = byReason.values().stream().mapToLong(List::size).sum();
    out.append("Not measured: ")
        .append(count)
        .append(count == 1 ? " scenario" : " scenarios")
        .append(System.lineSeparator());
    byReason.forEach(
        (reason, scenarios) -> {
          Set<String> benchmarks = new LinkedHashSet<>();
          scenarios.forEach(s -> benchmarks.add(UnitFormat.shortName(s.benchmark())));
          wrap(out, scenarios.size() + " " + reason + " (" + String.join(", ", benchmarks) + ")");
        });
  }

  /** A line of the summary below the tables, wrapped with its continuation indented. */
  static void summaryLine(StringBuilder out, String text) {
    TextTable.wrap(text, "", "  ", Defaults.CONSOLE_WIDTH)
        .forEach(line -> out.append(line).append(System.lineSeparator()));
  }

  static void wrap(StringBuilder out, String text) {
    TextTable.wrap(text, INDENT, INDENT + "    ", Defaults.CONSOLE_WIDTH)
        .forEach(line -> out.append(line).append(System.lineSeparator()));
  }
}
