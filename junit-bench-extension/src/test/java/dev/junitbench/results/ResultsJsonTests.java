package dev.junitbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Param;
import dev.junitbench.SequenceLengths;
import dev.junitbench.backends.Backends;
import dev.junitbench.infra.Scenario;
import dev.junitbench.testkit.ListenerRun;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.Set;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("results.json")
class ResultsJsonTests {

  private static final String FIXTURE = ResultsJsonTestCases.class.getName();

  @TempDir static Path tempDir;

  private static ListenerRun run;
  private static ListenerRun.Outcome outcome;
  private static Instant before;
  private static Instant after;

  @BeforeAll
  static void runFixture() {
    before = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    run = ListenerRun.into(tempDir);
    outcome = run.run(ResultsJsonTestCases.class);
    after = Instant.now();
  }

  @Test
  @DisplayName("has the schema version and a run with an id, a start and an end in ISO-8601 UTC")
  void runIdentityAndTimes() {
    JsonNode json = outcome.json();
    assertThat(json.get("schema_version").isInt()).isTrue();
    assertThat(json.get("schema_version").asInt())
        .isEqualTo(ResultsDocument.SCHEMA_VERSION)
        .isEqualTo(1);

    JsonNode runNode = json.get("run");
    String id = runNode.get("id").asText();
    assertThat(id).isNotBlank();
    assertThat(outcome.runDir().getFileName().toString()).endsWith("-" + id);

    String startedText = runNode.get("started_at").asText();
    String finishedText = runNode.get("finished_at").asText();
    assertThat(startedText).endsWith("Z");
    assertThat(finishedText).endsWith("Z");
    Instant started = Instant.parse(startedText);
    Instant finished = Instant.parse(finishedText);
    assertThat(started).isBetween(before, after);
    assertThat(finished).isBetween(started, after);
  }

  @Test
  @DisplayName("records the git checkout as an object with commit, branch and dirty, or as null")
  void git() {
    JsonNode git = outcome.json().get("run").get("git");
    assertThat(git).as("run.git must be present (null outside git)").isNotNull();
    if (!git.isNull()) {
      assertThat(git.isObject()).isTrue();
      assertThat(git.get("commit").asText()).matches("[0-9a-f]{40}");
      assertThat(git.has("branch")).isTrue();
      assertThat(git.get("dirty").isBoolean()).isTrue();
    }
  }

  @Test
  @DisplayName(
      "describes the host and the software: OS, processors, memory, Java and JUnit versions")
  void hostAndSoftware() {
    JsonNode host = outcome.json().get("run").get("host");
    assertThat(host.get("os_name").asText()).isEqualTo(System.getProperty("os.name"));
    assertThat(host.get("available_processors").asInt())
        .isEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(host.get("total_memory_bytes").isIntegralNumber()).isTrue();
    assertThat(host.get("total_memory_bytes").asLong()).isPositive();

    JsonNode software = outcome.json().get("run").get("software");
    assertThat(software.get("java_version").asText()).isEqualTo(System.getProperty("java.version"));
    assertThat(software.get("junit_platform_version").asText()).matches("\\d+\\.\\d+.*");
    assertThat(software.get("junit_jupiter_version").asText()).matches("\\d+\\.\\d+.*");
    // Only the runtimes this process really loaded (other tests of this JVM may have loaded some).
    Map<String, String> loaded = Backends.load(getClass().getClassLoader()).runtimeVersions();
    assertThat(software.get("runtimes").size()).isEqualTo(loaded.size());
    loaded.forEach(
        (name, version) ->
            assertThat(software.get("runtimes").get(name).asText()).isEqualTo(version));
    assertThat(software.get("jvm_arguments").isArray()).isTrue();
    assertThat(software.get("garbage_collectors").size()).isPositive();
    assertThat(software.get("jvm_max_heap_bytes").asLong())
        .isEqualTo(Runtime.getRuntime().maxMemory());
  }

  @Test
  @DisplayName(
      "describes the machine through OSHI: CPU vendor and cores, distribution, kernel, host name, GPUs")
  void hostThroughOshi() {
    JsonNode host = outcome.json().get("run").get("host");
    assertThat(host.get("cpu_vendor").asText()).isNotBlank();
    assertThat(host.get("cpu_logical_cores").asInt()).isPositive();
    assertThat(host.get("cpu_physical_cores").asInt()).isPositive();
    assertThat(host.get("distribution").asText()).isNotBlank();
    assertThat(host.get("kernel").asText()).isNotBlank();
    assertThat(host.get("name").asText()).isNotBlank();
    assertThat(host.get("gpus").isArray()).isTrue();
    assertThat(host.has("container")).isTrue();
    assertThat(outcome.json().get("run").get("warnings").isArray()).isTrue();
  }

  @Test
  @DisplayName("leaves the host name out when asked to")
  void hostNameLeftOut(@TempDir Path otherDir) {
    ListenerRun.Outcome withoutName =
        ListenerRun.into(otherDir)
            .config("junit.bench.host.include-name", "false")
            .config("junit.bench.warmup.iterations", "0")
            .config("junit.bench.measurement.iterations", "2")
            .run(ResultsJsonTestCases.class);
    assertThat(withoutName.json().get("run").get("host").get("name").isNull()).isTrue();
    assertThat(
            withoutName
                .json()
                .get("run")
                .get("config")
                .get("junit.bench.host.include-name")
                .asText())
        .isEqualTo("false");
  }

  @Test
  @DisplayName(
      "gives each passed result what it cost besides time: memory, utilization and energy, or why not")
  void resources() {
    for (JsonNode result : outcome.json().get("results")) {
      JsonNode memory = result.get("memory");
      assertThat(memory.get("rss_peak_mb").asDouble())
          .isPositive()
          .isGreaterThanOrEqualTo(memory.get("rss_avg_mb").asDouble());
      assertThat(memory.get("heap_peak_mb").asDouble()).isPositive();
      JsonNode utilization = result.get("utilization");
      // Positive, or null where the measurement was shorter than the CPU clock's resolution.
      assertThat(
              utilization.get("cpu_process_pct").isNull()
                  ? 1.0
                  : utilization.get("cpu_process_pct").asDouble())
          .isPositive();
      assertThat(utilization.get("gc_count").isIntegralNumber()).isTrue();
      for (JsonNode group : List.of(memory, utilization, result.get("energy"))) {
        // A null figure always comes with the reason; a group with every figure present has none.
        boolean anyNull = false;
        for (var field : (Iterable<Entry<String, JsonNode>>) group::fields) {
          anyNull |=
              !field.getKey().equals("unavailable_reason")
                  && !field.getKey().equals("source")
                  && field.getValue().isNull();
        }
        assertThat(group.get("unavailable_reason").isNull()).as("%s", group).isEqualTo(!anyNull);
      }
    }
  }

  @Test
  @DisplayName("records the configuration in force: the output folder and every override given")
  void config() {
    JsonNode config = outcome.json().get("run").get("config");
    assertThat(config.get("junit.bench.output.dir").asText()).isEqualTo(tempDir.toString());
    run.config()
        .forEach(
            (key, value) -> assertThat(config.path(key).asText(null)).as(key).isEqualTo(value));
  }

  @Test
  @DisplayName(
      "holds one passed result per scenario, each with a unique id, its fqcn#method and display name")
  void resultIdentity() {
    List<JsonNode> results = outcome.results();
    assertThat(results).hasSize(6);
    assertThat(results).extracting(r -> r.get("id").asInt()).doesNotHaveDuplicates();
    assertThat(results)
        .allSatisfy(
            r -> {
              assertThat(r.get("id").isInt()).isTrue();
              assertThat(r.get("status").asText()).isEqualTo("passed");
              assertThat(r.get("error").isNull()).isTrue();
            });
    assertThat(results)
        .extracting(r -> r.get("benchmark").asText() + " " + r.get("display_name").asText())
        .containsExactlyInAnyOrder(
            FIXTURE
                + "#withParams [device=cpu, batch_size=1, sequence_length=16, precision=fp32, layout=nhwc]",
            FIXTURE
                + "#withParams [device=cpu, batch_size=1, sequence_length=16, precision=int8, layout=nhwc]",
            FIXTURE
                + "#withParams [device=cpu, batch_size=8, sequence_length=16, precision=fp32, layout=nhwc]",
            FIXTURE
                + "#withParams [device=cpu, batch_size=8, sequence_length=16, precision=int8, layout=nhwc]",
            FIXTURE + "#batched [device=cpu, batch_size=4]",
            FIXTURE + "#bare [device=cpu]");
    // What baselines match on: benchmark + params, unique in the run.
    Set<String> keys = new HashSet<>();
    results.forEach(
        r -> assertThat(keys.add(r.get("benchmark").asText() + r.get("params"))).isTrue());
  }

  @Test
  @DisplayName(
      "lists the params that apply, in declaration order, custom params only where declared")
  void params() {
    JsonNode withParams =
        outcome
            .result(
                "withParams",
                "[device=cpu, batch_size=8, sequence_length=16, precision=int8, layout=nhwc]")
            .get("params");
    assertThat(fieldNames(withParams))
        .containsExactly("device", "batch_size", "sequence_length", "precision", "layout");
    assertThat(withParams.get("device").asText()).isEqualTo("cpu");
    assertThat(withParams.get("batch_size").isInt()).isTrue();
    assertThat(withParams.get("batch_size").asInt()).isEqualTo(8);
    assertThat(withParams.get("sequence_length").asInt()).isEqualTo(16);
    assertThat(withParams.get("precision").asText()).isEqualTo("int8");
    assertThat(withParams.get("layout").asText()).isEqualTo("nhwc");

    JsonNode batched = outcome.result("batched", "[device=cpu, batch_size=4]").get("params");
    assertThat(fieldNames(batched)).containsExactly("device", "batch_size");
    JsonNode bare = outcome.result("bare", "[device=cpu]").get("params");
    assertThat(fieldNames(bare)).containsExactly("device");
  }

  @Test
  @DisplayName(
      "records warm-up and measurement as they ran: iterations and a wall time covering the samples")
  void phases() {
    for (JsonNode result : outcome.results()) {
      JsonNode warmup = result.get("warmup");
      JsonNode measurement = result.get("measurement");
      assertThat(warmup.get("iterations").asInt()).as("warm-up of %s", result).isEqualTo(1);
      assertThat(measurement.get("iterations").asInt())
          .as("measurement of %s", result)
          .isEqualTo(7);
      assertThat(warmup.get("time_ms").isNumber()).isTrue();
      assertThat(warmup.get("time_ms").asDouble()).isPositive();
      double sumMs = Arrays.stream(samplesOf(result)).sum() / 1e6;
      assertThat(measurement.get("time_ms").asDouble())
          .as("measurement time of %s", result)
          .isGreaterThanOrEqualTo(sumMs);
    }
  }

  @Test
  @DisplayName(
      "holds latency statistics equal to those recomputed from the result's rows of samples.csv")
  void latencyMatchesSamples() {
    for (JsonNode result : outcome.results()) {
      JsonNode latency = result.get("latency_ms");
      assertThat(fieldNames(latency))
          .containsExactlyInAnyOrder(
              "count",
              "mean",
              "median",
              "std",
              "min",
              "max",
              "p25",
              "p75",
              "p90",
              "p95",
              "p99",
              "p999",
              "ci95_low",
              "ci95_high",
              "outliers");
      long[] samples = samplesOf(result);
      assertThat(samples).hasSize(7);
      Map<String, Double> expected = Recomputed.of(samples);
      assertThat(latency.get("count").asLong()).isEqualTo(samples.length);
      assertThat(latency.get("outliers").isIntegralNumber()).isTrue();
      assertThat(latency.get("outliers").asLong())
          .as("outliers of %s", result)
          .isEqualTo(expected.get("outliers").longValue());
      expected.forEach(
          (name, value) -> {
            if (!name.equals("outliers")) {
              JsonNode actual = latency.get(name);
              assertThat(actual.isNumber()).as("%s of %s", name, result).isTrue();
              assertThat(actual.asDouble())
                  .as("%s of result %s", name, result.get("id"))
                  .isCloseTo(value, within(1e-9 * Math.max(1e-3, Math.abs(value))));
            }
          });
    }
  }

  @Test
  @DisplayName("holds throughput = batch size x count / sum of the latencies, in samples/s")
  void throughput() {
    for (JsonNode result : outcome.results()) {
      long[] samples = samplesOf(result);
      double sumSeconds = Arrays.stream(samples).sum() / 1e9;
      int batchSize = result.get("params").path("batch_size").asInt(1);
      double expected = batchSize * samples.length / sumSeconds;
      JsonNode throughput = result.get("throughput");
      assertThat(throughput.get("unit").asText()).isEqualTo("samples/s");
      assertThat(throughput.get("value").asDouble())
          .as("throughput of %s", result.get("display_name"))
          .isCloseTo(expected, within(expected * 1e-9));
    }
  }

  @Test
  @DisplayName("never holds NaN or Infinity, writing null for figures undefined at one sample")
  void noNonFiniteNumbers(@TempDir Path singleDir) {
    assertThat(outcome.text(ResultsJson.FILE)).doesNotContain("NaN").doesNotContain("Infinity");

    ListenerRun.Outcome single =
        ListenerRun.into(singleDir)
            .config("junit.bench.measurement.iterations", "1")
            .run(ResultsJsonTestCases.class);
    String text = single.text(ResultsJson.FILE);
    assertThat(text).doesNotContain("NaN").doesNotContain("Infinity");
    JsonNode latency = single.result("bare", "[device=cpu]").get("latency_ms");
    assertThat(latency.get("count").asInt()).isEqualTo(1);
    assertThat(latency.get("std").isNull()).isTrue();
    assertThat(latency.get("ci95_low").isNull()).isTrue();
    assertThat(latency.get("ci95_high").isNull()).isTrue();
    assertThat(latency.get("median").asDouble())
        .isEqualTo(latency.get("min").asDouble())
        .isPositive();
  }

  /** The latencies of {@code result} from samples.csv, in iteration order. */
  private static long[] samplesOf(JsonNode result) {
    String id = result.get("id").asText();
    List<CSVRecord> rows =
        outcome.samplesCsv().stream()
            .filter(row -> row.get("result_id").equals(id))
            .sorted(
                (a, b) ->
                    Integer.compare(
                        Integer.parseInt(a.get("iteration")), Integer.parseInt(b.get("iteration"))))
            .toList();
    return rows.stream().mapToLong(row -> Long.parseLong(row.get("latency_ns"))).toArray();
  }

  static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  /**
   * The contract's statistics, computed the plain way: sort, type-7 interpolation, two-pass std.
   */
  static final class Recomputed {

    static Map<String, Double> of(long[] samplesNs) {
      double[] x = Arrays.stream(samplesNs).mapToDouble(ns -> ns / 1e6).sorted().toArray();
      int n = x.length;
      double mean = Arrays.stream(x).sum() / n;
      double squares = 0;
      for (double v : x) {
        squares += (v - mean) * (v - mean);
      }
      double p25 = percentile(x, 0.25);
      double p75 = percentile(x, 0.75);
      // The fences in nanoseconds, where the samples are whole numbers: in milliseconds a sample
      // lying exactly on a fence can fall either side of it by a rounding error.
      double[] ns = Arrays.stream(samplesNs).mapToDouble(v -> v).sorted().toArray();
      double q1 = percentile(ns, 0.25);
      double q3 = percentile(ns, 0.75);
      double iqr = q3 - q1;
      long outliers =
          Arrays.stream(ns).filter(v -> v < q1 - 1.5 * iqr || v > q3 + 1.5 * iqr).count();
      Map<String, Double> stats = new LinkedHashMap<>();
      stats.put("count", (double) n);
      stats.put("mean", mean);
      stats.put("median", percentile(x, 0.5));
      stats.put("std", Math.sqrt(squares / (n - 1)));
      stats.put("min", x[0]);
      stats.put("max", x[n - 1]);
      stats.put("p25", p25);
      stats.put("p75", p75);
      stats.put("p90", percentile(x, 0.90));
      stats.put("p95", percentile(x, 0.95));
      stats.put("p99", percentile(x, 0.99));
      stats.put("p999", percentile(x, 0.999));
      int k = lowerRank(n);
      stats.put("ci95_low", x[k - 1]);
      stats.put("ci95_high", x[n - k]);
      stats.put("outliers", (double) outliers);
      return stats;
    }

    /** numpy's default: h = (n-1)p, interpolate between x[floor h] and x[floor h + 1]. */
    static double percentile(double[] sorted, double p) {
      double h = (sorted.length - 1) * p;
      int lo = (int) Math.floor(h);
      int hi = Math.min(lo + 1, sorted.length - 1);
      return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }

    /** Largest k with P(B <= k-1) <= 2.5%, B ~ Binomial(n, 1/2), by exact integer arithmetic. */
    static int lowerRank(int n) {
      BigInteger total = BigInteger.TWO.pow(n);
      BigInteger below = BigInteger.ZERO; // sum of C(n, i), i < k
      int k = 0;
      for (int candidate = 1; candidate <= n; candidate++) {
        below = below.add(binomial(n, candidate - 1));
        if (below.multiply(BigInteger.valueOf(40)).compareTo(total) <= 0) {
          k = candidate;
        } else {
          break;
        }
      }
      if (k == 0) {
        throw new AssertionError("no 95% interval of the median for n = " + n);
      }
      return k;
    }

    private static BigInteger binomial(int n, int r) {
      BigInteger value = BigInteger.ONE;
      for (int i = 0; i < r; i++) {
        value = value.multiply(BigInteger.valueOf(n - i)).divide(BigInteger.valueOf(i + 1));
      }
      return value;
    }
  }

  static class ResultsJsonTestCases {

    @Benchmark
    @BatchSizes({1, 8})
    @SequenceLengths(16)
    @Param(
        name = "precision",
        values = {"fp32", "int8"})
    @Param(name = "layout", values = "nhwc")
    void withParams(Scenario scenario, Blackhole blackhole) {
      ListenerRun.work(200 * scenario.batchSize(), blackhole);
    }

    @Benchmark
    @BatchSizes(4)
    void batched(Blackhole blackhole) {
      ListenerRun.work(500, blackhole);
    }

    @Benchmark
    void bare(Blackhole blackhole) {
      ListenerRun.work(300, blackhole);
    }
  }
}
