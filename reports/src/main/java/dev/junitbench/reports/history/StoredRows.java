package dev.junitbench.reports.history;

import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.junitbench.results.ForkFigures;
import dev.junitbench.results.ResultsJson;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.LatencySummary;
import java.sql.Types;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;

/** The rows a history store holds of a run: its tables' columns and each value as stored. */
final class StoredRows {

  private StoredRows() {}

  static final List<String> RESULT_COLUMNS =
      List.of(
          "host",
          "run_id",
          "result_id",
          "benchmark",
          "params",
          "display_name",
          "status",
          "error",
          "count",
          "mean_ms",
          "median_ms",
          "std_ms",
          "min_ms",
          "max_ms",
          "p25_ms",
          "p75_ms",
          "p90_ms",
          "p95_ms",
          "p99_ms",
          "p999_ms",
          "ci95_low_ms",
          "ci95_high_ms",
          "throughput",
          "throughput_unit",
          "forks",
          "fork_median_ms",
          "fork_ci95_low_ms",
          "fork_ci95_high_ms",
          "valid",
          "result");
  static final List<String> FORK_COLUMNS =
      List.of(
          "host",
          "run_id",
          "result_id",
          "fork",
          "status",
          "error",
          "count",
          "median_ms",
          "ci95_low_ms",
          "ci95_high_ms",
          "mean_ms",
          "wall_ms");
  static final List<String> SAMPLE_COLUMNS =
      List.of("host", "run_id", "result_id", "iteration", "latency_ns");

  /** Results, hosts and configurations as stored: one line each. */
  private static final ObjectWriter COMPACT =
      ResultsJson.mapper()
          .setSerializationInclusion(Include.NON_NULL)
          .writer()
          .without(SerializationFeature.INDENT_OUTPUT);

  /**
   * The SQL types of the host's values, in the order HistoryStore.upsertHost binds them: a typed
   * null suits every engine.
   */
  static final int[] HOST_TYPES = {
    Types.VARCHAR,
    Types.VARCHAR,
    Types.INTEGER,
    Types.BIGINT,
    Types.VARCHAR,
    Types.VARCHAR,
    Types.VARCHAR,
    Types.BIGINT,
    Types.VARCHAR
  };

  /** The row of {@code result} in the results table, in the order of {@link #RESULT_COLUMNS}. */
  static Object[] resultRow(String host, String runId, ScenarioResult result) {
    LatencySummary latency = result.latencyMs();
    ForkFigures forks = result.forks();
    return new Object[] {
      host,
      runId,
      result.id(),
      result.benchmark(),
      paramsText(result),
      result.displayName(),
      result.status().id(),
      result.error(),
      latency == null ? null : latency.count(),
      latency == null ? null : latency.mean(),
      latency == null ? null : latency.median(),
      latency == null ? null : latency.std(),
      latency == null ? null : latency.min(),
      latency == null ? null : latency.max(),
      latency == null ? null : latency.p25(),
      latency == null ? null : latency.p75(),
      latency == null ? null : latency.p90(),
      latency == null ? null : latency.p95(),
      latency == null ? null : latency.p99(),
      latency == null ? null : latency.p999(),
      latency == null ? null : latency.ci95Low(),
      latency == null ? null : latency.ci95High(),
      result.throughput() == null ? null : result.throughput().value(),
      result.throughput() == null ? null : result.throughput().unit(),
      forks == null ? null : forks.completed(),
      forks == null ? null : forks.medianMs(),
      forks == null ? null : forks.ci95Low(),
      forks == null ? null : forks.ci95High(),
      result.validity() == null ? null : result.validity().valid(),
      json(result)
    };
  }

  /**
   * The params of a result as stored: a JSON object of text values, keys sorted, so equal params
   * are equal text.
   */
  static String paramsText(ScenarioResult result) {
    return json(ScenarioKey.of(result.benchmark(), result.params()).params());
  }

  /** {@code value} as one line of JSON, nulls left out; null for null. */
  static String json(Object value) {
    if (value == null) {
      return null;
    }
    try {
      return COMPACT.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(
          "cannot write " + value.getClass().getSimpleName() + " as JSON", e);
    }
  }

  /**
   * A run's ISO-8601 start as milliseconds since the epoch.
   *
   * @throws IllegalArgumentException naming the time that is not one
   */
  static long epochMillis(String time) {
    try {
      return Instant.parse(time).toEpochMilli();
    } catch (DateTimeParseException | NullPointerException e) {
      throw new IllegalArgumentException(
          "its run.started_at '" + time + "' is not an ISO-8601 time", e);
    }
  }
}
