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
}
