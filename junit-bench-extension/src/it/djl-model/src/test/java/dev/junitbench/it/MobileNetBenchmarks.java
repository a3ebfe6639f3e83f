package dev.junitbench.it;

import ai.djl.basicmodelzoo.cv.classification.MobileNetV2;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.translate.TranslateException;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Devices;
import dev.junitbench.Measurement;
import dev.junitbench.Model;
import dev.junitbench.Warmup;
import dev.junitbench.djl.DjlBlock;
import dev.junitbench.djl.DjlModel;
import dev.junitbench.infra.Device;
import dev.junitbench.infra.ModelInputs;

@Warmup(iterations = 2)
@Measurement(iterations = 10)
class MobileNetBenchmarks {

  public static class MobileNet implements DjlBlock {
    @Override
    public Block build() {
      return MobileNetV2.builder().setOutSize(1000).build();
    }

    @Override
    public Shape inputShape() {
      return new Shape(3, 224, 224);
    }
  }

  @Benchmark
  @Devices({Device.CPU, Device.CUDA})
  @BatchSizes({1, 2})
  void classify(
      @Model(block = MobileNet.class) DjlModel model, ModelInputs inputs, Blackhole blackhole)
      throws TranslateException {
    blackhole.closeAfterTiming(model.run(inputs));
  }
}
