package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.junitbench.stats.EarlyStopping;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * The {@code validity} group of a measured result, as MLPerf judges a run: which latency
 * percentiles its queries support (LoadGen's early-stopping rule at 99% confidence) and whether it
 * met the configured minimum query count and duration. A run is INVALID when its target percentile
 * (p90, SingleStream's) is not supported or a minimum is not met. It is a flag in the result files
 * and on the console, never a failed test.
 *
 * @param valid whether the run is valid
 * @param target what the run is judged on: {@code p90} (its support), or a Server run's latency
 *     bound ({@code p99 <= 50ms})
 * @param queries queries measured (one call each)
 * @param durationMs time measured, ms
 * @param minQueries the configured minimum query count, or null
 * @param minDurationMs the configured minimum duration, ms, or null
 * @param p90 support of the 90th percentile
 * @param p95 support of the 95th percentile
 * @param p99 support of the 99th percentile
 * @param p999 support of the 99.9th percentile
 * @param reason why the run is INVALID, or null when valid
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Validity(
    boolean valid,
    String target,
    long queries,
    double durationMs,
    Long minQueries,
    Double minDurationMs,
    PercentileSupport p90,
    PercentileSupport p95,
    PercentileSupport p99,
    PercentileSupport p999,
    String reason) {

  /** The percentile a SingleStream run is judged on, as MLPerf's SingleStream is. */
  public static final String TARGET = "p90";

  /**
   * The validity of a run that measured {@code samplesNs} (in any order) in {@code durationMs},
   * against the minimums (each null when not set).
   */
  public static Validity of(
      long[] samplesNs, double durationMs, Long minQueries, Double minDurationMs) {
    return of(samplesNs, durationMs, minQueries, minDurationMs, List.of());
  }

  /**
   * The validity of a run as {@link #of(long[], double, Long, Double)}; a Server run with a latency
   * bound ({@code bound} not null) is judged on the bound instead of p90, as MLPerf judges Server:
   * valid when the bound held at 99% confidence.
   */
  public static Validity of(
      long[] samplesNs,
      double durationMs,
      Long minQueries,
      Double minDurationMs,
      LoadFigures.BoundCheck bound) {
    return of(
        samplesNs,
        durationMs,
        minQueries,
        minDurationMs,
        bound == null ? List.of() : List.of(bound));
  }

  /**
   * The validity of a run judged on {@code bounds} (a Server run's latency bound, and for text
   * generation its TTFT and TPOT bounds), each of which must hold; on p90 when there are none.
   */
  public static Validity of(
      long[] samplesNs,
      double durationMs,
      Long minQueries,
      Double minDurationMs,
      List<LoadFigures.BoundCheck> bounds) {
    long[] sorted = samplesNs.clone();
    Arrays.sort(sorted);
    PercentileSupport p90 = support(sorted, 0.90);
    List<String> reasons = new ArrayList<>();
    if (!bounds.isEmpty()) {
      for (LoadFigures.BoundCheck bound : bounds) {
        if (!bound.held()) {
          reasons.add(bound.reason());
        }
      }
    } else if (!p90.supported()) {
      reasons.add(
          TARGET
              + " needs "
              + p90.minQueries()
              + " queries (early stopping at 99% confidence), the run had "
              + sorted.length);
    }
    if (minQueries != null && sorted.length < minQueries) {
      reasons.add("fewer queries (" + sorted.length + ") than the minimum of " + minQueries);
    }
    if (minDurationMs != null && durationMs < minDurationMs) {
      reasons.add(
          "shorter ("
              + UnitFormat.duration(durationMs)
              + ") than the minimum of "
              + UnitFormat.duration(minDurationMs));
    }
    String target =
        bounds.isEmpty()
            ? TARGET
            : String.join(", ", bounds.stream().map(LoadFigures.BoundCheck::bound).toList());
    return new Validity(
        reasons.isEmpty(),
        target,
        sorted.length,
        durationMs,
        minQueries,
        minDurationMs,
        p90,
        support(sorted, 0.95),
        support(sorted, 0.99),
        support(sorted, 0.999),
        reasons.isEmpty() ? null : String.join("; ", reasons));
  }

  private static PercentileSupport support(long[] sorted, double percentile) {
    long needed = EarlyStopping.minQueries(percentile);
    long fromTop = EarlyStopping.fromTop(sorted.length, percentile);
    return new PercentileSupport(
        needed, fromTop > 0, fromTop > 0 ? sorted[(int) (sorted.length - fromTop)] / 1e6 : null);
  }

  /**
   * Whether the valid/invalid verdict means something for this run: it is judged on a latency bound
   * (a Server or generation run), or against a minimum query count or duration the user set. A
   * plain latency benchmark is never called INVALID for its sample count: {@link #percentileNote()}
   * says which percentiles the count supports instead.
   */
  public boolean verdictApplies() {
    return !TARGET.equals(target) || minQueries != null || minDurationMs != null;
  }

  /**
   * Whether the run is INVALID in a way worth a warning: a latency bound it is judged on did not
   * hold, or it fell short of a minimum the user set. Too few samples for p90 alone never is, even
   * where a minimum is set and met: {@link #percentileNote()} says that.
   */
  public boolean invalidWhereItMatters() {
    return !valid && (!TARGET.equals(target) || minimumUnmet());
  }

  /** Whether the run fell short of a minimum query count or duration the user set. */
  public boolean minimumUnmet() {
    return (minQueries != null && queries < minQueries)
        || (minDurationMs != null && durationMs < minDurationMs);
  }

  /**
   * {@code p99 needs 662 samples; 122 measured}: said when the measured count does not support the
   * p99 that tables show (MLPerf LoadGen's early stopping at 99% confidence); null when it does. A
   * description, never a failure.
   */
  public String percentileNote() {
    if (p99 == null || p99.supported()) {
      return null;
    }
    return String.format(
        Locale.ROOT, "p99 needs %,d samples; %,d measured", p99.minQueries(), queries);
  }

  /**
   * What a reader is told about this validity: {@code INVALID: <reason>} where the verdict applies
   * and failed, else the {@link #percentileNote() percentile note}; null when there is nothing to
   * say.
   */
  public String display() {
    return invalidWhereItMatters() ? "INVALID: " + reason : percentileNote();
  }

  /**
   * {@code INVALID: p90 needs 64 queries ...}, or {@code p99 unsupported (needs 662 queries)}; null
   * when all is supported. The record's own reading, kept for result files; readers are shown
   * {@link #display()}.
   */
  public String summary() {
    if (!valid) {
      return "INVALID: " + reason;
    }
    String[] names = {"p95", "p99", "p99.9"};
    PercentileSupport[] supports = {p95, p99, p999};
    List<String> unsupported = new ArrayList<>();
    for (int i = 0; i < names.length; i++) {
      if (supports[i] != null && !supports[i].supported()) {
        unsupported.add(names[i] + " (needs " + supports[i].minQueries() + ")");
      }
    }
    return unsupported.isEmpty()
        ? null
        : "valid; unsupported by early stopping: " + String.join(", ", unsupported);
  }
}
