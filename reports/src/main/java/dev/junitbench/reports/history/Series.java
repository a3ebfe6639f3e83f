package dev.junitbench.reports.history;

import java.util.List;
import java.util.Map;

/**
 * One scenario's runs on one host, oldest first: what a trend draws and a check judges. Scenarios
 * of different hosts are never one series.
 *
 * @param benchmark {@code fqcn#method}
 * @param params the scenario's params as text, sorted by name
 * @param host the host label
 * @param points the runs that measured it, by start time
 */
public record Series(
    String benchmark, Map<String, String> params, String host, List<Point> points) {

  /**
   * One run's figures of the scenario.
   *
   * @param runId the run
   * @param startedAt when the run started (ISO-8601 UTC)
   * @param commit the git commit measured, or null
   * @param medianMs the median latency
   * @param p99Ms the 99th percentile, or null
   * @param throughput the throughput, or null
   * @param throughputUnit its unit, or null
   */
  public record Point(
      String runId,
      String startedAt,
      String commit,
      double medianMs,
      Double p99Ms,
      Double throughput,
      String throughputUnit) {

    /** The first 8 characters of the commit, or "-". */
    public String shortCommit() {
      return commit == null ? "-" : commit.substring(0, Math.min(8, commit.length()));
    }
  }

  /** The scenario's name for tables: {@code Class#method [k=v, ...]}. */
  public String scenario() {
    String simple = benchmark.substring(benchmark.lastIndexOf('.') + 1);
    if (params.isEmpty()) {
      return simple;
    }
    StringBuilder text = new StringBuilder(simple).append(" [");
    params.forEach(
        (name, value) ->
            text.append(text.charAt(text.length() - 1) == '[' ? "" : ", ")
                .append(name)
                .append('=')
                .append(value));
    return text.append(']').toString();
  }
}
