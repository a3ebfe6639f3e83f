package dev.junitbench.results;

import static dev.junitbench.results.JmhResultFileTests.entry;
import static dev.junitbench.results.JmhResultFileTests.fixture;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.DoubleStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A JMH result file read as a run")
class JmhResultFileReadingTests {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir Path tempDir;

  private RunFolder read(String name, String content) throws IOException {
    return RunFolder.read(Files.writeString(tempDir.resolve(name), content));
  }

  private static String primary(String unit, String rawData) {
    return "\"score\":1.0,\"scoreUnit\":\"" + unit + "\",\"rawData\":" + rawData;
  }

  /** Type-7 (numpy's default, R's 7) percentile of {@code sorted}, computed as its definition. */
  private static double type7(double[] sorted, double p) {
    double h = (sorted.length - 1) * p;
    int lo = (int) Math.floor(h);
    int hi = Math.min(lo + 1, sorted.length - 1);
    return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
  }

  @Test
  @DisplayName("the 1.19 shape: no vmName, JMH's version, every entry, three forks, in ms per op")
  void jmh119() throws IOException {
    Path file = Files.write(tempDir.resolve("jmh-1.19.json"), fixture("jmh-1.19-thrpt.json"));
    RunFolder run = RunFolder.read(file);
    assertThat(run.jmhVersion()).isEqualTo("1.19");
    assertThat(JmhResultFile.describe(run.run())).isEqualTo("JMH 1.19 result file");
    assertThat(run.name()).isEqualTo("jmh-1.19.json");
    assertThat(run.resultsFile()).isEqualTo(file.toAbsolutePath());
    assertThat(run.run().software().javaVmName()).isNull();
    assertThat(run.run().software().javaVersion()).isEqualTo("17.0.15");
    assertThat(run.run().warnings()).singleElement().asString().contains("a JMH 1.19 result file");
    assertThat(run.results())
        .extracting(ScenarioResult::benchmark)
        .containsExactly(
            "com.example.bench.CollectionBenchmark#arrayListAdd",
            "com.example.bench.CollectionBenchmark#arrayListAdd",
            "com.example.bench.HashingBenchmark#crc32",
            "com.example.bench.HashingBenchmark#stringHashCode");
    assertThat(run.results()).extracting(ScenarioResult::id).containsExactly(1, 2, 3, 4);
    ScenarioResult first = run.results().get(0);
    assertThat(first.params()).isEqualTo(Map.of("mode", "thrpt", "size", "10"));
    assertThat(first.status()).isEqualTo(Status.PASSED);
    // The throughput of the judged time per operation, the forks' centre.
    assertThat(first.throughput().value()).isEqualTo(1e3 / first.forks().medianMs());
    assertThat(first.throughput().unit()).isEqualTo("ops/s");
    JsonNode raw = MAPPER.readTree(file.toFile()).get(0).get("primaryMetric").get("rawData");
    double[] ms = new double[15];
    for (int i = 0; i < 15; i++) {
      ms[i] = 1000 / raw.get(i / 5).get(i % 5).asDouble();
    }
    Arrays.sort(ms);
    assertThat(first.latencyMs().count()).isEqualTo(15);
    assertThat(first.latencyMs().median()).isCloseTo(type7(ms, 0.5), within(1e-18));
    assertThat(first.forks().planned()).isEqualTo(3);
    assertThat(first.forks().runs()).hasSize(3);
    assertThat(first.measurement().iterations()).isEqualTo(5);
    assertThat(first.samplesNs()).isNull();
    assertThat(run.hasSamples()).isFalse();
  }

  @Test
  @DisplayName("a file without jmhVersion (before 1.19): version unknown")
  void noVersion() throws IOException {
    ArrayNode entries = (ArrayNode) MAPPER.readTree(fixture("jmh-1.19-thrpt.json"));
    entries.forEach(e -> ((ObjectNode) e).remove(List.of("jmhVersion", "jvm", "jdkVersion")));
    RunFolder run = read("old.json", MAPPER.writeValueAsString(entries));
    assertThat(run.jmhVersion()).isEqualTo(JmhResultFile.UNKNOWN_VERSION).isEqualTo("unknown");
    assertThat(JmhResultFile.describe(run.run()))
        .isEqualTo("JMH result file (version not recorded)");
    assertThat(run.run().warnings())
        .singleElement()
        .asString()
        .startsWith("read from a JMH result");
    assertThat(run.results()).hasSize(4);
  }

  @Test
  @DisplayName(
      "every scenario gets a mode param, in front of its own: one benchmark in two modes is two")
  void twoModes() throws IOException {
    String params = "{\"size\":\"10\"}";
    RunFolder run =
        read(
            "modes.json",
            "["
                + entry("a.B.c", "thrpt", params, primary("ops/ms", "[[2.0]]"))
                + ","
                + entry("a.B.c", "avgt", params, primary("ms/op", "[[0.5]]"))
                + ","
                + entry("a.B.d", "avgt", null, primary("ms/op", "[[0.5]]"))
                + "]");
    assertThat(run.results())
        .extracting(ScenarioResult::params)
        .containsExactly(
            Map.of("mode", "thrpt", "size", "10"),
            Map.of("mode", "avgt", "size", "10"),
            Map.of("mode", "avgt"));
    assertThat(run.results().get(0).params().keySet()).containsExactly("mode", "size");
    assertThat(run.results().get(0).displayName()).isEqualTo("[mode=thrpt, size=10]");
    assertThat(run.results().get(0).key()).isNotEqualTo(run.results().get(1).key());
  }

  @Test
  @DisplayName("a throughput becomes the time of one operation (1 / throughput), kept in ops/s")
  void throughput() throws IOException {
    RunFolder run =
        read(
            "thrpt.json",
            "["
                + entry("a.B.perMs", "thrpt", null, primary("ops/ms", "[[2.0,4.0,5.0]]"))
                + ","
                + entry("a.B.perUs", "thrpt", null, primary("ops/us", "[[2.0]]"))
                + ","
                + entry("a.B.perS", "thrpt", null, primary("ops/s", "[[250.0]]"))
                + "]");
    ScenarioResult perMs = run.results().get(0);
    assertThat(perMs.latencyMs().min()).isEqualTo(1 / 5.0);
    assertThat(perMs.latencyMs().median()).isEqualTo(1 / 4.0);
    assertThat(perMs.latencyMs().max()).isEqualTo(1 / 2.0);
    // The throughput of the median time per operation, the figure judged: 4 ops/ms.
    assertThat(perMs.throughput().value()).isEqualTo(4000.0);
    assertThat(run.results().get(1).latencyMs().median()).isEqualTo(0.001 / 2.0);
    assertThat(run.results().get(1).throughput().value()).isEqualTo(2e6);
    assertThat(run.results().get(2).latencyMs().median()).isEqualTo(1000 / 250.0);
    assertThat(run.results().get(2).throughput().value()).isEqualTo(250.0);
  }

  @Test
  @DisplayName("an average time in ns/op becomes ms per op, without a throughput")
  void averageTime() throws IOException {
    ScenarioResult result =
        read("avgt.json", "[" + entry("a.B.c", "avgt", null, primary("ns/op", "[[100.0]]")) + "]")
            .results()
            .get(0);
    assertThat(result.latencyMs().median()).isCloseTo(1e-4, within(1e-18));
    assertThat(result.throughput()).isNull();
    assertThat(result.forks()).isNull();
  }

  @Test
  @DisplayName("sample mode: the histograms' weighted median, and the samples expanded in ns")
  void sampleMode() throws IOException {
    RunFolder run =
        read(
            "sample.json",
            "["
                + entry(
                    "a.B.c",
                    "sample",
                    null,
                    "\"score\":2.0,\"scoreUnit\":\"ms/op\",\"rawDataHistogram\":"
                        + "[[[[1.0,3],[3.0,1]],[[1.0,1],[3.0,3]]]]")
                + "]");
    ScenarioResult result = run.results().get(0);
    // 1, 1, 1, 1, 3, 3, 3, 3: type-7 median halfway between the 4th and the 5th
    assertThat(result.latencyMs().count()).isEqualTo(8);
    assertThat(result.latencyMs().median()).isEqualTo(2.0);
    assertThat(result.latencyMs().mean()).isEqualTo(2.0);
    assertThat(run.hasSamples()).isTrue();
    assertThat(run.samples().of(1))
        .containsExactly(
            1_000_000, 1_000_000, 1_000_000, 1_000_000, 3_000_000, 3_000_000, 3_000_000, 3_000_000);
  }

  @Test
  @DisplayName(
      "sample mode: a fork's figure is its median iteration mean, as JMH scores an iteration;"
          + " its count, its samples")
  void sampleModeForks() throws IOException {
    RunFolder run =
        read(
            "sample-forks.json",
            "["
                + entry(
                    "a.B.c",
                    "sample",
                    null,
                    "\"score\":2.0,\"scoreUnit\":\"ms/op\",\"rawDataHistogram\":"
                        + "[[[[1.0,3],[3.0,1]],[[1.0,1],[3.0,3]]],[[[2.0,2]],[[4.0,2]]]]")
                + "]");
    ForkFigures forks = run.results().get(0).forks();
    // Iteration means 1.5 and 2.5, then 2 and 4.
    assertThat(forks.runs()).extracting(ForkRun::medianMs).containsExactly(2.0, 3.0);
    assertThat(forks.runs()).extracting(ForkRun::count).containsExactly(8L, 4L);
    assertThat(forks.medianMs()).isCloseTo(Math.sqrt(6.0), within(1e-12));
    assertThat(run.samples().of(1)).hasSize(12);
  }

  @Test
  @DisplayName("sample mode: a file holds at most 16 million samples in all, summarised beyond")
  void heldSamplesBounded() throws IOException {
    String fork = "[[[1.0,1000000]]]";
    String many = "[" + String.join(",", Collections.nCopies(16, fork)) + "]";
    String head = "\"score\":1.0,\"scoreUnit\":\"ms/op\",\"rawDataHistogram\":";
    RunFolder run =
        read(
            "held.json",
            "["
                + entry("a.B.one", "sample", null, head + "[" + fork + "]")
                + ","
                + entry("a.B.many", "sample", null, head + many)
                + "]");
    assertThat(run.results().get(0).samplesNs()).hasSize(1_000_000);
    ScenarioResult beyond = run.results().get(1);
    assertThat(beyond.samplesNs()).isNull();
    assertThat(beyond.latencyMs().count()).isEqualTo(16_000_000L);
    assertThat(beyond.latencyMs().median()).isEqualTo(1.0);
    assertThat(beyond.forks().runs()).hasSize(16);
    assertThat(run.samples().of(2)).isNull();
  }

  @Test
  @DisplayName("one fork (-f 1): no fork figures")
  void oneFork() throws IOException {
    ScenarioResult result =
        read("f1.json", "[" + entry("a.B.c", "avgt", null, primary("us/op", "[[1,2,3]]")) + "]")
            .results()
            .get(0);
    assertThat(result.forks()).isNull();
    assertThat(result.latencyMs().median()).isEqualTo(0.002);
  }

  @Test
  @DisplayName("five forks: five runs, centred on the geometric mean of the fork medians")
  void fiveForks() throws IOException {
    String raw = "[[1,2,3],[2,4,6],[1,1,1],[8,9,10],[3,4,5]]";
    ScenarioResult result =
        read("f5.json", "[" + entry("a.B.c", "avgt", null, primary("ms/op", raw)) + "]")
            .results()
            .get(0);
    ForkFigures forks = result.forks();
    assertThat(forks.completed()).isEqualTo(5);
    assertThat(forks.runs()).hasSize(5);
    assertThat(forks.runs()).extracting(ForkRun::medianMs).containsExactly(2.0, 4.0, 1.0, 9.0, 4.0);
    assertThat(forks.runs()).extracting(ForkRun::count).containsOnly(3L);
    double geometric =
        Math.exp(DoubleStream.of(2, 4, 1, 9, 4).map(Math::log).average().orElseThrow());
    assertThat(forks.medianMs()).isCloseTo(geometric, within(1e-12));
    assertThat(forks.ci95Low()).isLessThan(geometric);
    assertThat(forks.ci95High()).isGreaterThan(geometric);
    assertThat(result.latencyMs().count()).isEqualTo(15);
  }

  @Test
  @DisplayName("gc.alloc.rate.norm is bytes per operation, however JMH marked it (·, @, none)")
  void allocNorm() throws IOException {
    for (String name :
        List.of("gc.alloc.rate.norm", "\u00b7gc.alloc.rate.norm", "@gc.alloc.rate.norm")) {
      String entry =
          entry("a.B.c", "avgt", null, primary("ns/op", "[[3.0]]"))
              .replace(
                  "\"secondaryMetrics\":{}",
                  "\"secondaryMetrics\":{\""
                      + name
                      + "\":{\"score\":16.0,\"scoreUnit\":\"B/op\",\"rawData\":[[16.0]]}}");
      ScenarioResult result = read("gc.json", "[" + entry + "]").results().get(0);
      assertThat(result.alloc()).as(name).isNotNull();
      assertThat(result.alloc().bytesPerOp()).as(name).isEqualTo(16.0);
      assertThat(result.probes().get(JmhResultFile.RUNTIME))
          .as(name)
          .containsEntry("gc.alloc.rate.norm (B/op)", 16.0);
    }
    ScenarioResult none =
        read("nogc.json", "[" + entry("a.B.c", "avgt", null, primary("ns/op", "[[3.0]]")) + "]")
            .results()
            .get(0);
    assertThat(none.alloc()).isNull();
  }

  @Test
  @DisplayName("the run id: the same for the same content, another for other content")
  void runId() throws IOException {
    String content = "[" + entry("a.B.c", "avgt", null, primary("us/op", "[[1.0]]")) + "]";
    String id = read("a.json", content).run().id();
    assertThat(id).matches("jmh-[0-9a-f]{16}");
    assertThat(read("b.json", content).run().id()).isEqualTo(id);
    assertThat(read("c.json", content.replace("1.0", "1.5")).run().id()).isNotEqualTo(id);
  }

  @Test
  @DisplayName("weighted values: the percentiles of the expanded data, type 7 (numpy's default)")
  void weightedPercentiles() {
    Random random = new Random(42);
    for (int round = 0; round < 200; round++) {
      int n = 1 + random.nextInt(12);
      double[] values = new double[n];
      long[] counts = new long[n];
      int total = 0;
      for (int i = 0; i < n; i++) {
        values[i] = Math.round(random.nextDouble() * 1000) / 10.0;
        counts[i] = 1L + random.nextInt(random.nextBoolean() ? 3 : 40);
        total += (int) counts[i];
      }
      double[] expanded = new double[total];
      int at = 0;
      for (int i = 0; i < n; i++) {
        for (int c = 0; c < counts[i]; c++) {
          expanded[at++] = values[i];
        }
      }
      Arrays.sort(expanded);
      WeightedValues weighted = WeightedValues.of(values, counts, n);
      assertThat(weighted.count()).isEqualTo(total);
      for (double p : new double[] {0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 0.999, 1}) {
        assertThat(weighted.percentile(p))
            .as("p%s of %s", p, Arrays.toString(expanded))
            .isCloseTo(type7(expanded, p), within(1e-9));
      }
      assertThat(weighted.mean())
          .isCloseTo(Arrays.stream(expanded).average().orElseThrow(), within(1e-9));
    }
    // numpy.percentile([1, 2, 2, 5], [25, 50, 90]) == [1.75, 2.0, 4.1]
    WeightedValues small = WeightedValues.of(new double[] {5, 1, 2}, new long[] {1, 1, 2}, 3);
    assertThat(small.percentile(0.25)).isCloseTo(1.75, within(1e-12));
    assertThat(small.percentile(0.5)).isEqualTo(2.0);
    assertThat(small.percentile(0.9)).isCloseTo(4.1, within(1e-12));
  }
}
