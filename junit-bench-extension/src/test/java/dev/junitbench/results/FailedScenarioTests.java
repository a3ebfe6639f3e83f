package dev.junitbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Devices;
import dev.junitbench.Measurement;
import dev.junitbench.infra.Device;
import dev.junitbench.infra.Scenario;
import dev.junitbench.testkit.ListenerRun;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;

@DisplayName("A scenario that does not pass")
class FailedScenarioTests {

  @TempDir static Path tempDir;

  private static ListenerRun.Outcome outcome;

  @BeforeAll
  static void runFixtures() {
    outcome =
        ListenerRun.into(tempDir)
            .run(
                ThrowingTestCases.class,
                UnresolvableParameterTestCases.class,
                CudaTestCases.class,
                DisabledTestCases.class,
                FailingBeforeAllTestCases.class,
                FailingAfterAllTestCases.class);
  }

  @Test
  @DisplayName(
      "is written as failed with the exception's message when its body throws, and the other scenarios still pass")
  void bodyThrows() {
    JsonNode failed = outcome.result("sometimesThrows", "[device=cpu, batch_size=8]");
    assertThat(failed.get("status").asText()).isEqualTo("failed");
    assertThat(failed.get("error").asText()).contains("batch 8 overflows the buffer");
    assertThat(failed.get("latency_ms").isNull()).isTrue();
    assertThat(failed.get("throughput").isNull()).isTrue();

    for (String name : List.of("[device=cpu, batch_size=1]", "[device=cpu, batch_size=16]")) {
      JsonNode passed = outcome.result("sometimesThrows", name);
      assertThat(passed.get("status").asText()).as(name).isEqualTo("passed");
      assertThat(passed.get("error").isNull()).isTrue();
      assertThat(passed.get("latency_ms").get("count").asInt()).isEqualTo(7);
    }
    assertThat(outcome.resultsOf("sometimesThrows")).hasSize(3);

    // Written to the CSV files as well: a row in results.csv, samples only for those that passed.
    Set<String> sampledIds =
        outcome.samplesCsv().stream().map(row -> row.get("result_id")).collect(Collectors.toSet());
    assertThat(sampledIds).doesNotContain(failed.get("id").asText());
    for (String name : List.of("[device=cpu, batch_size=1]", "[device=cpu, batch_size=16]")) {
      assertThat(sampledIds).contains(outcome.result("sometimesThrows", name).get("id").asText());
    }
    CSVRecord row =
        outcome.resultsCsv().stream()
            .filter(r -> r.get("id").equals(failed.get("id").asText()))
            .findFirst()
            .orElseThrow();
    assertThat(row.get("status")).isEqualTo("failed");
    assertThat(row.get("error")).contains("batch 8 overflows the buffer");
  }

  @Test
  @DisplayName(
      "is written as failed with JUnit's ParameterResolutionException message when a parameter cannot be injected")
  void unresolvableParameter() {
    TestExecutionResult reported = outcome.reported("needsRandom", "[device=cpu]");
    assertThat(reported.getStatus()).isEqualTo(TestExecutionResult.Status.FAILED);
    Throwable thrown = reported.getThrowable().orElseThrow();
    assertThat(thrown).isInstanceOf(ParameterResolutionException.class);

    JsonNode result = outcome.result("needsRandom", "[device=cpu]");
    assertThat(result.get("status").asText()).isEqualTo("failed");
    assertThat(result.get("error").asText())
        .contains(thrown.getMessage())
        .contains("java.util.Random");
    assertThat(result.get("latency_ms").isNull()).isTrue();
  }

  @Test
  @DisplayName(
      "is written as aborted with a reason naming CUDA when no backend offers CUDA, beside the CPU scenario that passed")
  void unavailableDevice() {
    assertThat(outcome.reported("onDevices", "[device=cuda]").getStatus())
        .isEqualTo(TestExecutionResult.Status.ABORTED);
    JsonNode cuda = outcome.result("onDevices", "[device=cuda]");
    assertThat(cuda.get("status").asText()).isEqualTo("aborted");
    assertThat(cuda.get("error").asText()).contains("CUDA");
    assertThat(cuda.get("latency_ms").isNull()).isTrue();
    assertThat(cuda.get("params").get("device").asText()).isEqualTo("cuda");

    JsonNode cpu = outcome.result("onDevices", "[device=cpu]");
    assertThat(cpu.get("status").asText()).isEqualTo("passed");
  }

  @Test
  @DisplayName("is written as skipped with the reason when its benchmark is @Disabled")
  void disabled() {
    List<JsonNode> off = outcome.resultsOf("off");
    assertThat(off).hasSize(1);
    assertThat(off.get(0).get("status").asText()).isEqualTo("skipped");
    assertThat(off.get(0).get("error").asText()).contains("not today");
    assertThat(off.get(0).get("latency_ms").isNull()).isTrue();
    assertThat(off.get(0).get("benchmark").asText())
        .isEqualTo(DisabledTestCases.class.getName() + "#off");

    List<JsonNode> on = outcome.resultsOf("on");
    assertThat(on)
        .singleElement()
        .satisfies(r -> assertThat(r.get("status").asText()).isEqualTo("passed"));
  }

  @Test
  @DisplayName(
      "is written as failed, for every benchmark of its class, when the class's @BeforeAll throws")
  void beforeAllThrows() {
    for (String method : List.of("first", "second")) {
      List<JsonNode> results = outcome.resultsOf(method);
      assertThat(results).as(method).hasSize(1);
      JsonNode result = results.get(0);
      assertThat(result.get("benchmark").asText())
          .isEqualTo(FailingBeforeAllTestCases.class.getName() + "#" + method);
      assertThat(result.get("status").asText()).isEqualTo("failed");
      assertThat(result.get("error").asText()).contains("model file missing");
      assertThat(result.get("latency_ms").isNull()).isTrue();
    }
    assertThat(outcome.reportedContainer(FailingBeforeAllTestCases.class).getThrowable())
        .get()
        .extracting(Throwable::getMessage)
        .isEqualTo("model file missing");
  }

  @Test
  @DisplayName(
      "is not written twice: scenarios that finished before their class's @AfterAll threw stay as they ended")
  void afterAllThrows() {
    List<JsonNode> results = outcome.resultsOf("beforeCleanup");
    assertThat(results)
        .extracting(r -> r.get("display_name").asText())
        .containsExactly("[device=cpu, batch_size=1]", "[device=cpu, batch_size=2]");
    assertThat(results).allSatisfy(r -> assertThat(r.get("status").asText()).isEqualTo("passed"));
  }

  @Test
  @DisplayName("leaves every id unique and no NaN in the files when results fail, abort and skip")
  void mixedRunIsWellFormed() {
    List<JsonNode> results = outcome.results();
    assertThat(results).hasSize(3 + 1 + 2 + 2 + 2 + 2);
    assertThat(results).extracting(r -> r.get("id").asInt()).doesNotHaveDuplicates();
    assertThat(outcome.resultsCsv()).hasSameSizeAs(results);
    assertThat(outcome.text(ResultsJson.FILE)).doesNotContain("NaN").doesNotContain("Infinity");
  }

  @Test
  @DisplayName(
      "is written as failed with an error naming the annotation when an annotation is invalid")
  void invalidAnnotation(@TempDir Path invalidDir) {
    // The measurement override would replace @Measurement, so this run goes without it.
    ListenerRun.Outcome invalid =
        ListenerRun.into(invalidDir)
            .without("junit.bench.measurement.iterations")
            .run(InvalidAnnotationTestCases.class);

    List<JsonNode> zeroIterations = invalid.resultsOf("zeroIterations");
    assertThat(zeroIterations).hasSize(1);
    assertThat(zeroIterations.get(0).get("status").asText()).isEqualTo("failed");
    assertThat(zeroIterations.get(0).get("error").asText())
        .contains("@Measurement(iterations = 0)");
    assertThat(zeroIterations.get(0).get("latency_ms").isNull()).isTrue();

    List<JsonNode> zeroBatch = invalid.resultsOf("zeroBatch");
    assertThat(zeroBatch).hasSize(1);
    assertThat(zeroBatch.get(0).get("status").asText()).isEqualTo("failed");
    assertThat(zeroBatch.get(0).get("error").asText()).contains("@BatchSizes");
    assertThat(invalid.summary().getTestsFailedCount()).isEqualTo(2);
  }

  static class ThrowingTestCases {
    @Benchmark
    @BatchSizes({1, 8, 16})
    void sometimesThrows(Scenario scenario, Blackhole blackhole) {
      if (scenario.batchSize() == 8) {
        throw new IllegalStateException("batch 8 overflows the buffer");
      }
      ListenerRun.work(50 * scenario.batchSize(), blackhole);
    }
  }

  static class UnresolvableParameterTestCases {
    @Benchmark
    void needsRandom(Random random) {
      random.nextInt();
    }
  }

  static class CudaTestCases {
    @Benchmark
    @Devices({Device.CPU, Device.CUDA})
    void onDevices(Blackhole blackhole) {
      ListenerRun.work(100, blackhole);
    }
  }

  static class DisabledTestCases {
    @Benchmark
    @Disabled("not today")
    void off(Blackhole blackhole) {
      ListenerRun.work(100, blackhole);
    }

    @Benchmark
    void on(Blackhole blackhole) {
      ListenerRun.work(100, blackhole);
    }
  }

  static class FailingBeforeAllTestCases {
    @BeforeAll
    static void loadModel() {
      throw new IllegalStateException("model file missing");
    }

    @Benchmark
    void first(Blackhole blackhole) {
      ListenerRun.work(100, blackhole);
    }

    @Benchmark
    @BatchSizes({1, 2})
    void second(Blackhole blackhole) {
      ListenerRun.work(100, blackhole);
    }
  }

  static class FailingAfterAllTestCases {
    @AfterAll
    static void cleanUp() {
      throw new IllegalStateException("cleanup failed");
    }

    @Benchmark
    @BatchSizes({1, 2})
    void beforeCleanup(Blackhole blackhole) {
      ListenerRun.work(100, blackhole);
    }
  }

  static class InvalidAnnotationTestCases {
    @Benchmark
    @Measurement(iterations = 0)
    void zeroIterations(Blackhole blackhole) {
      ListenerRun.work(100, blackhole);
    }

    @Benchmark
    @BatchSizes(0)
    void zeroBatch(Blackhole blackhole) {
      ListenerRun.work(100, blackhole);
    }
  }
}
