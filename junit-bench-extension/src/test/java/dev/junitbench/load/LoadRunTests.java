package dev.junitbench.load;

import static dev.junitbench.infra.LoadScenario.CONCURRENCY;
import static dev.junitbench.infra.LoadScenario.MULTI_STREAM;
import static dev.junitbench.infra.LoadScenario.OFFLINE;
import static dev.junitbench.infra.LoadScenario.SERVER;
import static dev.junitbench.infra.LoadScenario.SINGLE_STREAM;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Fork;
import dev.junitbench.Generate;
import dev.junitbench.Load;
import dev.junitbench.Model;
import dev.junitbench.infra.Generator;
import dev.junitbench.onnx.Decoders;
import dev.junitbench.onnx.OnnxModel;
import dev.junitbench.output.QueriesCsv;
import dev.junitbench.output.TokensCsv;
import dev.junitbench.stats.LatencySummary;
import dev.junitbench.stats.Percentiles;
import dev.junitbench.testkit.BenchmarkTestKit;
import dev.junitbench.testkit.ListenerRun;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A benchmark under load")
class LoadRunTests {

  @TempDir Path tempDir;

  static class Loaded {
    @Benchmark
    @Load(
        value = {SINGLE_STREAM, MULTI_STREAM, OFFLINE, SERVER, CONCURRENCY},
        samplesPerQuery = 3,
        targetQps = 50,
        latencyBound = "p90 <= 10s",
        peakSearch = 3,
        concurrency = {1, 2},
        workers = 2)
    void work(Blackhole blackhole) {
      ListenerRun.work(20_000, blackhole);
    }
  }

  static class Unreachable {
    @Benchmark
    @Load(value = SERVER, latencyBound = "p90 <= 1us", peakSearch = 5, workers = 2)
    void work(Blackhole blackhole) {
      ListenerRun.work(20_000, blackhole);
    }
  }

  static class ForkedMultiStream {
    @Benchmark
    @Fork(2)
    @Load(value = MULTI_STREAM, samplesPerQuery = 2)
    void work(Blackhole blackhole) {
      ListenerRun.work(20_000, blackhole);
    }
  }

  static class OfflineAndMultiStream {
    @Benchmark
    @Load(
        value = {MULTI_STREAM, OFFLINE},
        samplesPerQuery = 2,
        workers = 2)
    void work(Blackhole blackhole) {
      ListenerRun.work(20_000, blackhole);
    }
  }

  @Test
  @DisplayName(
      "under a run-wide fork count, Offline, Server and Concurrency are measured in the JUnit JVM, not refused; MultiStream forks")
  void runWideForks() {
    ListenerRun.Outcome outcome =
        ListenerRun.into(tempDir.resolve("out"))
            .config("junit.bench.forks", "2")
            .run(OfflineAndMultiStream.class);
    assertThat(outcome.summary().getTestsSucceededCount())
        .as(outcome.out() + outcome.err())
        .isEqualTo(2);
    JsonNode multi = outcome.result("work", "[device=cpu, load=multi-stream, samples_per_query=2]");
    assertThat(multi.get("forks").get("completed").asInt()).isEqualTo(2);
    JsonNode offline = outcome.result("work", "[device=cpu, load=offline]");
    assertThat(offline.get("forks").isNull())
        .as("measured here: its workers share this JVM")
        .isTrue();
    assertThat(offline.get("load").get("queries").asLong()).isPositive();
  }

  static class GeneratingServer {
    @Benchmark
    @Generate(tokens = 4, promptTokens = 6)
    @Load(
        value = SERVER,
        targetQps = 20,
        latencyBound = "p90 <= 10s",
        ttftBound = "5s",
        tpotBound = "1s",
        workers = 2)
    void generate(@Model(block = Decoders.Tiny.class) OnnxModel model, Generator generator)
        throws Exception {
      generator.generate();
    }
  }

  private ListenerRun.Outcome run(Class<?> fixture) {
    return ListenerRun.into(tempDir.resolve("out"))
        .config("junit.bench.measurement.iterations", "60")
        .run(fixture);
  }

  @Test
  @DisplayName(
      "makes a node per scenario, Server rate, peak search and client count, each with its load figures")
  void everyScenario() {
    ListenerRun.Outcome outcome = run(Loaded.class);
    assertThat(outcome.summary().getTestsSucceededCount()).as(outcome.out()).isEqualTo(7);
    Map<String, List<CSVRecord>> samples =
        outcome.samplesCsv().stream().collect(Collectors.groupingBy(row -> row.get("result_id")));

    JsonNode single = outcome.result("work", "[device=cpu, load=single-stream]");
    assertThat(single.get("load").get("scenario").asText()).isEqualTo("single-stream");
    assertThat(single.get("load").get("queries").asLong()).isEqualTo(60);

    JsonNode multi = outcome.result("work", "[device=cpu, load=multi-stream, samples_per_query=3]");
    assertThat(multi.get("load").get("samples_per_query").asInt()).isEqualTo(3);
    long[] multiNs = nanos(samples.get(multi.get("id").asText()));
    double sum = Arrays.stream(multiNs).sum();
    assertThat(multi.get("throughput").get("value").asDouble())
        .as("3 samples per query")
        .isCloseTo(3 * 60 / (sum / 1e9), within(1e-6 * 3 * 60 / (sum / 1e9)));

    JsonNode offline = outcome.result("work", "[device=cpu, load=offline]");
    assertThat(offline.get("load").get("workers").asInt()).isEqualTo(2);
    assertThat(offline.get("load").get("queries").asLong()).isEqualTo(60);
    double wallMs = offline.get("load").get("wall_ms").asDouble();
    assertThat(offline.get("throughput").get("value").asDouble())
        .as("queries over wall time, not over summed latencies")
        .isCloseTo(60 / (wallMs / 1e3), within(1e-6 * 60 / (wallMs / 1e3)));

    JsonNode server = outcome.result("work", "[device=cpu, load=server, target_qps=50]");
    JsonNode load = server.get("load");
    assertThat(load.get("target_qps").asDouble()).isEqualTo(50);
    assertThat(load.get("scheduled_qps").asDouble())
        .isEqualTo(PoissonSchedule.of(50, 60, 42).scheduledQps());
    assertThat(load.get("achieved_qps").asDouble()).isPositive();
    assertThat(load.get("issue_lateness_ms").get("count").asLong()).isEqualTo(60);
    assertThat(load.get("service_ms").get("count").asLong()).isEqualTo(60);
    assertThat(load.get("latency_bound").get("bound").asText()).isEqualTo("p90 <= 10s");
    assertThat(load.get("latency_bound").get("held").asBoolean()).isTrue();
    assertThat(load.get("latency_bound").get("min_queries").asLong())
        .as("p90 with none over")
        .isEqualTo(44);
    assertThat(server.get("validity").get("target").asText()).isEqualTo("p90 <= 10s");
    assertThat(server.get("validity").get("valid").asBoolean()).isTrue();
    long[] latencies = nanos(samples.get(server.get("id").asText()));
    assertThat(latencies).hasSize(60);
    assertThat(server.get("latency_ms").get("median").asDouble())
        .as("recomputable from samples.csv")
        .isEqualTo(LatencySummary.of(latencies, 60).median());
    // Latency runs from the scheduled time: never below the service time of the same query.
    assertThat(server.get("latency_ms").get("min").asDouble())
        .isGreaterThanOrEqualTo(load.get("service_ms").get("min").asDouble());

    Map<String, List<CSVRecord>> queries =
        ListenerRun.parseCsv(outcome.text(QueriesCsv.FILE)).stream()
            .collect(Collectors.groupingBy(row -> row.get("result_id")));
    assertRecomputable(server, queries.get(server.get("id").asText()), latencies);
    assertRecomputable(
        offline,
        queries.get(offline.get("id").asText()),
        nanos(samples.get(offline.get("id").asText())));
    assertThat(queries)
        .as("only pooled scenarios have query times")
        .doesNotContainKey(single.get("id").asText());

    JsonNode peak =
        outcome
            .result("work", "[device=cpu, load=server, target_qps=peak]")
            .get("load")
            .get("peak");
    assertThat(peak.get("max_probes").asInt()).isEqualTo(3);
    assertThat(peak.get("probes")).hasSize(3);
    assertThat(peak.get("peak_qps").asDouble())
        .as("every probe holds a 10 s bound: the highest probed")
        .isEqualTo(peak.get("probes").get(2).get("target_qps").asDouble());

    for (int clients : new int[] {1, 2}) {
      JsonNode closed =
          outcome.result("work", "[device=cpu, load=concurrency, clients=" + clients + "]");
      assertThat(closed.get("load").get("workers").asInt()).isEqualTo(clients);
      assertThat(closed.get("load").get("queries").asLong()).isEqualTo(60);
    }
    assertThat(outcome.out())
        .contains(
            "load (MLPerf LoadGen scenarios; server latency from each query's scheduled"
                + " time):")
        .contains("p90 <= 10s");
    assertThat(outcome.printed()).contains("server at 50.00 qps (scheduled ");
  }

  @Test
  @DisplayName(
      "stops a peak search once the queries' own time misses the bound, no lower rate can meet it")
  void unreachableBound() {
    ListenerRun.Outcome outcome = run(Unreachable.class);
    JsonNode result = outcome.result("work", "[device=cpu, load=server, target_qps=peak]");
    JsonNode peak = result.get("load").get("peak");
    assertThat(peak.get("probes")).hasSize(1);
    assertThat(peak.get("peak_qps").isNull()).isTrue();
    assertThat(result.get("validity").get("valid").asBoolean()).isFalse();
    assertThat(result.get("validity").get("reason").asText())
        .contains("queries over 1.000 us: p90 <= 1us would need");
  }

  @Test
  @DisplayName("MultiStream in forks keeps its load group, its queries pooled over the forks")
  void forkedMultiStream() {
    ListenerRun.Outcome outcome =
        ListenerRun.into(tempDir.resolve("out")).run(ForkedMultiStream.class);
    assertThat(outcome.summary().getTestsSucceededCount())
        .as(outcome.out() + outcome.err())
        .isEqualTo(1);
    JsonNode result =
        outcome.result("work", "[device=cpu, load=multi-stream, samples_per_query=2]");
    assertThat(result.get("forks").get("completed").asInt()).isEqualTo(2);
    assertThat(result.get("load").get("queries").asLong()).isEqualTo(14);
    assertThat(result.get("load").get("samples_per_query").asInt()).isEqualTo(2);
    assertThat(result.get("load").get("wall_ms").asDouble())
        .isEqualTo(result.get("measurement").get("time_ms").asDouble());
    double sum = Arrays.stream(nanos(outcome.samplesCsv())).sum();
    assertThat(result.get("throughput").get("value").asDouble())
        .as("2 samples per query")
        .isCloseTo(2 * 14 / (sum / 1e9), within(1e-6 * 2 * 14 / (sum / 1e9)));
  }

  @Test
  @DisplayName(
      "under Server counts a request's tokens from its scheduled arrival and reports goodput")
  void generatingServer() {
    ListenerRun.Outcome outcome = run(GeneratingServer.class);
    assertThat(outcome.summary().getTestsSucceededCount()).as(outcome.out()).isEqualTo(1);
    JsonNode result = outcome.result("generate", "[device=cpu, load=server, target_qps=20]");
    JsonNode generation = result.get("generation");
    assertThat(generation.get("requests").asInt()).isEqualTo(60);
    List<CSVRecord> tokens = ListenerRun.parseCsv(outcome.text(TokensCsv.FILE));
    assertThat(tokens).hasSize(60 * 4);
    long[] latencies = nanos(outcome.samplesCsv());
    for (int q = 0; q < 60; q++) {
      long last = Long.parseLong(tokens.get(q * 4 + 3).get("ns"));
      // The last token is ready before the query completes, both counted from the scheduled time.
      assertThat(last).isLessThanOrEqualTo(latencies[q]);
    }
    JsonNode goodput = result.get("load").get("goodput");
    assertThat(goodput.get("requests").asLong()).isEqualTo(60);
    assertThat(goodput.get("ttft_bound_ms").asDouble()).isEqualTo(5000);
    assertThat(goodput.get("share").asDouble()).isEqualTo(goodput.get("good").asDouble() / 60);
    // The bounds held at the latency bound's percentile (p90 here) at 99% confidence, as MLPerf's
    // LLM rule holds them at p99.
    long[] ttft = new long[60];
    for (int q = 0; q < 60; q++) {
      ttft[q] = Long.parseLong(tokens.get(q * 4).get("ns"));
    }
    Arrays.sort(ttft);
    JsonNode ttftCheck = goodput.get("ttft_check");
    assertThat(ttftCheck.get("bound").asText()).isEqualTo("TTFT p90 <= 5.000 s");
    assertThat(ttftCheck.get("observed_ms").asDouble())
        .isEqualTo(Percentiles.type7(ttft, 60, 0.9) / 1e6);
    assertThat(goodput.get("tpot_check").get("bound").asText()).isEqualTo("TPOT p90 <= 1.000 s");
    assertThat(goodput.get("held").asBoolean())
        .isEqualTo(
            ttftCheck.get("held").asBoolean() && goodput.get("tpot_check").get("held").asBoolean());
    // Validity: the latency bound and both generation bounds.
    assertThat(result.get("validity").get("target").asText())
        .isEqualTo("p90 <= 10s, TTFT p90 <= 5.000 s, TPOT p90 <= 1.000 s");
  }

  /**
   * Every figure of {@code result}'s load group recomputed from its rows of queries.csv, as the
   * user guide defines it (docs/load.adoc).
   */
  private static void assertRecomputable(JsonNode result, List<CSVRecord> rows, long[] samplesNs) {
    JsonNode load = result.get("load");
    int n = rows.size();
    assertThat(n).isEqualTo(load.get("queries").asInt());
    long[] service = new long[n];
    long[] lateness = new long[n];
    long firstScheduled = Long.MAX_VALUE;
    long lastScheduled = Long.MIN_VALUE;
    long firstCompleted = Long.MAX_VALUE;
    long lastCompleted = Long.MIN_VALUE;
    for (int i = 0; i < n; i++) {
      CSVRecord row = rows.get(i);
      assertThat(row.get("query")).isEqualTo(String.valueOf(i + 1));
      long scheduled = Long.parseLong(row.get("scheduled_ns"));
      long issued = Long.parseLong(row.get("issued_ns"));
      long started = Long.parseLong(row.get("started_ns"));
      long completed = Long.parseLong(row.get("completed_ns"));
      assertThat(Integer.parseInt(row.get("worker"))).isBetween(0, load.get("workers").asInt() - 1);
      assertThat(issued).isGreaterThanOrEqualTo(scheduled);
      assertThat(started).isGreaterThanOrEqualTo(issued);
      service[i] = completed - started;
      lateness[i] = issued - scheduled;
      boolean server = load.get("scenario").asText().equals("server");
      // Server: latency from the scheduled time; the others: the query's own time.
      assertThat(samplesNs[i]).isEqualTo(server ? completed - scheduled : completed - started);
      firstScheduled = Math.min(firstScheduled, scheduled);
      lastScheduled = Math.max(lastScheduled, scheduled);
      firstCompleted = Math.min(firstCompleted, completed);
      lastCompleted = Math.max(lastCompleted, completed);
    }
    double achieved = (n - 1) / ((lastCompleted - firstCompleted) / 1e9);
    assertThat(load.get("achieved_qps").asDouble()).isCloseTo(achieved, within(achieved * 1e-9));
    assertThat(load.get("wall_ms").asDouble()).isCloseTo(lastCompleted / 1e6, within(1e-6));
    if (load.get("scenario").asText().equals("server")) {
      double scheduled = (n - 1) / ((lastScheduled - firstScheduled) / 1e9);
      assertThat(load.get("scheduled_qps").asDouble())
          .isCloseTo(scheduled, within(scheduled * 1e-9));
      assertThat(load.get("service_ms").get("median").asDouble())
          .isEqualTo(LatencySummary.of(service, n).median());
      assertThat(load.get("issue_lateness_ms").get("p99").asDouble())
          .isEqualTo(LatencySummary.of(lateness, n).p99());
    }
    double throughput = n / (lastCompleted / 1e9);
    assertThat(result.get("throughput").get("value").asDouble())
        .isCloseTo(throughput, within(throughput * 1e-9));
  }

  private static long[] nanos(List<CSVRecord> rows) {
    return rows.stream().mapToLong(row -> Long.parseLong(row.get("latency_ns"))).toArray();
  }

  static class BadLoads {
    @Benchmark
    @Load(value = SERVER, targetQps = 0)
    void zeroRate() {}

    @Benchmark
    @Load(value = SERVER, targetQps = 10, latencyBound = "99 under 5ms")
    void badBound() {}

    @Benchmark
    @Load(value = SERVER, targetQps = 10, latencyBound = "p100 <= 5ms")
    void badPercentile() {}

    @Benchmark
    @Load(
        value = CONCURRENCY,
        concurrency = {0, 2})
    void noClients() {}

    @Benchmark
    @Load(SERVER)
    void serverWithoutRates() {}

    @Benchmark
    @Load(value = SERVER, peakSearch = 3)
    void peakWithoutBound() {}

    @Benchmark
    @Load(value = MULTI_STREAM, samplesPerQuery = 0)
    void emptyQuery() {}

    @Benchmark
    @Fork(2)
    @Load(value = OFFLINE)
    void forkedOffline() {}

    @Benchmark
    @Load(value = SERVER, targetQps = 5, ttftBound = "1s")
    void ttftWithoutGenerate() {}

    @Benchmark
    @Load(value = OFFLINE, targetQps = 5)
    void rateWithoutServer() {}
  }

  private static String failure(String method) {
    return BenchmarkTestKit.with().run(BadLoads.class, method).failure("[invalid configuration]");
  }

  @Test
  @DisplayName("with bad input fails with a message naming the annotation and the fix")
  void badInput() {
    String of = " of " + BadLoads.class.getName() + "#";
    assertThat(failure("zeroRate"))
        .isEqualTo(
            "@Load(targetQps = [0.0]) on zeroRate"
                + of
                + "zeroRate is not valid:"
                + " each target rate must be a positive number of queries per second, e.g. targetQps = {20, 40}");
    assertThat(failure("badBound"))
        .isEqualTo(
            "@Load(latencyBound = \"99 under 5ms\") on badBound"
                + of
                + "badBound is"
                + " not valid: write a percentile and a duration, e.g. latencyBound = \"p99 <= 50ms\" or \"p90 <= 1.5s\"");
    assertThat(failure("badPercentile"))
        .startsWith(
            "@Load(latencyBound = \"p100 <= 5ms\") on badPercentile"
                + of
                + "badPercentile is not valid: write a percentile");
    assertThat(failure("noClients"))
        .isEqualTo(
            "@Load(concurrency = [0, 2]) on noClients"
                + of
                + "noClients is not"
                + " valid: each client count must be at least 1, e.g. concurrency = {1, 2, 4}");
    assertThat(failure("serverWithoutRates"))
        .isEqualTo(
            "@Load(SERVER) on serverWithoutRates"
                + of
                + "serverWithoutRates is not valid: a Server run needs target rates or a peak search; add targetQps = {20,"
                + " 40}, or peakSearch = 4 with a latencyBound");
    assertThat(failure("peakWithoutBound"))
        .endsWith(
            "is not valid: a peak search looks for the highest rate that"
                + " meets the latency bound; add latencyBound = \"p99 <= 50ms\"");
    assertThat(failure("emptyQuery"))
        .isEqualTo(
            "@Load(samplesPerQuery = 0) on emptyQuery"
                + of
                + "emptyQuery is not"
                + " valid: a MultiStream query holds at least 1 sample, e.g. samplesPerQuery = 8");
    assertThat(failure("forkedOffline"))
        .startsWith(
            "@Load on forkedOffline"
                + of
                + "forkedOffline with @Fork(2) is"
                + " not valid: Offline, Server and Concurrency scenarios are measured in the JUnit JVM");
    assertThat(failure("ttftWithoutGenerate"))
        .endsWith(
            "is not valid: they bound the requests of a generating"
                + " benchmark under Server; add @Generate and LoadScenario.SERVER, or leave them out");
    assertThat(failure("rateWithoutServer"))
        .endsWith(
            "is not valid: they apply to LoadScenario.SERVER, which the"
                + " annotation does not list; add SERVER to its scenarios or leave them out");
  }
}
