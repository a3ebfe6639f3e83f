package dev.junitbench.samples;

// tag::sample[]
import dev.junitbench.Benchmark;
import dev.junitbench.Generate;
import dev.junitbench.Measurement;
import dev.junitbench.Model;
import dev.junitbench.Warmup;
import dev.junitbench.infra.Generator;
import dev.junitbench.onnx.Decoders;
import dev.junitbench.onnx.OnnxModel;
import org.junit.jupiter.api.Tag;

/**
 * Text generation: {@code @Generate} injects a {@link Generator} that makes exactly {@code tokens}
 * new tokens greedily after a prompt of {@code promptTokens}, with the model's key-value cache, and
 * times each token; the result has the time to first token, the time per output token, the gaps
 * between tokens and tokens per second, and tokens.csv every token's time. {@link Decoders.Tiny} is
 * a small GPT-2-shaped decoder built in code.
 */
@Tag("samples")
@Warmup(iterations = 2)
@Measurement(iterations = 100)
class Sample09Generation {

  @Benchmark
  @Generate(tokens = 16, promptTokens = 32)
  void tinyDecoder(@Model(block = Decoders.Tiny.class) OnnxModel model, Generator generator)
      throws Exception {
    generator.generate();
  }
}
// end::sample[]
