package dev.junitbench.guide;

// tag::benchmark[]
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Devices;
import dev.junitbench.Measurement;
import dev.junitbench.Param;
import dev.junitbench.SequenceLengths;
import dev.junitbench.Warmup;
import dev.junitbench.infra.Device;
import dev.junitbench.infra.Scenario;
import org.junit.jupiter.api.BeforeEach;

// end::benchmark[]
/**
 * The user guide's fuller benchmark ("A first benchmark"), compiled so the example cannot go stale;
 * the build never runs it (its name is outside Surefire's includes), and its model is a stand-in.
 */
// tag::benchmark[]
@Warmup(iterations = 5, time = "2s")
@Measurement(time = "10s", precision = 0.01)
class EmbeddingExample {

  private final PoolingModel model = new PoolingModel();
  private float[][] batch;

  @BeforeEach // once per scenario, outside timing
  void prepare(Scenario scenario) {
    batch = new float[scenario.batchSize()][scenario.sequenceLength()];
  }

  @Benchmark
  @Devices({Device.CPU, Device.CUDA})
  @BatchSizes({1, 8, 32})
  @SequenceLengths(128)
  @Param(
      name = "pooling",
      values = {"mean", "cls"})
  void embed(Scenario scenario, Blackhole blackhole) {
    blackhole.consume(model.embed(batch, scenario.param("pooling")));
  }

  // end::benchmark[]

  /** A stand-in for an embedding model: pools each row by its mean or its first value. */
  static final class PoolingModel {
    float[] embed(float[][] rows, String pooling) {
      float[] pooled = new float[rows.length];
      for (int r = 0; r < rows.length; r++) {
        float[] row = rows[r];
        if (pooling.equals("cls")) {
          pooled[r] = row.length == 0 ? 0 : row[0];
        } else {
          float sum = 0;
          for (float value : row) {
            sum += value;
          }
          pooled[r] = row.length == 0 ? 0 : sum / row.length;
        }
      }
      return pooled;
    }
  }
  // tag::benchmark[]
}
// end::benchmark[]
