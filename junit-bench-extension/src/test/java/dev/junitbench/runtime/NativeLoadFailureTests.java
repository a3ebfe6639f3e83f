package dev.junitbench.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import ai.onnxruntime.OrtException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Model;
import dev.junitbench.ModelInputs;
import dev.junitbench.onnx.OnnxModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A runtime whose native library fails to load")
class NativeLoadFailureTests {

  @TempDir
  Path tempDir;

  static Map<String, JsonNode> byBenchmark(JsonNode results) {
    return StreamSupport.stream(results.get("results").spliterator(), false)
        .collect(java.util.stream.Collectors.toMap(r -> r.get("benchmark").asText().replaceAll(".*#", ""), r -> r));
  }

  @Test
  @DisplayName("ONNX Runtime: aborts the model's scenarios with the cause and the fix; plain benchmarks still run")
  void onnxRuntime() throws Exception {
    Path empty = Files.createDirectories(tempDir.resolve("no-natives"));
    ChildRun.Outcome outcome = ChildRun.run(OrtTestCases.class, tempDir.resolve("results"),
        List.of("-Donnxruntime.native.path=" + empty), entry -> false);
    assertThat(outcome.results()).as("child output:%n%s", outcome.output()).isNotNull();
    Map<String, JsonNode> results = byBenchmark(outcome.results());
    JsonNode model = results.get("embed");
    assertThat(model.get("status").asText()).isEqualTo("aborted");
    assertThat(model.get("error").asText()).contains(OrtTestCases.class.getName() + "#embed [device=cpu]:"
        + " onnxruntime failed to load its native library (java.io.IOException: Native library 'onnxruntime' not"
        + " found at " + empty)
        .contains("use the onnxruntime jar built for this platform")
        .contains("if -Donnxruntime.native.path is set, point it at a folder holding that build's libraries");
    assertThat(model.get("params").get("backend").asText()).isEqualTo("onnxruntime");
    assertThat(results.get("plain").get("status").asText()).isEqualTo("passed");
    assertThat(outcome.results().get("run").get("software").get("runtimes").has("onnxruntime"))
        .as("no version of a runtime that did not load").isFalse();
  }

  static class OrtTestCases {
    @Benchmark
    void embed(@Model("classpath:all-minilm-l6-v2-q.onnx") OnnxModel model, ModelInputs inputs) throws OrtException {
      model.run(inputs).close();
    }

    @Benchmark
    void plain(Blackhole blackhole) {
      blackhole.consume(Math.sqrt(2));
    }
  }
}
