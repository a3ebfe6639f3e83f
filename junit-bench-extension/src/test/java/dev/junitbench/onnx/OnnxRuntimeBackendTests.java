package dev.junitbench.onnx;

import static dev.junitbench.testkit.ScenarioResultAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtException;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Devices;
import dev.junitbench.Measurement;
import dev.junitbench.Model;
import dev.junitbench.Modes;
import dev.junitbench.Providers;
import dev.junitbench.Threads;
import dev.junitbench.Warmup;
import dev.junitbench.infra.Device;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.results.ModelInfo;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.testkit.BenchmarkTestKit;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("A benchmark of an ONNX model")
class OnnxRuntimeBackendTests {

  @BeforeAll
  static void models() throws Exception {
    TinyModels.write();
  }

  private static BenchmarkTestKit.Outcome run(String method) {
    return BenchmarkTestKit.with().run(OnnxTestCases.class, method);
  }

  @Test
  @DisplayName(
      "opens the model once per device, feeds inputs shaped for each scenario and records the model")
  void measuresAndRecordsTheModel() throws Exception {
    OnnxTestCases.shapes.clear();
    BenchmarkTestKit.Outcome run = run("matmul");
    run.events().testEvents().assertStatistics(stats -> stats.started(2).succeeded(2));
    assertThat(OnnxTestCases.shapes).containsExactly("[1, 4]", "[4, 4]");
    ScenarioResult first = run.result("[device=cpu, batch_size=1]");
    ScenarioResult second = run.result("[device=cpu, batch_size=4]");
    ModelInfo model = first.model();
    assertThat(model.id()).isEqualTo("matmul");
    assertThat(model.backend()).isEqualTo("onnxruntime");
    assertThat(model.format()).isEqualTo("onnx");
    assertThat(model.source()).isEqualTo("target/test-models/matmul.onnx");
    assertThat(model.sizeBytes()).isEqualTo(Files.size(TinyModels.DIR.resolve("matmul.onnx")));
    assertThat(model.sha256())
        .isEqualTo(
            HexFormat.of()
                .formatHex(
                    MessageDigest.getInstance("SHA-256")
                        .digest(Files.readAllBytes(TinyModels.DIR.resolve("matmul.onnx")))));
    assertThat(model.sha256UnavailableReason()).isNull();
    assertThat(model.loadTimeMs()).isPositive();
    assertThat(model.firstInferenceMs()).isPositive();
    // One session for both batch sizes: the same load.
    assertThat(second.model().loadTimeMs()).isEqualTo(model.loadTimeMs());
    assertThat(first).hasParam("backend", "onnxruntime").hasSamples(5);
    assertThat(first.throughputTokens()).as("no sequence length, no tokens").isNull();
  }

  @Test
  @DisplayName("runs each mode and thread count as its own scenario with its own session")
  void modesAndThreads() {
    OnnxTestCases.sessions.clear();
    BenchmarkTestKit.Outcome run = run("modes");
    run.events().testEvents().assertStatistics(stats -> stats.started(4).succeeded(4));
    assertThat(run.results())
        .extracting(ScenarioResult::displayName)
        .containsExactly(
            "[device=cpu, mode=eager, threads=1]", "[device=cpu, mode=eager, threads=2]",
            "[device=cpu, mode=optimized, threads=1]", "[device=cpu, mode=optimized, threads=2]");
    assertThat(run.result("[device=cpu, mode=eager, threads=2]"))
        .hasParam("mode", "eager")
        .hasParam("threads", 2)
        .hasParam("backend", "onnxruntime");
    assertThat(OnnxTestCases.sessions).hasSize(4);
  }

  @Test
  @DisplayName("rejects a mode the backend does not have, naming the accepted ones")
  void unknownMode() {
    assertThat(run("turbo").failure("[invalid configuration]"))
        .contains(
            "@Modes of dev.junitbench.onnx.OnnxRuntimeBackendTests$OnnxTestCases#turbo names mode"
                + " 'turbo', which onnxruntime does not have; accepted: [optimized, eager]");
  }

  @Test
  @DisplayName(
      "fails a scenario that does not fit the model, each bad file, and aborts a device the runtime lacks")
  void badInputs() {
    assertThat(run("fixedBatch").failure("[device=cpu, batch_size=8]"))
        .contains(
            "batch size 8 does not fit input 'x' of shape [1, 4], which fixes the batch at 1;"
                + " use @BatchSizes({1})");
    assertThat(run("fixedBatch").result("[device=cpu, batch_size=1]")).passed().hasFigures();
    assertThat(run("noSequenceLength").failure("[device=cpu]"))
        .contains(
            "input 'input_ids' has a dynamic sequence axis ('sequence_length'); add @SequenceLengths({128})");
    assertThat(run("corrupt").failure("[device=cpu]"))
        .contains("ONNX Runtime cannot open model 'corrupt' from target/test-models/corrupt.onnx")
        .contains("check that the file is a complete ONNX model");
    assertThat(run("missing").failure("[device=cpu]"))
        .contains(
            "@Model of dev.junitbench.onnx.OnnxRuntimeBackendTests$OnnxTestCases#missing"
                + " = \"target/test-models/none.onnx\": no file at");
    run("onCuda")
        .events()
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                abortedWithReason(
                    message(
                        m ->
                            m.contains(
                                "#onCuda [device=cuda], model 'matmul': CUDA requested; onnxruntime offers [CPU] here")))));
  }

  @Test
  @DisplayName(
      "resolves Device.AUTO among the backend's devices and records the provider each scenario used")
  void autoAndProviders() {
    BenchmarkTestKit.Outcome run = run("auto");
    run.events().testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
    assertThat(run.result("[device=auto]"))
        .hasParams(
            Map.entry("device", "auto"),
            Map.entry("device_resolved", "cpu"),
            Map.entry("backend", "onnxruntime"),
            Map.entry("provider", "cpu"));
    assertThat(run("tensorrtOnCpu").failure("[invalid configuration]"))
        .isEqualTo(
            OnnxTestCases.class.getName()
                + "#tensorrtOnCpu [device=cpu, provider=tensorrt]: provider tensorrt runs on [cuda], not cpu; declare"
                + " @Devices for it, or pick a provider that runs on cpu: [cpu, openvino, dnnl, xnnpack, coreml]");
    BenchmarkTestKit.Outcome tensorrt = run("tensorrt");
    tensorrt
        .events()
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                abortedWithReason(
                    message(
                        m ->
                            m.endsWith(
                                "[device=cuda, provider=tensorrt], model 'matmul': provider tensorrt requested; onnxruntime has providers"
                                    + " [cpu] here; use ONNX Runtime's GPU build (mvn -Pgpu, com.microsoft.onnxruntime:onnxruntime_gpu) on a"
                                    + " machine with an NVIDIA GPU, its driver, CUDA 12, cuDNN 9 and TensorRT 10 on the library path")))));
    assertThat(tensorrt.result("[device=cuda, provider=tensorrt]"))
        .aborted()
        .hasParam("provider", "tensorrt")
        .hasParam("backend", "onnxruntime");
  }

  @Test
  @DisplayName(
      "resolves Device.AUTO with a provider among that provider's devices: a GPU provider is aborted, not rejected")
  void autoWithProviders() {
    BenchmarkTestKit.Outcome run = run("autoProviders");
    run.events().testEvents().assertStatistics(stats -> stats.started(2).succeeded(1).aborted(1));
    assertThat(run.result("[device=auto, provider=CPU]"))
        .passed()
        .hasParam("device_resolved", "cpu")
        .as("the provider as the backend spells it")
        .hasParam("provider", "cpu");
    assertThat(run.result("[device=auto, provider=cuda]"))
        .aborted()
        .hasParam("device_resolved", "cuda");
    run.events()
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                abortedWithReason(
                    message(
                        m ->
                            m.contains(
                                "[device=auto, provider=cuda], model 'matmul': provider cuda requested; onnxruntime has"
                                    + " providers [cpu] here")))));
  }

  @Test
  @DisplayName("opens the model with its options, records them, and rejects a malformed one")
  void options() {
    OnnxTestCases.sessions.clear();
    BenchmarkTestKit.Outcome run = run("withOptions");
    run.events().testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
    assertThat(run.result("[device=cpu]").model().options())
        .containsExactly(
            Map.entry("session.intra_op.allow_spinning", "0"),
            Map.entry("session.use_env_allocators", "1"));
    assertThat(run("badOption").failure("[invalid configuration]"))
        .isEqualTo(
            "@Model of "
                + OnnxTestCases.class.getName()
                + "#badOption: option \"spinning\" is not valid: write key=value, e.g. options ="
                + " {\"session.intra_op.allow_spinning=0\"}");
  }

  @Test
  @DisplayName(
      "rejects a @Model with no model, with both a file and a block, and a block for ONNX Runtime")
  void modelAnnotation() {
    assertThat(run("noModel").failure("[invalid configuration]"))
        .isEqualTo(
            "@Model of "
                + OnnxTestCases.class.getName()
                + "#noModel names no model; give a file (@Model(\"classpath:model.onnx\")) or a class that builds one"
                + " (@Model(block = ResNet50.class))");
    assertThat(run("fileAndBlock").failure("[invalid configuration]"))
        .endsWith("#fileAndBlock names both a file" + " and a block; keep one");
    assertThat(run("blockOnOnnx").failure("[device=cpu]"))
        .endsWith(
            OnnxTestCases.class.getName()
                + "#blockOnOnnx:"
                + " onnxruntime opens ONNX files and models an OnnxModelBuilder builds; "
                + OnnxTestCases.Block.class.getName()
                + " is neither: a DjlBlock needs a DjlModel parameter");
  }

  @Test
  @DisplayName("fails a file that is not a model, naming the file")
  void notAModel() {
    assertThat(run("tokenizerAsModel").failure("[device=cpu]"))
        .contains(
            "ONNX Runtime cannot open model 'all-minilm-l6-v2-q-tokenizer' from classpath:all-minilm-l6-v2-q-tokenizer.json")
        .endsWith("check that the file is a complete ONNX model");
  }

  @Warmup(iterations = 1)
  @Measurement(iterations = 5)
  static class OnnxTestCases {
    static final List<String> shapes = new ArrayList<>();
    static final Set<Object> sessions = Collections.newSetFromMap(new IdentityHashMap<>());

    @Benchmark
    @Modes({"eager", "optimized"})
    @Threads({1, 2})
    void modes(@Model("target/test-models/matmul.onnx") OnnxModel model, ModelInputs inputs)
        throws OrtException {
      sessions.add(model.session());
      model.run(inputs).close();
    }

    @Benchmark
    @Modes("turbo")
    void turbo(@Model("target/test-models/matmul.onnx") OnnxModel model) {}

    @Benchmark
    @BatchSizes({1, 4})
    void matmul(
        @Model("target/test-models/matmul.onnx") OnnxModel model, ModelInputs inputs, Blackhole bh)
        throws OrtException {
      OnnxTensor x = inputs.get("x", OnnxTensor.class);
      String shape = Arrays.toString(x.getInfo().getShape());
      if (shapes.isEmpty() || !shapes.get(shapes.size() - 1).equals(shape)) {
        shapes.add(shape);
      }
      bh.closeAfterTiming(model.run(inputs));
    }

    @Benchmark
    @BatchSizes({1, 8})
    void fixedBatch(
        @Model("target/test-models/fixed-batch.onnx") OnnxModel model, ModelInputs inputs)
        throws OrtException {
      model.run(inputs).close();
    }

    @Benchmark
    void noSequenceLength(
        @Model("target/test-models/tokens.onnx") OnnxModel model, ModelInputs inputs) {}

    @Benchmark
    void corrupt(@Model("target/test-models/corrupt.onnx") OnnxModel model) {}

    @Benchmark
    void missing(@Model("target/test-models/none.onnx") OnnxModel model) {}

    @Benchmark
    @Devices(Device.CUDA)
    void onCuda(@Model("target/test-models/matmul.onnx") OnnxModel model) {}

    @Benchmark
    @Devices(Device.AUTO)
    void auto(@Model("target/test-models/matmul.onnx") OnnxModel model, ModelInputs inputs)
        throws OrtException {
      model.run(inputs).close();
    }

    @Benchmark
    @Devices(Device.AUTO)
    @Providers({"CPU", "cuda"})
    void autoProviders(@Model("target/test-models/matmul.onnx") OnnxModel model, ModelInputs inputs)
        throws OrtException {
      model.run(inputs).close();
    }

    @Benchmark
    @Providers("tensorrt")
    void tensorrtOnCpu(@Model("target/test-models/matmul.onnx") OnnxModel model) {}

    @Benchmark
    @Devices(Device.CUDA)
    @Providers("tensorrt")
    void tensorrt(@Model("target/test-models/matmul.onnx") OnnxModel model) {}

    @Benchmark
    void withOptions(
        @Model(
                value = "target/test-models/matmul.onnx",
                options = {"session.intra_op.allow_spinning=0", "session.use_env_allocators = 1"})
            OnnxModel model,
        ModelInputs inputs)
        throws OrtException {
      model.run(inputs).close();
    }

    @Benchmark
    void badOption(
        @Model(value = "target/test-models/matmul.onnx", options = "spinning") OnnxModel model) {}

    @Benchmark
    void noModel(@Model OnnxModel model) {}

    @Benchmark
    void fileAndBlock(
        @Model(value = "target/test-models/matmul.onnx", block = Block.class) OnnxModel model) {}

    @Benchmark
    void blockOnOnnx(@Model(block = Block.class) OnnxModel model) {}

    @Benchmark
    void tokenizerAsModel(@Model("classpath:all-minilm-l6-v2-q-tokenizer.json") OnnxModel model) {}

    /** Not a model file format at all. */
    static class Block {}
  }
}
