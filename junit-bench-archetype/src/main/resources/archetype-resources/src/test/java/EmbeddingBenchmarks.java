package ${package};

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

// tag::benchmark[]
/**
 * Sentence embeddings with all-MiniLM-L6-v2 (int8) on ONNX Runtime, at three batch sizes.
 *
 * <p>{@code mvn test -Dgroups=performance} runs it: one scenario per batch size ({@code
 * [device=cpu, batch_size=4, sequence_length=128]}), each warmed up, then measured. The figures
 * land in {@code target/benchmark-results/run-<time>-<id>/} (results.json, results.csv,
 * samples.csv, report.html) and in a table at the end of Maven's output. A plain {@code mvn test}
 * leaves it out.
 */
// A handful of iterations keeps the first run short; raise them (or set a time, "10s") once the
// figures matter, or override them for one run in junit-platform.properties or with
// -Djunit.bench.measurement.iterations=200.
@Warmup(iterations = 3)
@Measurement(iterations = 20)
// One scenario per batch size: the inputs are built for each, before the clock starts.
@BatchSizes({1, 4, 16})
// Every sentence padded or cut to 128 tokens.
@SequenceLengths(128)
class EmbeddingBenchmarks {

  // @Benchmark makes the method a benchmark and tags it "performance" (which `mvn test` excludes).
  // Its parameters are injected: the model session (opened once per device, its opening timed as
  // load time), the scenario's inputs (real sentences tokenized with the model's tokenizer.json)
  // and a Blackhole that keeps the outputs from being optimised away.
  @Benchmark
  void embed(
      // Both files are at the root of the langchain4j model jar on the test class path. Your own
      // model: a file path ("models/my-model.onnx") or another classpath: resource.
      @Model(
              value = "classpath:all-minilm-l6-v2-q.onnx",
              tokenizer = "classpath:all-minilm-l6-v2-q-tokenizer.json")
          OnnxModel model,
      ModelInputs inputs,
      Blackhole blackhole)
      throws OrtException {
    // The timed body: one inference. Its outputs are closed after the clock stops.
    blackhole.closeAfterTiming(model.run(inputs));
  }
}
// end::benchmark[]
