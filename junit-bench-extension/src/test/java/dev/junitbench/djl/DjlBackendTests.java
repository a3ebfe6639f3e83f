package dev.junitbench.djl;

import static dev.junitbench.testkit.ScenarioResultAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.core.Linear;
import ai.djl.translate.TranslateException;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Devices;
import dev.junitbench.InputFactory;
import dev.junitbench.Measurement;
import dev.junitbench.Model;
import dev.junitbench.Modes;
import dev.junitbench.Providers;
import dev.junitbench.SequenceLengths;
import dev.junitbench.Threads;
import dev.junitbench.Warmup;
import dev.junitbench.infra.Device;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.infra.Scenario;
import dev.junitbench.onnx.TinyModels;
import dev.junitbench.results.ModelInfo;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.testkit.BenchmarkTestKit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("A benchmark of a DJL model")
class DjlBackendTests {

  @BeforeAll
  static void models() throws Exception {
    TinyModels.write();
  }

  private static BenchmarkTestKit.Outcome run(String method) {
    return BenchmarkTestKit.with().run(DjlTestCases.class, method);
  }

  private static final String CASES = DjlTestCases.class.getName();

  @Test
  @DisplayName(
      "builds a block with random weights on PyTorch, feeds it batches, and records the model")
  void block() {
    DjlTestCases.seen.clear();
    BenchmarkTestKit.Outcome run = run("mlp");
    run.events().testEvents().assertStatistics(stats -> stats.started(2).succeeded(2));
    assertThat(DjlTestCases.seen).containsExactly("(1, 4) -> (1, 3)", "(4, 4) -> (4, 3)");
    ScenarioResult first = run.result("[device=cpu, batch_size=1]");
    assertThat(first)
        .hasParams(
            Map.entry("device", "cpu"),
            Map.entry("batch_size", 1),
            Map.entry("backend", "djl"),
            Map.entry("engine", "PyTorch"));
    ModelInfo model = first.model();
    assertThat(model.id()).isEqualTo("TinyMlp");
    assertThat(model.backend()).isEqualTo("djl");
    assertThat(model.format()).isEqualTo("block");
    assertThat(model.source()).isEqualTo(DjlTestCases.TinyMlp.class.getName());
    // Linear(4 -> 8) and Linear(8 -> 3): (4 x 8 + 8) + (8 x 3 + 3) = 67 float32 parameters.
    assertThat(model.sizeBytes()).isEqualTo(67 * 4);
    assertThat(model.sha256()).as("a block built in memory has no file").isNull();
    assertThat(model.sha256UnavailableReason())
        .isEqualTo(
            "built in memory from its class, with no file to hash:"
                + " source names the class and size_bytes its parameters");
    assertThat(model.loadTimeMs()).isPositive();
    assertThat(model.firstInferenceMs()).isPositive();
    assertThat(run.result("[device=cpu, batch_size=4]").model().loadTimeMs())
        .isEqualTo(model.loadTimeMs());
    assertThat(first).hasSamples(5);
  }

  @Test
  @DisplayName("frees each run's intermediate arrays with its result, and keeps the inputs")
  void noGrowth() {
    DjlTestCases.managed.clear();
    BenchmarkTestKit.Outcome run = run("counted");
    run.events().testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
    // Arrays alive under the model's manager after each timed call's result was closed.
    assertThat(DjlTestCases.managed).hasSizeGreaterThan(5);
    assertThat(DjlTestCases.managed.stream().distinct()).hasSize(1);
  }

  @Test
  @DisplayName("keeps the inputs when a body runs the model twice before closing the results")
  void twoRunsOpen() {
    run("twice").events().testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
  }

  @Test
  @DisplayName("names the model and the inputs when the first inference fails")
  void firstInferenceFails() {
    assertThat(run("floatIds").failure("[device=cpu, sequence_length=16]"))
        .contains(
            CASES
                + "#floatIds"
                + " [device=cpu, sequence_length=16]: the first inference of model 'all-minilm-l6-v2-q' failed (")
        .endsWith("); check that the inputs fit the model");
  }

  @Test
  @DisplayName(
      "runs an ONNX file on DJL's OnnxRuntime engine with real tokenized text, modes and threads")
  void onnxOnDjl() {
    DjlTestCases.seen.clear();
    BenchmarkTestKit.Outcome run = run("miniLm");
    run.events().testEvents().assertStatistics(stats -> stats.started(2).succeeded(2));
    assertThat(DjlTestCases.seen).containsExactly("ids [101, 1996, 4248, 2829] -> (2, 16, 384)");
    ScenarioResult result =
        run.result("[device=cpu, batch_size=2, sequence_length=16, mode=eager, threads=1]");
    assertThat(result).hasParam("engine", "OnnxRuntime").hasParam("backend", "djl");
    assertThat(result.model().format()).isEqualTo("onnx");
    assertThat(result.model().sizeBytes()).isEqualTo(22_972_370L);
    assertThat(result.model().sha256())
        .isEqualTo("afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1");
    assertThat(result.throughputTokens().value()).isPositive();
  }

  @Test
  @DisplayName("records the versions of DJL and of the runtimes its engines really loaded")
  void runtimeVersions() {
    run("mlp");
    assertThat(new DjlBackend().runtimeVersions())
        .containsEntry("djl", "0.35.1")
        .containsEntry("pytorch", "2.7.1");
  }

  @Test
  @DisplayName("rejects what an engine cannot do, naming the fix")
  void invalidSettings() {
    assertThat(run("threadsOnPyTorch").failure("[invalid configuration]"))
        .isEqualTo(
            CASES
                + "#threadsOnPyTorch"
                + " [device=cpu, threads=2]: @Threads: DJL's PyTorch engine sets its intra-op thread count once per process,"
                + " and changing it after the first inference slows every later one; leave @Threads out and set"
                + " -Dai.djl.pytorch.num_threads=N for the test JVM");
    assertThat(run("optimizedOnPyTorch").failure("[invalid configuration]"))
        .endsWith("@Modes: DJL's PyTorch engine" + " has no mode 'optimized'; accepted: [eager]");
    assertThat(run("providers").failure("[invalid configuration]"))
        .endsWith(
            "@Providers: DJL has no execution"
                + " providers; leave it out (ONNX Runtime's providers need an OnnxModel parameter)");
    assertThat(run("unknownEngine").failure("[invalid configuration]"))
        .contains(
            "@Model(engine = \"TensorFlow\"):"
                + " DJL has no such engine on the test classpath (it has [OnnxRuntime, PyTorch");
    assertThat(run("unknownFormat").failure("[invalid configuration]"))
        .contains(
            "DJL cannot tell which engine"
                + " runs this file; name it: @Model(engine = \"PyTorch\")");
    assertThat(run("notABlock").failure("[device=cpu]"))
        .endsWith(
            "#notABlock: @Model(block = "
                + DjlTestCases.NotABlock.class.getName()
                + ".class) does not implement dev.junitbench.djl.DjlBlock;"
                + " implement it to build the model and describe its input");
    assertThat(run("noInputShapes").failure("[device=cpu]"))
        .endsWith(
            "DJL gives no input shapes or types of a"
                + " model file, so junit-bench cannot make its inputs; give @Model(tokenizer = ...) for a text model, or"
                + " make the inputs with @Model(inputs = ...)");
    assertThat(run("blockOnOnnxRuntime").failure("[device=cpu]"))
        .endsWith(
            "#blockOnOnnxRuntime: a model built in"
                + " code ("
                + DjlTestCases.TinyMlp.class.getName()
                + ") runs on DJL's PyTorch engine, not OnnxRuntime; leave"
                + " @Model(engine) out");
    assertThat(run("corrupt").failure("[device=cpu]"))
        .contains(
            "DJL's OnnxRuntime engine cannot open model"
                + " 'corrupt' from target/test-models/corrupt.onnx")
        .endsWith("check that the file is a complete model for" + " that engine");
  }

  @Test
  @DisplayName("aborts CUDA where the engine sees no GPU, saying where CUDA builds come from")
  void noCuda() {
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
                                "CUDA requested; DJL's PyTorch engine offers [CPU] here (its natives are a CPU build); Maven Central has no CUDA build of"
                                    + " PyTorch 2.7.1 for DJL 0.35.1")))));
    BenchmarkTestKit.Outcome auto = run("auto");
    auto.events().testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
    assertThat(auto.result("[device=auto]")).passed().hasParam("device_resolved", "cpu");
  }

  @Test
  @DisplayName("checks inputs a factory made against the block, and feeds good ones")
  void givenInputs() {
    DjlTestCases.seen.clear();
    run("given").events().testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
    assertThat(DjlTestCases.seen).containsExactly("(2, 4) -> (2, 3)");
    assertThat(run("wrongShape").failure("[device=cpu]"))
        .endsWith(
            "#wrongShape, model 'TinyMlp': the inputs "
                + DjlTestCases.WrongShape.class.getName()
                + " made do not fit the model: 'x' has shape (2, 5); the model"
                + " takes (batch, 4). The model's inputs are one float32 array of shape (batch, 4); make one NDArray per"
                + " input with model.manager()");
    assertThat(run("wrongType").failure("[device=cpu]"))
        .contains("'x' is int64, the model takes float32");
    assertThat(run("otherEngine").failure("[device=cpu, sequence_length=16]"))
        .contains(
            "'input_ids' is on cpu() of"
                + " DJL's PyTorch engine, the model runs on cpu() of its OnnxRuntime engine; converting it would be timed");
    assertThat(DjlTestCases.GoodInputs.made).allMatch(NDArray::isReleased);
  }

  @Warmup(iterations = 1)
  @Measurement(iterations = 5)
  static class DjlTestCases {
    static final List<String> seen = new ArrayList<>();
    static final List<Integer> managed = new ArrayList<>();

    /** Two dense layers: a real PyTorch forward pass in microseconds. */
    public static class TinyMlp implements DjlBlock {
      @Override
      public Block build() {
        return new SequentialBlock()
            .add(Linear.builder().setUnits(8).build())
            .add(Linear.builder().setUnits(3).build());
      }

      @Override
      public Shape inputShape() {
        return new Shape(4);
      }
    }

    static class NotABlock {}

    static class GoodInputs implements InputFactory<DjlModel> {
      static final List<NDArray> made = new ArrayList<>();

      NDArray array(DjlModel model, DataType type, long... shape) {
        NDArray array = model.manager().ones(new Shape(shape), type);
        made.add(array);
        return array;
      }

      @Override
      public Map<String, ?> create(DjlModel model, Scenario scenario) {
        return Map.of("x", array(model, DataType.FLOAT32, 2, 4));
      }
    }

    static class WrongShape extends GoodInputs {
      @Override
      public Map<String, ?> create(DjlModel model, Scenario scenario) {
        return Map.of("x", array(model, DataType.FLOAT32, 2, 5));
      }
    }

    static class WrongType extends GoodInputs {
      @Override
      public Map<String, ?> create(DjlModel model, Scenario scenario) {
        return Map.of("x", array(model, DataType.INT64, 2, 4));
      }
    }

    private static void see(String text) {
      if (seen.isEmpty() || !seen.get(seen.size() - 1).equals(text)) {
        seen.add(text);
      }
    }

    @Benchmark
    @BatchSizes({1, 4})
    void mlp(@Model(block = TinyMlp.class) DjlModel model, ModelInputs inputs, Blackhole bh)
        throws TranslateException {
      try (DjlResult result = model.run(inputs)) {
        see(
            inputs.argument(NDList.class).get(0).getShape()
                + " -> "
                + result.output().get(0).getShape());
      }
      bh.closeAfterTiming(model.run(inputs));
    }

    @Benchmark
    @Measurement(iterations = 10)
    void counted(@Model(block = TinyMlp.class) DjlModel model, ModelInputs inputs)
        throws TranslateException {
      model.run(inputs).close();
      managed.add(model.manager().getManagedArrays().size());
    }

    @Benchmark
    @BatchSizes(2)
    @SequenceLengths(16)
    @Modes({"eager", "optimized"})
    @Threads(1)
    void miniLm(
        @Model(
                value = "classpath:all-minilm-l6-v2-q.onnx",
                tokenizer = "classpath:all-minilm-l6-v2-q-tokenizer.json")
            DjlModel model,
        ModelInputs inputs,
        Blackhole bh)
        throws TranslateException {
      try (DjlResult result = model.run(inputs)) {
        long[] ids = inputs.argument(NDList.class).get("input_ids").toLongArray();
        see(
            "ids "
                + Arrays.toString(Arrays.copyOf(ids, 4))
                + " -> "
                + result.output().get(0).getShape());
      }
      bh.closeAfterTiming(model.run(inputs));
    }

    @Benchmark
    @Threads(2)
    void threadsOnPyTorch(@Model(block = TinyMlp.class) DjlModel model) {}

    @Benchmark
    @Modes("optimized")
    void optimizedOnPyTorch(@Model(block = TinyMlp.class) DjlModel model) {}

    @Benchmark
    @Providers("cuda")
    void providers(@Model(block = TinyMlp.class) DjlModel model) {}

    @Benchmark
    void unknownEngine(@Model(block = TinyMlp.class, engine = "TensorFlow") DjlModel model) {}

    @Benchmark
    void unknownFormat(@Model("target/test-models/model.bin") DjlModel model) {}

    @Benchmark
    void notABlock(@Model(block = NotABlock.class) DjlModel model) {}

    @Benchmark
    void noInputShapes(
        @Model("classpath:all-minilm-l6-v2-q.onnx") DjlModel model, ModelInputs inputs) {}

    @Benchmark
    void corrupt(@Model("target/test-models/corrupt.onnx") DjlModel model) {}

    @Benchmark
    @Devices(Device.CUDA)
    void onCuda(@Model(block = TinyMlp.class) DjlModel model) {}

    @Benchmark
    @Devices(Device.AUTO)
    void auto(@Model(block = TinyMlp.class) DjlModel model, ModelInputs inputs)
        throws TranslateException {
      model.run(inputs).close();
    }

    @Benchmark
    void given(
        @Model(block = TinyMlp.class, inputs = GoodInputs.class) DjlModel model, ModelInputs inputs)
        throws TranslateException {
      try (DjlResult result = model.run(inputs)) {
        see(
            inputs.argument(NDList.class).get(0).getShape()
                + " -> "
                + result.output().get(0).getShape());
      }
    }

    @Benchmark
    void wrongShape(
        @Model(block = TinyMlp.class, inputs = WrongShape.class) DjlModel model,
        ModelInputs inputs) {}

    @Benchmark
    void twice(@Model(block = TinyMlp.class) DjlModel model, ModelInputs inputs, Blackhole bh)
        throws TranslateException {
      DjlResult first = model.run(inputs);
      DjlResult second = model.run(inputs);
      bh.closeAfterTiming(first);
      bh.closeAfterTiming(second);
    }

    @Benchmark
    void blockOnOnnxRuntime(@Model(block = TinyMlp.class, engine = "OnnxRuntime") DjlModel model) {}

    /** Named right, typed wrong: DJL describes no types, so only running the model finds out. */
    static class FloatIds implements InputFactory<DjlModel> {
      @Override
      public Map<String, ?> create(DjlModel model, Scenario scenario) {
        Map<String, NDArray> arrays = new LinkedHashMap<>();
        for (String name : List.of("input_ids", "attention_mask", "token_type_ids")) {
          arrays.put(
              name,
              model.manager().ones(new Shape(1, scenario.sequenceLength()), DataType.FLOAT32));
        }
        return arrays;
      }
    }

    /** Arrays of another engine than the model's. */
    static class OtherEngine implements InputFactory<DjlModel> {
      @Override
      public Map<String, ?> create(DjlModel model, Scenario scenario) {
        NDManager pyTorch = Engine.getEngine("PyTorch").newBaseManager();
        Map<String, NDArray> arrays = new LinkedHashMap<>();
        for (String name : List.of("input_ids", "attention_mask", "token_type_ids")) {
          arrays.put(name, pyTorch.ones(new Shape(1, scenario.sequenceLength()), DataType.INT64));
        }
        return arrays;
      }
    }

    @Benchmark
    @SequenceLengths(16)
    void floatIds(
        @Model(value = "classpath:all-minilm-l6-v2-q.onnx", inputs = FloatIds.class) DjlModel model,
        ModelInputs inputs) {}

    @Benchmark
    @SequenceLengths(16)
    void otherEngine(
        @Model(value = "classpath:all-minilm-l6-v2-q.onnx", inputs = OtherEngine.class)
            DjlModel model,
        ModelInputs inputs) {}

    @Benchmark
    void wrongType(
        @Model(block = TinyMlp.class, inputs = WrongType.class) DjlModel model,
        ModelInputs inputs) {}
  }
}
