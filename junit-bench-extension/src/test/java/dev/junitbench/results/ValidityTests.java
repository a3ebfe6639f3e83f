package dev.junitbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.stats.EarlyStopping;
import java.util.stream.LongStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("A run's validity")
class ValidityTests {

  /** n latencies 1 ms, 2 ms, ... n ms, shuffled by a fixed stride. */
  private static long[] latencies(int n) {
    return LongStream.range(0, n).map(i -> (i * 7919 % n + 1) * 1_000_000L).toArray();
  }

  @Test
  @DisplayName("is INVALID below the 64 queries p90 needs, a flag that says why")
  void tooFewForP90() {
    Validity validity = Validity.of(latencies(10), 120.0, null, null);
    assertThat(validity.valid()).isFalse();
    assertThat(validity.target()).isEqualTo("p90");
    assertThat(validity.queries()).isEqualTo(10);
    assertThat(validity.p90()).isEqualTo(new PercentileSupport(64, false, null));
    assertThat(validity.p99()).isEqualTo(new PercentileSupport(662, false, null));
    assertThat(validity.reason())
        .isEqualTo("p90 needs 64 queries (early stopping at 99% confidence), the run had 10");
    assertThat(validity.summary())
        .isEqualTo(
            "INVALID: p90 needs 64 queries (early stopping at 99% confidence), the"
                + " run had 10");
  }

  @Test
  @DisplayName(
      "supports p90 from 64 queries with the highest latency as its estimate, and names what it cannot support")
  void supported() {
    Validity at64 = Validity.of(latencies(64), 500.0, null, null);
    assertThat(at64.valid()).isTrue();
    // One query over the latency is allowed: the estimate is the highest of the 64.
    assertThat(at64.p90()).isEqualTo(new PercentileSupport(64, true, 64.0));
    assertThat(at64.summary())
        .isEqualTo(
            "valid; unsupported by early stopping: p95 (needs 130), p99 (needs 662),"
                + " p99.9 (needs 6636)");

    Validity at1000 = Validity.of(latencies(1000), 500.0, null, null);
    // The 78th highest of 1 ms .. 1000 ms (LoadGen discards the 77 above it): 923 ms, above p90
    // itself.
    assertThat(EarlyStopping.fromTop(1000, 0.90)).isEqualTo(78);
    assertThat(at1000.p90().estimateMs()).isEqualTo(923.0);
    assertThat(at1000.p90().estimateMs()).isGreaterThan(900.0);
    assertThat(at1000.p99().supported()).isTrue();
    assertThat(at1000.p999().supported()).isFalse();
  }

  @Test
  @DisplayName("is INVALID under a configured minimum query count or duration")
  void minimums() {
    Validity validity = Validity.of(latencies(100), 250.0, 1024L, 600_000.0);
    assertThat(validity.valid()).isFalse();
    assertThat(validity.minQueries()).isEqualTo(1024);
    assertThat(validity.reason())
        .isEqualTo(
            "fewer queries (100) than the minimum of 1024; shorter (250.0 ms) than the"
                + " minimum of 600.0 s");
    assertThat(Validity.of(latencies(100), 250.0, 100L, 250.0).valid()).isTrue();
  }

  @Test
  @DisplayName(
      "is shown to a reader as the percentiles its count supports, never as INVALID for a plain latency benchmark")
  void displayedForALatencyBenchmark() {
    Validity ten = Validity.of(latencies(10), 120.0, null, null);
    assertThat(ten.valid()).as("the record keeps MLPerf's reading").isFalse();
    assertThat(ten.verdictApplies()).isFalse();
    assertThat(ten.invalidWhereItMatters()).isFalse();
    assertThat(ten.percentileNote()).isEqualTo("p99 needs 662 samples; 10 measured");
    assertThat(ten.display()).isEqualTo("p99 needs 662 samples; 10 measured");

    Validity hundred = Validity.of(latencies(122), 500.0, null, null);
    assertThat(hundred.display()).isEqualTo("p99 needs 662 samples; 122 measured");

    Validity thousand = Validity.of(latencies(1000), 500.0, null, null);
    assertThat(thousand.percentileNote()).as("p99 supported: nothing to say").isNull();
    assertThat(thousand.display()).isNull();
  }

  @Test
  @DisplayName(
      "is shown as INVALID where the verdict means something: a minimum the user set, or a latency bound")
  void displayedWhereTheVerdictApplies() {
    Validity underMinimum = Validity.of(latencies(1000), 250.0, 1024L, null);
    assertThat(underMinimum.verdictApplies()).isTrue();
    assertThat(underMinimum.invalidWhereItMatters()).isTrue();
    assertThat(underMinimum.display())
        .isEqualTo("INVALID: fewer queries (1000) than the minimum of 1024");
    Validity metMinimum = Validity.of(latencies(1000), 250.0, 100L, null);
    assertThat(metMinimum.invalidWhereItMatters()).isFalse();
    // A minimum set and met: too few samples for p90 is MLPerf's INVALID, but no warning.
    Validity shortButMet = Validity.of(latencies(20), 250.0, 10L, null);
    assertThat(shortButMet.valid()).isFalse();
    assertThat(shortButMet.verdictApplies()).isTrue();
    assertThat(shortButMet.minimumUnmet()).isFalse();
    assertThat(shortButMet.invalidWhereItMatters()).isFalse();
    assertThat(shortButMet.display()).isEqualTo("p99 needs 662 samples; 20 measured");

    long[] latencies = latencies(1000);
    LoadFigures.BoundCheck missed = LoadFigures.BoundCheck.of(latencies, "p99 <= 500ms", 0.99, 500);
    Validity bound = Validity.of(latencies, 1000.0, null, null, missed);
    assertThat(bound.verdictApplies()).isTrue();
    assertThat(bound.display()).startsWith("INVALID: ").contains("p99 <= 500ms");
  }

  @Test
  @DisplayName(
      "calls a latency bound missed only when the queries over it show it at 99% confidence, never in a run too short to tell")
  void boundMissedOnlyWithEnoughQueries() {
    long[] thousand = latencies(1000);
    LoadFigures.BoundCheck over = LoadFigures.BoundCheck.of(thousand, "p99 <= 500ms", 0.99, 500);
    assertThat(over.held()).isFalse();
    assertThat(over.missed(thousand.length)).isTrue();

    long[] fifty = latencies(50);
    // 1 ms .. 50 ms: one query over 49.5 ms. At a true 1% over, one or more of 50 is likely (0.39).
    LoadFigures.BoundCheck oneOver = LoadFigures.BoundCheck.of(fifty, "p99 <= 49.5ms", 0.99, 49.5);
    assertThat(oneOver.held()).isFalse();
    assertThat(oneOver.overBound()).isEqualTo(1);
    assertThat(oneOver.missed(fifty.length)).as("too few queries to tell").isFalse();
    // 40 of 50 over 10 ms: whatever the count, p99 is above the bound.
    LoadFigures.BoundCheck mostOver = LoadFigures.BoundCheck.of(fifty, "p99 <= 10ms", 0.99, 10);
    assertThat(mostOver.missed(fifty.length)).isTrue();

    LoadFigures.BoundCheck under = LoadFigures.BoundCheck.of(fifty, "p99 <= 1s", 0.99, 1000);
    assertThat(under.held()).as("too few queries to hold").isFalse();
    assertThat(under.missed(fifty.length)).as("nothing over the bound").isFalse();

    LoadFigures.BoundCheck held = LoadFigures.BoundCheck.of(thousand, "p99 <= 2s", 0.99, 2000);
    assertThat(held.held()).isTrue();
    assertThat(held.missed(thousand.length)).isFalse();
  }
}
