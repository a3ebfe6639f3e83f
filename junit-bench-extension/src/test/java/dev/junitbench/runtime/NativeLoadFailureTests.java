package dev.junitbench.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.nn.core.Linear;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Model;
import dev.junitbench.SequenceLengths;
import dev.junitbench.djl.DjlBlock;
import dev.junitbench.djl.DjlModel;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.onnx.OnnxModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A runtime whose native library fails to load")
class NativeLoadFailureTests {

  @TempDir Path tempDir;

  static Map<String, JsonNode> byBenchmark(JsonNode results) {
    return StreamSupport.stream(results.get("results").spliterator(), false)
        .collect(Collectors.toMap(r -> r.get("benchmark").asText().replaceAll(".*#", ""), r -> r));
  }

  @Test
  @DisplayName(
      "ONNX Runtime: aborts the model's scenarios with the cause and the fix; plain benchmarks still run")
  void onnxRuntime() throws Exception {
    Path empty = Files.createDirectories(tempDir.resolve("no-natives"));
    ChildRun.Outcome outcome =
        ChildRun.run(
            OrtTestCases.class,
            tempDir.resolve("results"),
            List.of("-Donnxruntime.native.path=" + empty),
            entry -> false);
    assertThat(outcome.results()).as("child output:%n%s", outcome.output()).isNotNull();
    Map<String, JsonNode> results = byBenchmark(outcome.results());
    JsonNode model = results.get("embed");
    assertThat(model.get("status").asText()).isEqualTo("aborted");
    assertThat(model.get("error").asText())
        .contains(
            OrtTestCases.class.getName()
                + "#embed [device=cpu], model 'all-minilm-l6-v2-q':"
                + " onnxruntime failed to load its native library (java.lang.RuntimeException: Failed to load onnx-runtime"
                + " library, caused by java.io.IOException: Native library 'onnxruntime' not found at "
                + empty)
        .contains("use the onnxruntime jar built for this platform")
        .contains(
            "if -Donnxruntime.native.path is set, point it at a folder holding that build's libraries");
    assertThat(model.get("params").get("backend").asText()).isEqualTo("onnxruntime");
    assertThat(results.get("plain").get("status").asText()).isEqualTo("passed");
    assertThat(outcome.results().get("run").get("software").get("runtimes").has("onnxruntime"))
        .as("no version of a runtime that did not load")
        .isFalse();
  }

  @Test
  @DisplayName(
      "DJL's PyTorch engine without its natives, offline: aborts the model's scenarios with the cause and the fix")
  void pyTorch() throws Exception {
    Path cache = Files.createDirectories(tempDir.resolve("djl-cache"));
    ChildRun.Outcome outcome =
        ChildRun.run(
            DjlTestCases.class,
            tempDir.resolve("results"),
            List.of(
                "-Dai.djl.offline=true", "-DDJL_CACHE_DIR=" + cache, "-DENGINE_CACHE_DIR=" + cache),
            entry -> entry.contains("pytorch-native-cpu"));
    assertThat(outcome.results()).as("child output:%n%s", outcome.output()).isNotNull();
    Map<String, JsonNode> results = byBenchmark(outcome.results());
    JsonNode model = results.get("classify");
    assertThat(model.get("status").asText()).isEqualTo("aborted");
    assertThat(model.get("error").asText())
        .isEqualTo(
            DjlTestCases.class.getName()
                + "#classify [device=cpu], model 'Dense':"
                + " DJL's PyTorch engine failed to load its native library (ai.djl.engine.EngineException: Failed to save"
                + " pytorch index file, caused by java.io.IOException: Offline mode is enabled.); add"
                + " ai.djl.pytorch:pytorch-jni:2.7.1-0.35.1 and ai.djl.pytorch:pytorch-native-cpu:2.7.1 (classifier"
                + " linux-x86_64, or your platform's) to the test dependencies, point PYTORCH_LIBRARY_PATH at a libtorch"
                + " 2.7.1, or let DJL download it (internet access, without -Dai.djl.offline=true)");
    assertThat(model.get("params").get("engine").asText()).isEqualTo("PyTorch");
    assertThat(results.get("plain").get("status").asText()).isEqualTo("passed");
    assertThat(outcome.results().get("run").get("software").get("runtimes").has("pytorch"))
        .isFalse();
  }

  @Test
  @DisplayName(
      "DJL's OnnxRuntime engine after other code started ONNX Runtime: aborted, saying what to do")
  void onnxRuntimeStartedFirst() throws Exception {
    ChildRun.Outcome outcome =
        ChildRun.run(
            StartedFirstTestCases.class,
            tempDir.resolve("results"),
            List.of("-Dai.djl.offline=true"),
            entry -> false);
    assertThat(outcome.results()).as("child output:%n%s", outcome.output()).isNotNull();
    JsonNode result = byBenchmark(outcome.results()).get("embed");
    assertThat(result.get("status").asText()).isEqualTo("aborted");
    assertThat(result.get("error").asText())
        .contains(
            "DJL's OnnxRuntime engine failed to load its native library"
                + " (java.lang.IllegalStateException: Tried to specify the thread pool when creating an OrtEnvironment, but"
                + " one already exists.); ONNX Runtime was started in this JVM before DJL's OnnxRuntime engine (by code of"
                + " its own), and that engine must create ONNX Runtime's environment itself");
  }

  static class StartedFirstTestCases {
    @BeforeAll
    static void ownCode() {
      OrtEnvironment.getEnvironment();
    }

    @Benchmark
    @SequenceLengths(16)
    void embed(
        @Model(
                value = "classpath:all-minilm-l6-v2-q.onnx",
                tokenizer = "classpath:all-minilm-l6-v2-q-tokenizer.json")
            DjlModel model,
        ModelInputs inputs)
        throws Exception {
      model.run(inputs).close();
    }
  }

  static class DjlTestCases {
    @Benchmark
    void classify(@Model(block = Dense.class) DjlModel model, ModelInputs inputs) throws Exception {
      model.run(inputs).close();
    }

    @Benchmark
    void plain(Blackhole blackhole) {
      blackhole.consume(Math.sqrt(2));
    }

    public static class Dense implements DjlBlock {
      @Override
      public Block build() {
        return Linear.builder().setUnits(2).build();
      }

      @Override
      public Shape inputShape() {
        return new Shape(4);
      }
    }
  }

  static class OrtTestCases {
    @Benchmark
    void embed(@Model("classpath:all-minilm-l6-v2-q.onnx") OnnxModel model, ModelInputs inputs)
        throws OrtException {
      model.run(inputs).close();
    }

    @Benchmark
    void plain(Blackhole blackhole) {
      blackhole.consume(Math.sqrt(2));
    }
  }
}
