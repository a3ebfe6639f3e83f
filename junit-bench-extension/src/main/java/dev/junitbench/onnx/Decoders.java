package dev.junitbench.onnx;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.junitbench.onnx.decoder.DecoderConfig;
import dev.junitbench.onnx.decoder.DecoderModels;
import java.io.IOException;
import java.nio.file.Path;
import org.apiguardian.api.API;

/**
 * GPT-2-shaped decoders with random weights as {@code @Model(block = ...)} builders, for text
 * generation benchmarks that download nothing: built once per configuration by {@link
 * DecoderModels} and cached by the configuration's hash. Building needs {@code
 * org.tribuo:tribuo-util-onnx} on the test classpath.
 *
 * <pre>{@code
 * @Benchmark
 * @Generate(tokens = 32, promptTokens = 128)
 * void generate(@Model(block = Decoders.DistilGpt2.class) OnnxModel model, Generator generator) throws Exception {
 *   generator.generate();
 * }
 * }</pre>
 *
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Decoders {

  private Decoders() {}

  /** GPT-2 small's shape ({@link DecoderConfig#GPT2_SMALL}): 12 layers x 768, 124M parameters. */
  public static final class Gpt2Small implements OnnxModelBuilder {
    @Override
    public Path build(Path folder) throws IOException {
      return DecoderModels.cached(DecoderConfig.GPT2_SMALL, folder);
    }
  }

  /** DistilGPT2's shape ({@link DecoderConfig#DISTILGPT2}): 6 layers x 768, 82M parameters. */
  public static final class DistilGpt2 implements OnnxModelBuilder {
    @Override
    public Path build(Path folder) throws IOException {
      // tag::cached[]
      return DecoderModels.cached(DecoderConfig.DISTILGPT2, folder);
      // end::cached[]
    }
  }

  /** A decoder that builds and runs in milliseconds ({@link DecoderConfig#TINY}), for tests. */
  public static final class Tiny implements OnnxModelBuilder {
    @Override
    public Path build(Path folder) throws IOException {
      return DecoderModels.cached(DecoderConfig.TINY, folder);
    }
  }
}
