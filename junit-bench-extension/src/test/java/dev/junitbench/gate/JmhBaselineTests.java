package dev.junitbench.gate;

import static dev.junitbench.testkit.ScenarioResultAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.results.GateResult;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.Verdict;
import dev.junitbench.testkit.BenchmarkTestKit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@DisplayName("The regression gate inside JUnit, against JMH's result file as its baseline")
class JmhBaselineTests {

  /** The benchmark as JMH names it: {@code package.Class.method}. */
  private static final String JMH_NAME = JmhGateTestCases.class.getName() + ".spin";

  private static final String SPIN = JmhGateTestCases.class.getName() + "#spin";

  private static final int FORKS = 5;

  @TempDir Path tempDir;

  /**
   * JMH 1.37's result file of one average-time entry: {@code benchmark} with {@code params} (a JSON
   * object's members, or null for none), 5 forks of 5 iterations around {@code usPerOp}.
   */
  private Path jmhFile(String name, String benchmark, String params, double usPerOp)
      throws Exception {
    List<String> forks = new ArrayList<>();
    for (int f = 0; f < FORKS; f++) {
      List<String> iterations = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        iterations.add(String.format(Locale.ROOT, "%.6f", usPerOp * (1 + 0.002 * (f - 2 + i % 3))));
      }
      forks.add("[ " + String.join(", ", iterations) + " ]");
    }
    String json =
        "[\n  {\n"
            + "    \"jmhVersion\" : \"1.37\",\n"
            + "    \"benchmark\" : \""
            + benchmark
            + "\",\n"
            + "    \"mode\" : \"avgt\",\n"
            + "    \"threads\" : 1,\n"
            + "    \"forks\" : "
            + FORKS
            + ",\n"
            + "    \"jvm\" : \"/usr/lib/jvm/java-17-openjdk-amd64/bin/java\",\n"
            + "    \"jvmArgs\" : [ ],\n"
            + "    \"jdkVersion\" : \"17.0.15\",\n"
            + "    \"vmName\" : \"OpenJDK 64-Bit Server VM\",\n"
            + "    \"vmVersion\" : \"17.0.15+6-Debian-1deb12u1\",\n"
            + "    \"warmupIterations\" : 3,\n"
            + "    \"warmupTime\" : \"1 s\",\n"
            + "    \"warmupBatchSize\" : 1,\n"
            + "    \"measurementIterations\" : 5,\n"
            + "    \"measurementTime\" : \"1 s\",\n"
            + "    \"measurementBatchSize\" : 1,\n"
            + (params == null ? "" : "    \"params\" : { " + params + " },\n")
            + "    \"primaryMetric\" : {\n"
            + "      \"score\" : "
            + usPerOp
            + ",\n"
            + "      \"scoreError\" : "
            + usPerOp / 100
            + ",\n"
            + "      \"scoreConfidence\" : [ "
            + usPerOp * 0.99
            + ", "
            + usPerOp * 1.01
            + " ],\n"
            + "      \"scoreUnit\" : \"us/op\",\n"
            + "      \"rawData\" : [ "
            + String.join(", ", forks)
            + " ]\n"
            + "    },\n"
            + "    \"secondaryMetrics\" : { }\n"
            + "  }\n]\n";
    Path file = tempDir.resolve(name);
    Files.writeString(file, json);
    return file;
  }

  private static BenchmarkTestKit.Outcome gated(Path baseline, String... config) {
    BenchmarkTestKit run =
        BenchmarkTestKit.with()
            .config("junit.bench.baseline", baseline.toString())
            .config("junit.bench.forks", "0");
    for (int i = 0; i < config.length; i += 2) {
      run.config(config[i], config[i + 1]);
    }
    return run.run(JmhGateTestCases.class);
  }

  @Test
  @DisplayName(
      "a benchmark 2000 times slower than JMH's score of the same benchmark (no params: JMH ran on the CPU) fails as regressed against the file")
  void regressedAgainstJmh() throws Exception {
    // JMH: 1 us/op in 5 forks; the body spins 2 ms.
    Path jmh = jmhFile("jmh-result.json", JMH_NAME, null, 1.0);
    BenchmarkTestKit.Outcome outcome = gated(jmh);
    outcome.events().testEvents().assertStatistics(stats -> stats.failed(1).succeeded(0));
    String message = outcome.failure("[device=cpu]");
    assertThat(message.split("\n")[0]).startsWith("[device=cpu] regressed +");
    assertThat(message)
        .contains(SPIN + " [device=cpu]: regressed")
        .contains("against " + jmh.toAbsolutePath());
    ScenarioResult result = outcome.result("[device=cpu]");
    assertThat(result).failed().hasFigures().hasVerdict(Verdict.REGRESSED);
    GateResult gate = result.gate();
    assertThat(gate.failed()).isTrue();
    assertThat(gate.message()).isEqualTo(message);
    assertThat(gate.baseline().found()).isTrue();
    assertThat(gate.baseline().judged()).isTrue();
    assertThat(gate.baseline().runId()).as("a JMH file's run id").startsWith("jmh-");
    assertThat(gate.baseline().change()).as("in percent").isGreaterThan(1000);
  }

  @Test
  @DisplayName(
      "the same speed as JMH's score passes as unchanged under a 300% threshold (the JMH benchmark's own device param, cpu, matched)")
  void unchangedAgainstJmh() throws Exception {
    // JMH: 2000 us/op, as the body spins; 300% keeps a busy machine's stretch within it.
    Path jmh = jmhFile("jmh-result.json", JMH_NAME, "\"device\" : \"cpu\"", 2000.0);
    BenchmarkTestKit.Outcome outcome = gated(jmh, "junit.bench.regression.threshold", "300%");
    outcome.events().testEvents().assertStatistics(stats -> stats.failed(0).succeeded(1));
    ScenarioResult result = outcome.result("[device=cpu]");
    assertThat(result).passed().hasVerdict(Verdict.UNCHANGED);
    assertThat(result.gate().baseline().judged()).isTrue();
  }

  @DisplayName(
      "a JMH entry of the benchmark with other params, or on another device, matches nothing: every benchmark fails before it is measured, naming the nearest")
  @ParameterizedTest
  @ValueSource(strings = {"\"size\" : \"10\"", "\"device\" : \"cuda:0\""})
  void paramsDiffer(String params) throws Exception {
    Path jmh = jmhFile("jmh-result.json", JMH_NAME, params, 2000.0);
    BenchmarkTestKit.Outcome outcome = gated(jmh);
    assertThat(outcome.events().testEvents().started().list())
        .singleElement()
        .satisfies(
            event ->
                assertThat(event.getTestDescriptor().getDisplayName())
                    .isEqualTo("[invalid configuration]"));
    assertThat(outcome.failure("[invalid configuration]"))
        .startsWith("-Djunit.bench.baseline=" + jmh.toAbsolutePath() + ": none of this run's")
        .contains("is in the baseline, so nothing would be judged")
        .contains(SPIN + " [device=cpu]: nearest in the baseline")
        .as("the mode is not matched on, so not named as a difference")
        .doesNotContain("mode");
    assertThat(outcome.results())
        .as("nothing measured")
        .allSatisfy(result -> assertThat(result).hasNoFigures());
  }

  @Test
  @DisplayName(
      "a JMH file with the benchmark in two modes cannot pick one for it: every benchmark fails"
          + " before it is measured, naming the modes and the fix")
  void severalModes() throws Exception {
    Path avgt = jmhFile("avgt.json", JMH_NAME, "\"device\" : \"cpu\"", 2000.0);
    String entry = Files.readString(avgt).trim();
    entry = entry.substring(1, entry.length() - 1).trim();
    String thrpt =
        entry.replace("\"mode\" : \"avgt\"", "\"mode\" : \"thrpt\"").replace("us/op", "ops/ms");
    Path jmh = Files.writeString(tempDir.resolve("modes.json"), "[" + entry + ", " + thrpt + "]");
    assertThat(gated(jmh).failure("[invalid configuration]"))
        .contains("modes.json has it in several JMH modes (avgt, thrpt)")
        .contains("give a JMH file of one mode");
  }

  @Test
  @DisplayName(
      "a JMH file of other benchmarks entirely fails every benchmark, naming what it holds")
  void otherBenchmarks() throws Exception {
    Path jmh =
        jmhFile("jmh-other.json", "com.example.bench.ParserBenchmark.parseDouble", null, 1.0);
    assertThat(gated(jmh).failure("[invalid configuration]"))
        .contains("the baseline holds none of this run's benchmarks (" + SPIN)
        .contains("it measured com.example.bench.ParserBenchmark#parseDouble");
  }
}
