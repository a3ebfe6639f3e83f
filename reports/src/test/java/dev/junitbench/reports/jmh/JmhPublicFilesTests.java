package dev.junitbench.reports.jmh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.junitbench.reports.cli.Main;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.ScenarioResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("JMH's result files as JMH 1.19 and 1.37 wrote them, read and compared")
class JmhPublicFilesTests {

  private static final String BENCH = "com.example.bench.";

  record Run(int code, String out, String err) {}

  static Run cli(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(code, out.toString(), err.toString());
  }

  /** {@code text} with each run of white space one space: as the text before it was wrapped. */
  static String flat(String text) {
    return text.replaceAll("\\s+", " ");
  }

  /** A file of {@code public/}. */
  static Path fixture(String name) {
    try {
      return Path.of(JmhPublicFilesTests.class.getResource("public/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A JMH scenario's params without its mode, which every one has. */
  private static Map<String, Object> withoutMode(ScenarioResult result) {
    Map<String, Object> params = new LinkedHashMap<>(result.params());
    params.remove("mode");
    return params;
  }

  private static ScenarioResult scenario(RunFolder run, String benchmark, Map<String, ?> params) {
    return run.results().stream()
        .filter(r -> r.benchmark().equals(BENCH + benchmark) && withoutMode(r).equals(params))
        .findFirst()
        .orElseThrow(() -> new AssertionError(benchmark + " " + params + " not in the run"));
  }

  @Test
  @DisplayName(
      "JMH 1.19's throughput file: four scenarios by Class#method and size, 3 forks, ops/s and its reciprocal in ms")
  void jmh119Throughput() throws Exception {
    RunFolder run = RunFolder.read(fixture("jmh-1.19-thrpt.json"));
    assertThat(run.jmhVersion()).isEqualTo("1.19");
    assertThat(run.run().software().javaVmName()).as("1.19 writes no vmName").isNull();
    assertThat(run.run().software().javaVersion()).isEqualTo("17.0.15");
    assertThat(run.results())
        .extracting(r -> r.benchmark() + " " + r.params())
        .containsExactly(
            BENCH + "CollectionBenchmark#arrayListAdd {mode=thrpt, size=10}",
            BENCH + "CollectionBenchmark#arrayListAdd {mode=thrpt, size=1000}",
            BENCH + "HashingBenchmark#crc32 {mode=thrpt}",
            BENCH + "HashingBenchmark#stringHashCode {mode=thrpt}");
    for (ScenarioResult result : run.results()) {
      assertThat(result.forks().completed()).as(result.benchmark()).isEqualTo(3);
      assertThat(result.forks().medians()).hasSize(3);
      assertThat(result.throughput().unit()).isEqualTo("ops/s");
      assertThat(result.probes().get("jmh")).containsEntry("mode", "thrpt");
    }
    ScenarioResult small = scenario(run, "CollectionBenchmark#arrayListAdd", Map.of("size", "10"));
    // The throughput of the forks' centre, near JMH's score (31940458.344 ops/s, the mean of its
    // 15 iterations), which the jmh probe keeps as JMH gave it.
    assertThat(small.throughput().value()).isCloseTo(1e3 / small.forks().medianMs(), within(1e-6));
    assertThat(small.throughput().value()).isCloseTo(31_940_458.344, within(31_940_458.344 * 0.01));
    assertThat(small.probes().get("jmh")).containsEntry("score (ops/s)", 31_940_458.344129026);
    // One operation takes 1000 / score ms; the median iteration is near the mean one.
    assertThat(small.latencyMs().median() * small.throughput().value() / 1e3)
        .isCloseTo(1, within(0.1));
    ScenarioResult hashing = scenario(run, "HashingBenchmark#stringHashCode", Map.of());
    assertThat(hashing.latencyMs().median()).isCloseTo(1e3 / 4_345_468.302, within(2.5e-5));
    assertThat(hashing.alloc()).as("no gc profiler").isNull();
  }

  @Test
  @DisplayName("JMH 1.37 without params: no params, 3 forks, us/op in ms, the JVM's arguments kept")
  void jmh137NoParams() throws Exception {
    RunFolder run = RunFolder.read(fixture("jmh-1.37-no-params.json"));
    assertThat(run.jmhVersion()).isEqualTo("1.37");
    assertThat(run.run().software().javaVmName()).isEqualTo("OpenJDK 64-Bit Server VM");
    assertThat(run.run().software().jvmArguments()).contains("-Xms512m", "-Xmx512m");
    ScenarioResult sort = run.results().get(0);
    assertThat(run.results()).hasSize(1);
    assertThat(sort.benchmark()).isEqualTo(BENCH + "SortBenchmark#sortInts");
    assertThat(sort.params()).containsOnlyKeys("mode").containsEntry("mode", "avgt");
    assertThat(sort.forks().completed()).isEqualTo(3);
    assertThat(sort.throughput()).as("an average time has no throughput of JMH's").isNull();
    // JMH's score: 384.550 us/op, 0.3846 ms.
    assertThat(sort.latencyMs().median()).isCloseTo(0.38455, within(0.04));
    assertThat(sort.probes().get("jmh")).containsEntry("score (us/op)", 384.5503950313969);
  }

  @Test
  @DisplayName("JMH 1.37's all-ok and with-failed files: ns/op in ms, 2 forks, one benchmark less")
  void jmh137AllOkAndWithFailed() throws Exception {
    RunFolder ok = RunFolder.read(fixture("jmh-1.37-all-ok.json"));
    RunFolder failed = RunFolder.read(fixture("jmh-1.37-with-failed.json"));
    assertThat(ok.results())
        .extracting(ScenarioResult::benchmark)
        .containsExactly(BENCH + "ParserBenchmark#parseDouble", BENCH + "ParserBenchmark#splitCsv");
    assertThat(failed.results())
        .extracting(ScenarioResult::benchmark)
        .containsExactly(BENCH + "ParserBenchmark#splitCsv");
    ScenarioResult parse = scenario(ok, "ParserBenchmark#parseDouble", Map.of());
    assertThat(parse.forks().completed()).isEqualTo(2);
    // JMH's score: 26.083 ns/op.
    assertThat(parse.latencyMs().median()).isCloseTo(26.083e-6, within(3e-6));
    assertThat(scenario(failed, "ParserBenchmark#splitCsv", Map.of()).latencyMs().median())
        .isEqualTo(scenario(ok, "ParserBenchmark#splitCsv", Map.of()).latencyMs().median());
    assertThat(ok.run().id()).startsWith("jmh-").isNotEqualTo(failed.run().id());
  }

  @Test
  @DisplayName(
      "JMH 1.37's gc profiler: gc.alloc.rate.norm as bytes per operation, the other gc figures under the jmh probe")
  void jmh137Gc() throws Exception {
    RunFolder run = RunFolder.read(fixture("jmh-1.37-gc.json"));
    ScenarioResult boxed = scenario(run, "AllocationBenchmark#boxedList", Map.of());
    ScenarioResult primitive = scenario(run, "AllocationBenchmark#primitiveSum", Map.of());
    assertThat(boxed.alloc().bytesPerOp()).isCloseTo(19_960.014, within(0.001));
    assertThat(primitive.alloc().bytesPerOp()).isCloseTo(0.0016, within(0.0001));
    assertThat(boxed.probes().get("jmh"))
        .containsEntry("gc.count (counts)", 122.0)
        .containsEntry("gc.time (ms)", 171.0)
        .containsKey("gc.alloc.rate (MB/sec)");
    assertThat(primitive.probes().get("jmh"))
        .as("no collection, no gc.time")
        .containsEntry("gc.count (counts)", 0.0)
        .doesNotContainKey("gc.time (ms)");
  }

  @Test
  @DisplayName(
      "compare all-ok with-failed: the benchmark that threw is removed, the other unchanged, exit 0; added under --match all exits 1")
  void removedBenchmark() {
    String ok = fixture("jmh-1.37-all-ok.json").toString();
    String failed = fixture("jmh-1.37-with-failed.json").toString();
    Run any = cli("compare", ok, failed);
    assertThat(any.code()).as(any.out() + any.err()).isZero();
    assertThat(any.out())
        .startsWith("0 regressed, 0 improved, 1 unchanged; 1 baseline scenario not run\n")
        .containsPattern("(?s)ParserBenchmark\\.splitCsv\\n[^\\n]*\\n *unchanged ")
        .containsPattern("(?s)ParserBenchmark\\.parseDouble\\n[^\\n]*\\n *removed ");
    assertThat(flat(any.out()))
        .containsPattern(
            "baseline: \\S*jmh-1\\.37-all-ok\\.json \\(JMH 1\\.37 result file, run jmh-")
        .containsPattern(
            "current: \\S*jmh-1\\.37-with-failed\\.json \\(JMH 1\\.37 result file, run jmh-");
    // --match all fails a scenario the baseline cannot judge; a removed one is not judged at all.
    Run all = cli("compare", "--match", "all", ok, failed);
    assertThat(all.code()).as(all.out() + all.err()).isZero();
    assertThat(all.out()).containsPattern("(?m)^ *removed +");
    Run back = cli("compare", failed, ok);
    assertThat(back.code()).as(back.out() + back.err()).isZero();
    assertThat(back.out()).containsPattern("(?m)^ *added +");
    Run backAll = cli("compare", "--match", "all", failed, ok);
    assertThat(backAll.code()).as("not in the baseline: " + backAll.out()).isEqualTo(1);
  }

  @Test
  @DisplayName("a file compared with itself is unchanged throughout, named as JMH's file")
  void itself() {
    for (String name :
        new String[] {"jmh-1.37-all-ok.json", "jmh-1.37-no-params.json", "jmh-1.19-thrpt.json"}) {
      String file = fixture(name).toString();
      Run same = cli("compare", file, file);
      assertThat(same.code()).as(name + ": " + same.out() + same.err()).isZero();
      assertThat(same.out())
          .as(name)
          .startsWith("0 regressed, 0 improved, ")
          .doesNotContainPattern("(?m)^ +(regressed|improved|removed|added|NOT JUDGED) ")
          .containsPattern("(?m)^ +unchanged +");
      assertThat(flat(same.out()))
          .as(name)
          .contains(name.contains("1.19") ? "JMH 1.19 result file" : "JMH 1.37 result file");
    }
  }

  @Test
  @DisplayName("compare of the gc profiler's file shows the allocation per operation")
  void allocationColumn() {
    String gc = fixture("jmh-1.37-gc.json").toString();
    Run same = cli("compare", gc, gc);
    assertThat(same.code()).as(same.out() + same.err()).isZero();
    assertThat(same.out()).contains("allocation/op").contains("allocation:");
    Run plain =
        cli(
            "compare",
            fixture("jmh-1.37-all-ok.json").toString(),
            fixture("jmh-1.37-all-ok.json").toString());
    assertThat(plain.out()).as("no gc profiler, no allocation").doesNotContain("allocation/op");
  }
}
