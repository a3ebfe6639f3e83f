package dev.junitbench.reports.jmh;

import static dev.junitbench.reports.Fixtures.params;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.Runs;
import dev.junitbench.results.AllocationFigures;
import dev.junitbench.results.ForkFigures;
import dev.junitbench.results.ForkRun;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.stats.StudentT;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The JMH export")
class JmhExportTests {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long[] SAMPLES = {
    2_000_000, 1_000_000, 3_000_000, 1_000_000, 2_000_000, 4_000_000, 1_000_000
  };

  @TempDir Path tempDir;

  private Path run() {
    return RunFolders.write(
        tempDir,
        "run-1",
        List.of(
            RunFolders.passed(
                "com.example.Embeddings#embed", params("batch_size", 8, "mode", "eager"), SAMPLES),
            RunFolders.ended(
                "com.example.Embeddings#embed",
                params("batch_size", 64),
                Status.ABORTED,
                "no GPU")));
  }

  private static JsonNode realJmh() throws Exception {
    try (InputStream in = JmhExportTests.class.getResourceAsStream("/jmh/jmh-self.json")) {
      return JSON.readTree(in);
    }
  }

  @Test
  @DisplayName(
      "has the keys, value types and nesting of the JSON real JMH wrote for this repository's self-benchmarks")
  void sameShapeAsJmh() throws Exception {
    JsonNode ours = JSON.readTree(JmhExport.render(Runs.read(run())));
    JsonNode jmh = realJmh();
    assertThat(ours.isArray()).isTrue();
    assertThat(ours).hasSize(1);
    List<String> differences = new ArrayList<>();
    // JMH writes no "params" for benchmarks without @Param; ours always has them, as JMH writes
    // them when present.
    compare("", jmh.get(0), ours.get(0), differences, true);
    assertThat(differences).isEmpty();
    assertThat(ours.get(0).get("params").get("batch_size").isTextual()).isTrue();
  }

  /**
   * Same keys (in order), same JSON types; arrays compared element by element on the first
   * element's shape.
   */
  private static void compare(
      String path, JsonNode expected, JsonNode actual, List<String> differences, boolean top) {
    if (expected.getNodeType() != actual.getNodeType()
        && !(expected.isNumber() && actual.isNumber())
        && !(isNaN(expected) || isNaN(actual))) {
      differences.add(
          path + ": " + expected.getNodeType() + " in JMH's, " + actual.getNodeType() + " in ours");
      return;
    }
    if (expected.isObject()) {
      List<String> expectedKeys = keys(expected);
      List<String> actualKeys = keys(actual);
      if (top) {
        actualKeys.remove("params");
      }
      if (!expectedKeys.equals(actualKeys)) {
        differences.add(path + ": keys " + expectedKeys + " in JMH's, " + actualKeys + " in ours");
        return;
      }
      expectedKeys.forEach(
          key -> compare(path + "/" + key, expected.get(key), actual.get(key), differences, false));
    } else if (expected.isArray() && expected.size() > 0 && actual.size() > 0) {
      compare(path + "/0", expected.get(0), actual.get(0), differences, false);
    }
  }

  private static boolean isNaN(JsonNode node) {
    return node.isTextual() && node.asText().equals("NaN");
  }

  private static List<String> keys(JsonNode node) {
    List<String> keys = new ArrayList<>();
    for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
      keys.add(names.next());
    }
    return keys;
  }

  @Test
  @DisplayName(
      "scores the mean in ms/op with JMH's 99.9% error, every sample in the histogram, the percentiles as secondary metrics")
  void figures() throws Exception {
    JsonNode entry = JSON.readTree(JmhExport.render(Runs.read(run()))).get(0);
    assertThat(entry.get("benchmark").asText()).isEqualTo("com.example.Embeddings.embed");
    assertThat(entry.get("mode").asText()).isEqualTo("sample");
    assertThat(entry.get("forks").asInt()).isZero();
    assertThat(entry.get("jdkVersion").asText()).isEqualTo(System.getProperty("java.version"));
    assertThat(entry.get("jvm").asText()).endsWith("/bin/java");
    assertThat(entry.get("params").get("mode").asText()).isEqualTo("eager");
    JsonNode primary = entry.get("primaryMetric");
    double mean = 2.0;
    assertThat(primary.get("score").asDouble()).isCloseTo(mean, within(1e-12));
    double std = Math.sqrt((0 + 1 + 1 + 1 + 0 + 4 + 1) / 6.0);
    double error = StudentT.quantile(0.9995, 6) * std / Math.sqrt(7);
    assertThat(primary.get("scoreError").asDouble()).isCloseTo(error, within(1e-9));
    assertThat(primary.get("scoreConfidence").get(0).asDouble())
        .isCloseTo(mean - error, within(1e-9));
    assertThat(primary.get("scoreUnit").asText()).isEqualTo("ms/op");
    assertThat(primary.get("scorePercentiles").get("50.0").asDouble()).isEqualTo(2.0);
    assertThat(primary.get("scorePercentiles").get("100.0").asDouble()).isEqualTo(4.0);
    assertThat(primary.get("rawDataHistogram").toString())
        .isEqualTo("[[[[1.0,3],[2.0,2],[3.0,1],[4.0,1]]]]");
    assertThat(entry.get("secondaryMetrics").get("p0.50").get("score").asDouble()).isEqualTo(2.0);
    assertThat(entry.get("secondaryMetrics").get("p1.00").get("rawData").toString())
        .isEqualTo("[[4.0]]");
  }

  @Test
  @DisplayName(
      "writes the alloc group as JMH's GC profiler names its metrics: gc.alloc.rate.norm in B/op,"
          + " gc.alloc.rate in MB/sec, gc.count and gc.time")
  void allocation() throws Exception {
    ScenarioResult allocating =
        RunFolders.passed("com.example.Embeddings#embed", params("batch_size", 8), SAMPLES)
            .withAlloc(AllocationFigures.of(7_112L, 7, 1, 2L, 3.0, 0.0, null));
    ScenarioResult uncounted =
        RunFolders.passed("com.example.Embeddings#embed", params("batch_size", 16), SAMPLES)
            .withAlloc(
                AllocationFigures.of(
                    null, 7, 1, null, null, null, "bytes_per_op: this JVM does not count"));
    JsonNode entries =
        JSON.readTree(
            JmhExport.render(
                Runs.read(RunFolders.write(tempDir, "run-alloc", List.of(allocating, uncounted)))));
    JsonNode secondary = entries.get(0).get("secondaryMetrics");
    assertThat(secondary.get("gc.alloc.rate.norm").get("score").asDouble()).isEqualTo(1016.0);
    assertThat(secondary.get("gc.alloc.rate.norm").get("scoreUnit").asText()).isEqualTo("B/op");
    assertThat(secondary.get("gc.alloc.rate.norm").get("rawData").toString())
        .isEqualTo("[[1016.0]]");
    // 7112 bytes, in MB of 2^20 bytes, over the measurement's time in seconds.
    double seconds = allocating.measurement().timeMs() / 1e3;
    assertThat(seconds).isPositive();
    assertThat(secondary.get("gc.alloc.rate").get("score").asDouble())
        .isCloseTo(7_112 / 1048576.0 / seconds, within(1e-9 * 7_112 / 1048576.0 / seconds));
    assertThat(secondary.get("gc.alloc.rate").get("scoreUnit").asText()).isEqualTo("MB/sec");
    assertThat(secondary.get("gc.count").get("score").asDouble()).isEqualTo(2.0);
    assertThat(secondary.get("gc.count").get("scoreUnit").asText()).isEqualTo("counts");
    assertThat(secondary.get("gc.time").get("score").asDouble()).isEqualTo(3.0);
    assertThat(secondary.get("gc.time").get("scoreUnit").asText()).isEqualTo("ms");
    assertThat(secondary.get("p0.50").get("scoreUnit").asText()).isEqualTo("ms/op");
    assertThat(keys(entries.get(1).get("secondaryMetrics")))
        .as("a figure the JVM did not give is left out")
        .noneMatch(name -> name.startsWith("gc."));
  }

  @Test
  @DisplayName("refuses a run without samples.csv or without a measured scenario, naming the file")
  void badInput() throws Exception {
    Path dir = run();
    Files.delete(dir.resolve("samples.csv"));
    assertThatThrownBy(() -> JmhExport.render(Runs.read(dir)))
        .isInstanceOf(BadInputException.class)
        .hasMessage(
            dir.toAbsolutePath().resolve("samples.csv")
                + " does not exist: JMH's format holds every sample"
                + " (rawDataHistogram), so a run without its samples.csv cannot be exported");
    Path aborted =
        RunFolders.write(
            tempDir,
            "run-2",
            List.of(
                RunFolders.ended(
                    "com.example.Embeddings#embed", params(), Status.ABORTED, "no GPU")));
    assertThatThrownBy(() -> JmhExport.render(Runs.read(aborted)))
        .hasMessage(
            aborted.toAbsolutePath().resolve("results.json")
                + " holds no measured scenario: nothing to export");
  }

  /**
   * Forks of {@code counts} samples each (a count of -1: a fork that failed), measured one after
   * the other.
   */
  private static ScenarioResult forked(long[] samples, int... counts) {
    List<ForkRun> runs = new ArrayList<>();
    for (int i = 0; i < counts.length; i++) {
      runs.add(
          counts[i] < 0
              ? new ForkRun(
                  i + 1, Status.FAILED, "fork died", 0, null, null, null, null, null, null, 900)
              : new ForkRun(
                  i + 1, Status.PASSED, null, counts[i], 1.0, null, null, 1.0, null, null, 1000));
    }
    int completed = (int) runs.stream().filter(run -> run.status() == Status.PASSED).count();
    return RunFolders.passed("com.example.Embeddings#embed", params("batch_size", 8), samples)
        .withForks(
            new ForkFigures(
                counts.length,
                completed,
                2.0,
                1.0,
                3.0,
                "student-t on log fork medians, 2 df",
                0.3,
                0.1,
                3000,
                1000,
                null,
                runs));
  }

  @Test
  @DisplayName(
      "a forked scenario: forks counts the forks that measured, and the raw data holds one array per fork")
  void forked() throws Exception {
    Path dir = RunFolders.write(tempDir, "run-forked", List.of(forked(SAMPLES, 3, -1, 2, 2)));
    JsonNode entry = JSON.readTree(JmhExport.render(Runs.read(dir))).get(0);
    assertThat(entry.get("forks").asInt()).isEqualTo(3);
    JsonNode primary = entry.get("primaryMetric");
    assertThat(primary.get("score").asDouble()).isCloseTo(2.0, within(1e-12));
    // JMH nests [fork][iteration][[value, count], ...]; each fork measured one iteration.
    assertThat(primary.get("rawDataHistogram").toString())
        .isEqualTo("[[[[1.0,1],[2.0,1],[3.0,1]]],[[[1.0,1],[2.0,1]]],[[[1.0,1],[4.0,1]]]]");
    assertThat(entry.get("secondaryMetrics").get("p1.00").get("score").asDouble()).isEqualTo(4.0);
    assertThat(entry.get("secondaryMetrics").get("p1.00").get("rawData").toString())
        .isEqualTo("[[3.0],[2.0],[4.0]]");
    assertThat(entry.get("secondaryMetrics").get("p0.00").get("rawData").toString())
        .isEqualTo("[[1.0],[1.0],[1.0]]");

    List<String> differences = new ArrayList<>();
    compare("", realJmh().get(0), entry, differences, true);
    assertThat(differences).isEmpty();
  }

  @Test
  @DisplayName(
      "an unforked scenario keeps forks 0 and one array of raw data, as before forks existed")
  void unforked() throws Exception {
    JsonNode entry = JSON.readTree(JmhExport.render(Runs.read(run()))).get(0);
    assertThat(entry.get("forks").asInt()).isZero();
    assertThat(entry.get("primaryMetric").get("rawDataHistogram")).hasSize(1);
    assertThat(entry.get("primaryMetric").get("rawDataHistogram").get(0)).hasSize(1);
    assertThat(entry.get("secondaryMetrics").get("p0.50").get("rawData").toString())
        .isEqualTo("[[2.0]]");
  }

  @Test
  @DisplayName(
      "refuses a forked scenario whose forks count other samples than samples.csv holds, naming the file")
  void forksDisagree() {
    Path dir = RunFolders.write(tempDir, "run-damaged", List.of(forked(SAMPLES, 4, 4)));
    assertThatThrownBy(() -> JmhExport.render(Runs.read(dir)))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith(
            dir.toAbsolutePath().resolve("results.json")
                + ": result 1 (com.example.Embeddings#embed")
        .hasMessageContaining(
            "counts 8 samples in its forks but "
                + dir.toAbsolutePath().resolve("samples.csv")
                + " holds 7");
  }
}
