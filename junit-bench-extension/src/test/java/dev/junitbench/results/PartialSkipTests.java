package dev.junitbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.infra.Scenario;
import dev.junitbench.testkit.ListenerRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A run folder")
class PartialSkipTests {

  @TempDir Path tempDir;

  @Test
  @DisplayName(
      "holds a scenario that an execution condition disabled, as skipped with the reason, beside its siblings")
  void singleScenarioSkipped() {
    ListenerRun.Outcome outcome = ListenerRun.into(tempDir).run(SkipEightTestCases.class);
    JsonNode skipped = outcome.result("scaled", "[device=cpu, batch_size=8]");
    assertThat(skipped.get("status").asText()).isEqualTo("skipped");
    assertThat(skipped.get("error").asText()).isEqualTo("batch 8 is not wanted here");
    assertThat(outcome.result("scaled", "[device=cpu, batch_size=1]").get("status").asText())
        .isEqualTo("passed");
  }

  @Test
  @DisplayName("of a dry run holds every scenario as skipped, with its params and the reason")
  void dryRun() {
    ListenerRun.Outcome outcome =
        ListenerRun.into(tempDir).config("junit.bench.dry-run", "true").run(DryRunTestCases.class);
    for (String name : List.of("[device=cpu, batch_size=1]", "[device=cpu, batch_size=8]")) {
      JsonNode result = outcome.result("scaled", name);
      assertThat(result.get("status").asText()).isEqualTo("skipped");
      assertThat(result.get("params").get("batch_size").isInt()).isTrue();
      assertThat(result.get("latency_ms").isNull()).isTrue();
    }
    assertThat(outcome.result("scaled", "[device=cpu, batch_size=1]").get("error").asText())
        .isEqualTo("dry run");
    assertThat(outcome.json().get("run").get("config").get("junit.bench.dry-run").asText())
        .isEqualTo("true");
  }

  @Test
  @DisplayName("holds files with the permissions of any file created there, not owner-only ones")
  void ordinaryPermissions() throws Exception {
    ListenerRun.Outcome outcome = ListenerRun.into(tempDir).run(SkipEightTestCases.class);
    Path runDir = outcome.runDir();
    Path reference = Files.createFile(tempDir.resolve("reference"));
    String expected = PosixFilePermissions.toString(Files.getPosixFilePermissions(reference));
    try (var files = Files.list(runDir)) {
      files.forEach(
          file ->
              assertThat(PosixFilePermissions.toString(uncheckedPermissions(file)))
                  .as(file.toString())
                  .isEqualTo(expected));
    }
  }

  private static Set<PosixFilePermission> uncheckedPermissions(Path file) {
    try {
      return Files.getPosixFilePermissions(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static class SkipEight implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
      return context.getDisplayName().contains("batch_size=8")
          ? ConditionEvaluationResult.disabled("batch 8 is not wanted here")
          : ConditionEvaluationResult.enabled("wanted");
    }
  }

  static class DryRunTestCases {
    @Benchmark
    @BatchSizes({1, 8})
    void scaled(Scenario scenario) {
      throw new IllegalStateException("a dry run never calls a benchmark");
    }
  }

  @ExtendWith(SkipEight.class)
  static class SkipEightTestCases {
    @Benchmark
    @BatchSizes({1, 8})
    void scaled(Scenario scenario) {}
  }
}
