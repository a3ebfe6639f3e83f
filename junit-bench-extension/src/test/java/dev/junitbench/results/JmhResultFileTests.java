package dev.junitbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

@DisplayName("A JMH result file that cannot be used")
class JmhResultFileTests {

  @TempDir Path tempDir;

  /** A file of JMH's shape in resources/dev/junitbench/results/jmh. */
  static byte[] fixture(String name) throws IOException {
    try (InputStream in = JmhResultFileTests.class.getResourceAsStream("jmh/" + name)) {
      return in.readAllBytes();
    }
  }

  /** One benchmark entry as JMH writes it, with {@code primary} as its primaryMetric's body. */
  static String entry(String benchmark, String mode, String params, String primary) {
    return "{\"jmhVersion\":\"1.37\",\"benchmark\":\""
        + benchmark
        + "\",\"mode\":\""
        + mode
        + "\",\"threads\":1,\"forks\":2,\"warmupIterations\":1,\"warmupTime\":\"1 s\","
        + "\"measurementIterations\":3,\"measurementTime\":\"1 s\","
        + (params == null ? "" : "\"params\":" + params + ",")
        + "\"primaryMetric\":{"
        + primary
        + "},\"secondaryMetrics\":{}}";
  }

  /** An average-time entry of {@code a.B.c} with {@code rawData}, in us/op. */
  static String avgt(String rawData) {
    return entry(
        "a.B.c", "avgt", null, "\"score\":1.0,\"scoreUnit\":\"us/op\",\"rawData\":" + rawData);
  }

  private Path write(String content) throws IOException {
    return Files.writeString(tempDir.resolve("result.json"), content);
  }

  /** Reading {@code content} fails naming the file and saying each of {@code says}. */
  private AbstractThrowableAssert<?, ? extends Throwable> refused(String content, String... says)
      throws IOException {
    Path file = write(content);
    return assertThatThrownBy(() -> RunFolder.read(file))
        .isInstanceOf(ResultFileException.class)
        .hasMessageStartingWith(file.toString())
        .hasMessageNotContaining("cannot be read")
        .hasMessageContainingAll(says);
  }

  @Test
  @DisplayName("JMH's text output: names the file and asks for -rf json")
  void textOutput() throws IOException {
    Path file = Files.write(tempDir.resolve("jmh.txt"), fixture("jmh-text-output.txt"));
    assertThatThrownBy(() -> RunFolder.read(file))
        .isInstanceOf(ResultFileException.class)
        .hasMessage(
            file
                + " is JMH's text or CSV output, which holds no raw data to compare; run JMH with"
                + " -rf json -rff result.json (or .resultFormat(ResultFormatType.JSON)) and give"
                + " that file");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "\"Benchmark\",\"Mode\",\"Threads\",\"Samples\",\"Score\",\"Score Error (99.9%)\",\"Unit\"\n"
            + "\"a.B.c\",\"avgt\",1,5,1.0,0.1,\"us/op\"\n",
        "Benchmark;Mode;Threads;Samples;Score;Score Error (99.9%);Unit\n",
        "# Run progress: 0.00% complete, ETA 00:00:10\n# Fork: 1 of 1\n",
        "# Detecting actual CPU count: 2 detected\n# JMH version: 1.37\n",
        "Picked up JAVA_TOOL_OPTIONS: -Xmx1g\nWARNING: a warning\n# JMH version: 1.37\n"
      })
  @DisplayName("JMH's CSV output and console logs: named as such, with the fix")
  void csvAndLogs(String content) throws IOException {
    Path file = Files.writeString(tempDir.resolve("jmh-output"), content);
    assertThatThrownBy(() -> RunFolder.read(file))
        .isInstanceOf(ResultFileException.class)
        .hasMessageStartingWith(file + " is JMH's text or CSV output")
        .hasMessageContaining("run JMH with -rf json");
  }

  @Test
  @DisplayName("a file cut short: not valid JSON, where, and to run the benchmarks again")
  void cutShort() throws IOException {
    byte[] full = fixture("jmh-1.37-all-ok.json");
    refused(
        new String(Arrays.copyOf(full, full.length / 2), StandardCharsets.UTF_8),
        "is a JMH result file that is not valid JSON (line ",
        "it may have been cut short while JMH wrote it",
        "run the benchmarks again");
  }

  @Test
  @DisplayName("a score of NaN, quoted as JMH writes it or bare: the fork, iteration and the fix")
  void nan() throws IOException {
    refused(
        "[" + avgt("[[1.0,2.0,3.0],[1.0,\"NaN\",3.0]]") + "]",
        "benchmark entry 1 (a.B.c, avgt)",
        "has a score of NaN in fork 2, iteration 2",
        "run the benchmark again with longer iterations, or leave it out of the file");
    refused(
        "[" + avgt("[[NaN,2.0,3.0]]") + "]",
        "has a score of NaN in fork 1, iteration 1",
        "run the benchmark again");
  }

  @ParameterizedTest
  @ValueSource(strings = {"\"+INF\"", "\"-INF\"", "Infinity", "1e400"})
  @DisplayName("an infinite score: the fork, iteration and the fix")
  void infinite(String score) throws IOException {
    refused(
        "[" + avgt("[[1.0," + score + ",3.0]]") + "]",
        "has an infinite score in fork 1, iteration 2",
        "run the benchmark again with longer iterations");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "0.0", "-1.5"})
  @DisplayName("a score of 0 or below: no ratio can be taken of it")
  void notAboveZero(String score) throws IOException {
    refused(
        "[" + avgt("[[1.0,2.0," + score + "]]") + "]",
        "has a score of " + Double.parseDouble(score) + " in fork 1, iteration 3",
        "must be above 0 to take a ratio of it",
        "give it more work");
  }

  @Test
  @DisplayName("a score that is text: damaged")
  void textScore() throws IOException {
    refused(
        "[" + avgt("[[1.0,\"fast\"]]") + "]",
        "has \"fast\" where a score belongs in fork 1, iteration 2",
        "give the file JMH wrote");
  }

  @Test
  @DisplayName("a throughput no time per operation can hold once converted (1e-320 ops/ns)")
  void throughputBeyondRange() throws IOException {
    refused(
        "["
            + entry(
                "a.B.c",
                "thrpt",
                null,
                "\"score\":1.0,\"scoreUnit\":\"ops/ns\"," + "\"rawData\":[[1.0,1.0E-320]]")
            + "]",
        "has a score of 1.0E-320 in fork 1, iteration 2, which is Infinity ms per operation",
        "give the file JMH wrote");
  }

  @ParameterizedTest
  @ValueSource(strings = {"all", "foo", "Throughput"})
  @DisplayName("a mode JMH does not write, \"all\" among them (a selector, never a result)")
  void unknownMode(String mode) throws IOException {
    refused(
        "[" + entry("a.B.c", mode, null, "\"scoreUnit\":\"us/op\",\"rawData\":[[1.0]]") + "]",
        "benchmark entry 1 (a.B.c) has mode \"" + mode + "\", which JMH does not write",
        "JMH's modes are thrpt, avgt, sample, ss",
        "give the file JMH wrote");
  }

  @ParameterizedTest
  @ValueSource(strings = {"furlongs/op", "ops", "ops/fortnight", "B/op", ""})
  @DisplayName("a score unit JMH does not write")
  void unknownUnit(String unit) throws IOException {
    refused(
        "["
            + entry("a.B.c", "avgt", null, "\"scoreUnit\":\"" + unit + "\",\"rawData\":[[1.0]]")
            + "]",
        "has score unit \"" + unit + "\", which is not a unit JMH writes",
        "such as us/op",
        "such as ops/s",
        "give the file JMH wrote");
  }

  @Test
  @DisplayName("an empty array, as JMH leaves it when every benchmark failed")
  void empty() throws IOException {
    refused(
        "[\n]\n\n",
        "is a JMH result file that lists no benchmark",
        "every benchmark failed, or none matched JMH's filter");
  }

  @Test
  @DisplayName("an entry that is not an object")
  void notAnObject() throws IOException {
    refused(
        "[" + avgt("[[1.0]]") + ", 42]",
        "benchmark entry 2 is not an object",
        "not JMH's result JSON as JMH writes it");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "nodots", "a.B.", ".c"})
  @DisplayName("an entry without a benchmark name of the form package.Class.method")
  void badName(String name) throws IOException {
    refused(
        "[" + entry(name, "avgt", null, "\"scoreUnit\":\"us/op\",\"rawData\":[[1.0]]") + "]",
        "benchmark entry 1 has no benchmark name of the form package.Class.method",
        "not JMH's result JSON as JMH writes it");
    refused(
        "[{\"mode\":\"avgt\",\"primaryMetric\":{\"scoreUnit\":\"us/op\",\"rawData\":[[1.0]]}}]",
        "benchmark entry 1 has no benchmark name");
  }

  @Test
  @DisplayName("an entry without its primaryMetric, or a primaryMetric without rawData")
  void noPrimaryMetric() throws IOException {
    refused(
        "[{\"benchmark\":\"a.B.c\",\"mode\":\"avgt\",\"secondaryMetrics\":{}}]",
        "benchmark entry 1 (a.B.c, avgt) has no primaryMetric",
        "not JMH's result JSON as JMH writes it");
    refused(
        "[" + entry("a.B.c", "avgt", null, "\"score\":1.0,\"scoreUnit\":\"us/op\"") + "]",
        "(a.B.c, avgt) has no primaryMetric.rawData (its forks' iterations)",
        "give the file JMH wrote, not one rewritten without it");
    refused("[" + avgt("[]") + "]", "has no primaryMetric.rawData", "give the file JMH wrote");
    refused(
        "[" + entry("a.B.c", "sample", null, "\"scoreUnit\":\"us/op\"") + "]",
        "has no primaryMetric.rawData");
  }

  @Test
  @DisplayName("a fork with no iterations")
  void forkWithoutIterations() throws IOException {
    refused(
        "[" + avgt("[[1.0,2.0],[]]") + "]",
        "has no iterations in fork 2 of primaryMetric.rawData",
        "the file is damaged: give the file JMH wrote");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "[0.5]",
        "[0.5,0]",
        "[0.5,-3]",
        "[0.5,\"x\"]",
        "[0.5,2,3]",
        "0.5",
        "[0.5,1e30]",
        "[0.5,9223372036854775807],[0.6,1]"
      })
  @DisplayName("a sample-mode histogram with a pair that is not [time, count >= 1]")
  void badHistogramPair(String pair) throws IOException {
    refused(
        "["
            + entry(
                "a.B.c",
                "sample",
                null,
                "\"scoreUnit\":\"ms/op\",\"rawDataHistogram\":[[[[0.1,2]],[[0.2,1]," + pair + "]]]")
            + "]",
        "(a.B.c, sample) has a sample histogram in fork 1, iteration 2 that is not a list of"
            + " [time, count] pairs with counts of 1 or more",
        "the file is damaged: give the file JMH wrote");
  }

  @Test
  @DisplayName("a sample-mode iteration that is not a list, or a fork of empty iterations")
  void badHistogramIteration() throws IOException {
    String head = "\"scoreUnit\":\"ms/op\",\"rawDataHistogram\":";
    refused(
        "[" + entry("a.B.c", "sample", null, head + "[[[[0.1,2]],7]]") + "]",
        "has a sample histogram in fork 1, iteration 2 that is not a list");
    refused(
        "[" + entry("a.B.c", "sample", null, head + "[[[[0.1,2]]],[[],[]]]") + "]",
        "has a sample histogram in fork 2 that is not a list");
  }

  @Test
  @DisplayName("the same benchmark with the same params and mode twice: two runs joined")
  void twice() throws IOException {
    String entry =
        entry(
            "a.B.c",
            "avgt",
            "{\"size\":\"10\"}",
            "\"scoreUnit\":\"us/op\"," + "\"rawData\":[[1.0]]");
    String other =
        entry(
            "a.B.c",
            "avgt",
            "{\"size\":\"20\"}",
            "\"scoreUnit\":\"us/op\"," + "\"rawData\":[[1.0]]");
    refused(
        "[" + entry + "," + other + "," + entry + "]",
        "benchmark entry 3 (a.B.c {size=10}, avgt) lists a benchmark the file already lists with"
            + " the same params and mode",
        "give one JMH run's file (two files joined into one are two runs)");
  }

  @ParameterizedTest
  @ValueSource(strings = {"[\"size\",\"10\"]", "\"size=10\"", "7"})
  @DisplayName("params that are not an object")
  void paramsNotAnObject(String params) throws IOException {
    refused(
        "[" + entry("a.B.c", "avgt", params, "\"scoreUnit\":\"us/op\",\"rawData\":[[1.0]]") + "]",
        "benchmark entry 1 has params that are not an object of names and values",
        "the file is damaged");
    refused(
        "["
            + entry("a.B.c", "avgt", "{\"size\":{}}", "\"scoreUnit\":\"us/op\",\"rawData\":[[1]]")
            + "]",
        "has param \"size\" without a value");
  }

  @ParameterizedTest
  @CsvSource(
      delimiterString = " -> ",
      value = {
        "\"threads\":1 -> \"threads\":\"max\"",
        "\"threads\":1 -> \"threads\":0",
        "\"threads\":1 -> \"threads\":1.5",
        "\"forks\":2 -> \"forks\":-1",
        "\"forks\":2 -> \"forks\":\"2\"",
        "\"forks\":2 -> \"forks\":99999999999",
        "\"warmupIterations\":1 -> \"warmupIterations\":true",
        "\"measurementIterations\":3 -> \"measurementIterations\":[3]"
      })
  @DisplayName("threads, forks or iterations that are not a whole number JMH could have written")
  void badCount(String written, String damaged) throws IOException {
    String field = written.substring(1, written.indexOf('"', 1));
    String min = field.equals("threads") ? "1" : "0";
    refused(
        "[" + avgt("[[1.0,2.0,3.0],[1.0,2.0,3.0]]").replace(written, damaged) + "]",
        "benchmark entry 1 (a.B.c, avgt) has " + damaged.replace(":", ": "),
        "where JMH writes a whole number of at least " + min,
        "write it again with JMH's -rf json");
  }

  @Test
  @DisplayName("threads, forks and iterations left out are read as JMH's defaults")
  void countsLeftOut() throws IOException {
    String entry =
        avgt("[[1.0,2.0,3.0],[1.0,2.0,3.0]]")
            .replace("\"threads\":1,\"forks\":2,\"warmupIterations\":1,", "")
            .replace("\"measurementIterations\":3,", "\"measurementIterations\":null,");
    RunFolder folder = RunFolder.read(write("[" + entry + "]"));
    assertThat(folder.results())
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.forks().planned()).isEqualTo(2);
              assertThat(r.warmup()).isNull();
              assertThat(r.measurement()).isNull();
            });
  }

  @Test
  @DisplayName("a JSON value that is not an array is read as results.json, and refused as such")
  void notAnArray() throws IOException {
    refused("{\"benchmark\":\"a.B.c\"}", "has no schema_version");
  }
}
