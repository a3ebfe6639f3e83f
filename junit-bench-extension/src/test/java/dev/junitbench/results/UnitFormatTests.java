package dev.junitbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.stats.EarlyStopping;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("A scenario's console line")
class UnitFormatTests {

  private static final String BENCHMARK = "dev.example.EmbeddingBenchmarks#embed";

  private static long[] latencies(int n, int over) {
    return RunFolders.tenMsWith60MsTail(n, over);
  }

  private static ScenarioResult server(long[] latencyNs, Long minQueries) {
    return RunFolders.server(BENCHMARK, latencyNs, minQueries);
  }

  @Test
  @DisplayName(
      "of a 10-iteration latency benchmark says which percentiles it supports, never INVALID")
  void shortLatencyBenchmark() {
    ScenarioResult ten = RunFolders.passed(BENCHMARK, Map.of("batch_size", 1), latencies(10, 0));
    assertThat(ten.validity().valid()).as("results.json keeps MLPerf's reading").isFalse();

    String line = UnitFormat.scenarioLine(ten);

    assertThat(line)
        .startsWith("junit-bench: EmbeddingBenchmarks.embed [batch_size=1]: median 10.00 ms")
        .endsWith(", n=10; p99 needs 662 samples; 10 measured")
        .doesNotContain("INVALID")
        .doesNotContain("valid");
  }

  @Test
  @DisplayName("of a latency benchmark whose samples support p99 says nothing about validity")
  void supportedLatencyBenchmark() {
    ScenarioResult thousand =
        RunFolders.passed(BENCHMARK, Map.of("batch_size", 1), latencies(1000, 0));

    assertThat(UnitFormat.scenarioLine(thousand)).endsWith(", n=1000");
  }

  @Test
  @DisplayName("is INVALID where junit.bench.validity.min-queries asks for more than was measured")
  void underConfiguredMinimum() {
    long[] samples = latencies(1000, 0);
    ScenarioResult result =
        RunFolders.passed(BENCHMARK, Map.of("batch_size", 1), samples)
            .withValidity(Validity.of(samples, 500.0, 2000L, null));

    assertThat(UnitFormat.scenarioLine(result))
        .endsWith("; INVALID: fewer queries (1000) than the minimum of 2000");
  }

  @Test
  @DisplayName("says a Server latency bound held at 99% confidence")
  void boundHeld() {
    ScenarioResult held = server(latencies(459, 0), null);

    assertThat(UnitFormat.scenarioLine(held))
        .contains("; p99 <= 50ms held (observed 10.00 ms, 0 over)")
        .doesNotContain("INVALID")
        .endsWith("; p99 needs 662 samples; 459 measured");
  }

  @Test
  @DisplayName("says a Server latency bound MISSED when there were enough queries to say so")
  void boundMissed() {
    ScenarioResult missed = server(latencies(1000, 20), null);
    assertThat(missed.load().latencyBound().missed(1000)).isTrue();

    assertThat(UnitFormat.scenarioLine(missed))
        .contains(", 1000 queries; ")
        .contains("; p99 <= 50ms MISSED (observed 60.00 ms, 20 over)")
        .contains("; INVALID: 20 of 1000 queries over 50.00 ms: p99 <= 50ms would need ")
        .doesNotContain("undecided");
  }

  @Test
  @DisplayName("calls a Server latency bound undecided when too few queries tell either way")
  void boundUndecided() {
    ScenarioResult undecided = server(latencies(459, 8), null);
    LoadFigures.BoundCheck bound = undecided.load().latencyBound();
    assertThat(bound.held()).isFalse();
    assertThat(bound.observedMs()).as("over the bound, from too few queries").isGreaterThan(50.0);
    long needed = EarlyStopping.minPassing(8, 0.99) + 8;
    assertThat(bound.minQueries()).isEqualTo(needed);

    String line = UnitFormat.scenarioLine(undecided);

    assertThat(line)
        .contains(
            String.format(
                Locale.ROOT,
                "; p99 <= 50ms undecided: 459 queries, %,d needed to hold at 99%% confidence"
                    + " (observed 60.00 ms, 8 over)",
                needed))
        .doesNotContain("MISSED");
    assertThat(line).as("MLPerf's verdict applies to a Server run").contains("; INVALID: ");
  }

  @Test
  @DisplayName(
      "says whether a generating Server run's TTFT and TPOT bounds held, missed or are undecided")
  void goodputBounds() {
    long[] requests = latencies(459, 8);
    LoadFigures.BoundCheck ttft =
        LoadFigures.BoundCheck.of(requests, "TTFT p99 <= 2.000 s", 0.99, 2000);
    LoadFigures.BoundCheck tpot =
        LoadFigures.BoundCheck.of(requests, "TPOT p99 <= 50.00 ms", 0.99, 50);
    LoadFigures.Goodput goodput =
        LoadFigures.Goodput.of(2000.0, 50.0, 451, 459, 451 / 459.0, 45.1, ttft, tpot);
    ScenarioResult result = server(requests, null);
    ScenarioResult generating =
        result.withLoad(result.load().withGoodput(goodput), result.throughput());

    assertThat(UnitFormat.scenarioLine(generating))
        .contains(", TTFT p99 <= 2.000 s held (observed 60.00 ms, 0 over)")
        .contains(", TPOT p99 <= 50.00 ms undecided: 459 requests, ");
  }

  @Test
  @DisplayName("writes bytes per call in B, KB and MB, a fraction of a byte with one decimal")
  void bytes() {
    assertThat(UnitFormat.bytes(0)).isEqualTo("0 B");
    assertThat(UnitFormat.bytes(0.25)).isEqualTo("0.3 B");
    assertThat(UnitFormat.bytes(56)).isEqualTo("56 B");
    assertThat(UnitFormat.bytes(1016)).isEqualTo("1016 B");
    assertThat(UnitFormat.bytes(10_240)).as("binary, as @Budget reads 10KB").isEqualTo("10.0 KB");
    assertThat(UnitFormat.bytes(256_000)).isEqualTo("250 KB");
    assertThat(UnitFormat.bytes(1_572_864)).isEqualTo("1.50 MB");
    assertThat(UnitFormat.bytes(4.2 * (1L << 30))).isEqualTo("4.20 GB");
  }

  @Test
  @DisplayName("says why forks until the answer is known stopped: precision, max, or a failed fork")
  void adaptiveForks() {
    assertThat(
            UnitFormat.stopped(
                new AdaptiveForks(3, 10, 0.02, 0.0171, AdaptiveForks.PRECISION_REACHED), 4))
        .isEqualTo("precision +-2.0% reached at 4 forks (+-1.7%)");
    assertThat(
            UnitFormat.stopped(
                new AdaptiveForks(3, 10, 0.02, 0.0312, AdaptiveForks.MAX_REACHED), 10))
        .isEqualTo("max of 10 forks reached at +-3.1% (precision +-2.0% not reached)");
    assertThat(UnitFormat.stopped(new AdaptiveForks(3, 10, 0.02, null, null), 2))
        .isEqualTo("stopped by a failed fork before precision +-2.0% (min 3, max 10 forks)");
  }
}
