package dev.junitbench.samples;

// tag::sample[]
import ai.djl.basicmodelzoo.basic.Mlp;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.translate.TranslateException;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Measurement;
import dev.junitbench.Model;
import dev.junitbench.Warmup;
import dev.junitbench.djl.DjlBlock;
import dev.junitbench.djl.DjlModel;
import dev.junitbench.infra.ModelInputs;
import org.junit.jupiter.api.Tag;

/**
 * A model built in code on DJL's PyTorch engine: {@code @Model(block = ...)} names a {@link
 * DjlBlock}, which builds the network (any DJL block; the model zoo's builders make real
 * architectures) and says its input shape; junit-bench initializes it with random weights, which do
 * not change the work, and feeds a batch of that shape. Nothing is downloaded.
 */
@Tag("samples")
@Warmup(iterations = 3)
@Measurement(iterations = 100)
@BatchSizes({1, 16})
class Sample05DjlBlock {

  /** A multilayer perceptron: 784 inputs, hidden layers of 512 and 256, 10 outputs. */
  public static class SmallMlp implements DjlBlock {
    @Override
    public Block build() {
      return new Mlp(784, 10, new int[] {512, 256});
    }

    @Override
    public Shape inputShape() {
      return new Shape(784);
    }
  }

  @Benchmark
  void mlp(
      @Model(block = SmallMlp.class, id = "mlp-784-512-256-10") DjlModel model,
      ModelInputs inputs,
      Blackhole blackhole)
      throws TranslateException {
    blackhole.closeAfterTiming(model.run(inputs));
  }
}
// end::sample[]
