package dev.junitbench.benchmarks;

import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Devices;
import dev.junitbench.Generate;
import dev.junitbench.Measurement;
import dev.junitbench.Model;
import dev.junitbench.Modes;
import dev.junitbench.Warmup;
import dev.junitbench.infra.Device;
import dev.junitbench.infra.Generator;
import dev.junitbench.onnx.Decoders;
import dev.junitbench.onnx.OnnxModel;

// tag::generation[]
/**
 * Text generation with a decoder of DistilGPT2's shape (6 layers x 768, vocabulary 50257, random
 * weights, built in code and cached under {@code target/junit-bench-models}) on ONNX Runtime: a
 * prompt of 128 tokens, 32 new tokens greedily with the KV cache, batches of 1 and 4, graph
 * optimizations off and on. Each request reports its time to first token, time per output token and
 * the gaps between tokens; {@code tokens.csv} holds the time of every token.
 */
@Warmup(iterations = 2)
@Measurement(iterations = 16)
@Devices({Device.CPU, Device.CUDA})
@BatchSizes({1, 4})
@Modes({"eager", "optimized"})
class GenerationBenchmarks {

  @Benchmark
  @Generate(tokens = 32, promptTokens = 128)
  void distilgpt2(
      @Model(block = Decoders.DistilGpt2.class, id = "distilgpt2-shaped") OnnxModel model,
      Generator generator)
      throws Exception {
    generator.generate();
  }
}
// end::generation[]
