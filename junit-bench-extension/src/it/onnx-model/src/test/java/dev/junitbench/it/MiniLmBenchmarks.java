package dev.junitbench.it;

import ai.onnxruntime.OrtException;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Devices;
import dev.junitbench.Measurement;
import dev.junitbench.Model;
import dev.junitbench.SequenceLengths;
import dev.junitbench.Warmup;
import dev.junitbench.infra.Device;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.onnx.OnnxModel;

/** A user's benchmarks of a real model: all-MiniLM-L6-v2 (quantized) with ONNX Runtime. */
@Warmup(iterations = 2)
@Measurement(iterations = 10)
class MiniLmBenchmarks {

  /** One session, shared by both batch sizes. */
  @Benchmark
  @BatchSizes({1, 2})
  @SequenceLengths(128)
  void embed(
      @Model("classpath:all-minilm-l6-v2-q.onnx") OnnxModel model,
      ModelInputs inputs,
      Blackhole blackhole)
      throws OrtException {
    blackhole.closeAfterTiming(model.run(inputs));
  }

  /** The CUDA scenario is aborted on a machine whose ONNX Runtime offers only the CPU. */
  @Benchmark
  @Devices({Device.CPU, Device.CUDA})
  @BatchSizes(1)
  @SequenceLengths(16)
  void embedOnDevice(
      @Model("classpath:all-minilm-l6-v2-q.onnx") OnnxModel model,
      ModelInputs inputs,
      Blackhole blackhole)
      throws OrtException {
    blackhole.closeAfterTiming(model.run(inputs));
  }
}
