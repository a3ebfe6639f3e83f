package dev.junitbench.benchmarks;

import static dev.junitbench.infra.LoadScenario.CONCURRENCY;
import static dev.junitbench.infra.LoadScenario.SERVER;

import ai.onnxruntime.OrtException;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Load;
import dev.junitbench.Measurement;
import dev.junitbench.Model;
import dev.junitbench.SequenceLengths;
import dev.junitbench.Threads;
import dev.junitbench.Warmup;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.onnx.OnnxModel;

// tag::load[]
/**
 * MiniLM-int8 (batch 1, 128 real tokens, one intra-op thread per call) under MLPerf LoadGen's
 * Server scenario: Poisson arrivals at three target rates on two workers, latency from each query's
 * scheduled time held against p99 <= 50 ms, and a search for the highest rate that holds it in at
 * most four runs; beside it a closed loop of 1, 2 and 4 clients, throughput against p99. 459
 * queries per run are the fewest for which LoadGen's early stopping can support p99 at all.
 */
@Warmup(iterations = 20)
@Measurement(iterations = 459)
@SequenceLengths(128)
@Threads(1)
class LoadBenchmarks {

  @Benchmark
  @Load(
      value = {SERVER, CONCURRENCY},
      targetQps = {25, 50, 100},
      latencyBound = "p99 <= 50ms",
      peakSearch = 4,
      concurrency = {1, 2, 4},
      workers = 2)
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
// end::load[]
