package dev.junitbench.it;

import ai.onnxruntime.OrtException;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Measurement;
import dev.junitbench.Model;
import dev.junitbench.SequenceLengths;
import dev.junitbench.Threads;
import dev.junitbench.Warmup;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.onnx.OnnxModel;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

/**
 * A user's benchmark of the model their service ships: whatever file sits at target/model.onnx, put
 * there from the jar named by {@code -Dit.model} (the quantized all-MiniLM-L6-v2 unless set), as a
 * team swaps a model file under an unchanged benchmark.
 */
@Tag("performance")
@Warmup(iterations = 3)
@Measurement(iterations = 20)
class EmbedBenchmarks {

  @BeforeAll
  static void placeModel() throws IOException {
    String name = System.getProperty("it.model", "all-minilm-l6-v2-q.onnx");
    try (InputStream in = EmbedBenchmarks.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("no " + name + " on the test class path");
      }
      Path target = Path.of("target/model.onnx");
      Path part = Path.of("target/model.onnx.part");
      Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
      Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
  }

  /** One intra-op thread: on a small machine a second competes with the JVM's own threads. */
  @Benchmark
  @BatchSizes(1)
  @SequenceLengths(64)
  @Threads(1)
  void embed(
      @Model(value = "file:target/model.onnx", id = "minilm") OnnxModel model,
      ModelInputs inputs,
      Blackhole blackhole)
      throws OrtException {
    blackhole.closeAfterTiming(model.run(inputs));
  }
}
