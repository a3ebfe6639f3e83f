package dev.junitbench.benchmarks;

import ai.djl.translate.TranslateException;
import ai.onnxruntime.OrtException;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Devices;
import dev.junitbench.Measurement;
import dev.junitbench.Model;
import dev.junitbench.Modes;
import dev.junitbench.SequenceLengths;
import dev.junitbench.Threads;
import dev.junitbench.Warmup;
import dev.junitbench.djl.DjlModel;
import dev.junitbench.infra.Device;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.onnx.OnnxModel;

/**
 * Sentence-embedding models from Maven Central on ONNX Runtime: all-MiniLM-L6-v2 quantized (int8)
 * and fp32 side by side, bge-small-en-v1.5 quantized, and MiniLM-int8 again through DJL's
 * OnnxRuntime engine; graph optimizations off and on, one and two intra-op threads, batches of 1, 8
 * and 32 real sentences tokenized with each model's own tokenizer and padded or truncated to 128
 * tokens. The CUDA scenarios run where ONNX Runtime offers CUDA and are aborted, with the reason,
 * elsewhere.
 */
@Warmup(iterations = 3)
@Measurement(iterations = 10, time = "2s")
// tag::minilm[]
@Devices({Device.CPU, Device.CUDA})
@BatchSizes({1, 8, 32})
@SequenceLengths(128)
@Modes({"eager", "optimized"})
@Threads({1, 2})
class TextEmbeddingBenchmarks {
  // end::minilm[]

  // tag::minilm[]
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

  // end::minilm[]

  @Benchmark
  void miniLmFp32(
      @Model(
              value = "classpath:all-minilm-l6-v2.onnx",
              tokenizer = "classpath:all-minilm-l6-v2-tokenizer.json")
          OnnxModel model,
      ModelInputs inputs,
      Blackhole blackhole)
      throws OrtException {
    blackhole.closeAfterTiming(model.run(inputs));
  }

  /** The same model and inputs as {@link #miniLmInt8}, through DJL's OnnxRuntime engine. */
  @Benchmark
  void miniLmInt8Djl(
      @Model(
              value = "classpath:all-minilm-l6-v2-q.onnx",
              tokenizer = "classpath:all-minilm-l6-v2-q-tokenizer.json",
              id = "all-minilm-l6-v2-q")
          DjlModel model,
      ModelInputs inputs,
      Blackhole blackhole)
      throws TranslateException {
    blackhole.closeAfterTiming(model.run(inputs));
  }

  @Benchmark
  void bgeSmallInt8(
      @Model(
              value = "classpath:bge-small-en-v1.5-q.onnx",
              tokenizer = "classpath:bge-small-en-v1.5-q-tokenizer.json")
          OnnxModel model,
      ModelInputs inputs,
      Blackhole blackhole)
      throws OrtException {
    blackhole.closeAfterTiming(model.run(inputs));
  }
}
