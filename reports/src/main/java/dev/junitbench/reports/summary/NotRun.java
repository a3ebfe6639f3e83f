package dev.junitbench.reports.summary;

import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.results.UnitFormat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Scenarios that ended without figures for one reason: {@code 57 aborted: CUDA is not available}. A
 * run that could not measure everything says what it left out and why, once per reason.
 *
 * @param status how they ended: {@code aborted}, {@code skipped}, {@code failed}, or {@code not
 *     finished} for a run that stopped before them
 * @param reason why, as the results say it (the benchmark and scenario the message starts with left
 *     out), or {@code no reason given}
 * @param count how many
 * @param scenarios each one as {@code Class.method [params]}
 */
public record NotRun(String status, String reason, int count, List<String> scenarios) {

  /** The length {@link #shortReason()} cuts at. */
  static final int SHORT_REASON = 56;

  /** The groups of {@code results} that have no figures, by status and reason, in order. */
  public static List<NotRun> of(List<ScenarioResult> results) {
    Map<String, List<ScenarioResult>> byReason = new LinkedHashMap<>();
    for (ScenarioResult result : results) {
      if (result.latencyMs() == null && result.status() != Status.PASSED) {
        String status = result.status() == null ? "not finished" : result.status().id();
        String reason = Objects.requireNonNullElse(result.reason(), "no reason given");
        byReason.computeIfAbsent(status + "\u0000" + reason, k -> new ArrayList<>()).add(result);
      }
    }
    List<NotRun> groups = new ArrayList<>();
    byReason.forEach(
        (key, scenarios) -> {
          int cut = key.indexOf('\u0000');
          groups.add(
              new NotRun(
                  key.substring(0, cut),
                  key.substring(cut + 1),
                  scenarios.size(),
                  scenarios.stream()
                      .map(r -> UnitFormat.shortName(r.benchmark()) + " " + r.displayName())
                      .toList()));
        });
    return List.copyOf(groups);
  }

  /**
   * The reason on one line and at most {@value #SHORT_REASON} characters, cut at a word and ended
   * by an ellipsis: what a summary sentence can hold.
   */
  public String shortReason() {
    String line = reason.strip();
    int end = line.indexOf('\n');
    line = (end < 0 ? line : line.substring(0, end)).replaceAll("\\s+", " ").strip();
    if (line.length() <= SHORT_REASON) {
      return line;
    }
    int space = line.lastIndexOf(' ', SHORT_REASON - 1);
    int cut = space > SHORT_REASON / 2 ? space : SHORT_REASON - 1;
    if (Character.isHighSurrogate(line.charAt(cut - 1))) {
      cut--;
    }
    return line.substring(0, cut).stripTrailing() + "…";
  }
}
