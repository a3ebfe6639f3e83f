package dev.junitbench.benchmarks;

import ai.djl.basicmodelzoo.cv.classification.MobileNetV2;
import ai.djl.basicmodelzoo.cv.classification.ResNetV1;
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

/**
 * Image classifiers built by DJL's model zoo on its PyTorch engine, with random weights: ResNet-50
 * (25.6 M parameters) and MobileNetV2 (3.5 M), batches of 1 and 8 images of 3 x 224 x 224, 1000
 * classes. Real architectures and real kernels, nothing downloaded: the weights' values do not
 * change the work. The CUDA scenarios run where DJL's PyTorch engine sees a GPU and are aborted,
 * with the reason, elsewhere.
 */
@Warmup(iterations = 2)
@Measurement(iterations = 10, time = "3s")
@Devices({Device.CPU, Device.CUDA})
@BatchSizes({1, 8})
class VisionBenchmarks {

  private static final Shape IMAGE = new Shape(3, 224, 224);

  /** ResNet-50 v1, ImageNet-sized. */
  // tag::resnet50[]
  public static class ResNet50 implements DjlBlock {
    @Override
    public Block build() {
      return ResNetV1.builder().setImageShape(IMAGE).setNumLayers(50).setOutSize(1000).build();
    }

    @Override
    public Shape inputShape() {
      return IMAGE;
    }
  }

  // end::resnet50[]

  /** MobileNetV2, ImageNet-sized. */
  public static class MobileNetV2Block implements DjlBlock {
    @Override
    public Block build() {
      return MobileNetV2.builder().setOutSize(1000).build();
    }

    @Override
    public Shape inputShape() {
      return IMAGE;
    }
  }

  // tag::resnet50[]
  @Benchmark
  void resNet50(
      @Model(block = ResNet50.class, id = "resnet50") DjlModel model,
      ModelInputs inputs,
      Blackhole blackhole)
      throws TranslateException {
    blackhole.closeAfterTiming(model.run(inputs));
  }

  // end::resnet50[]

  @Benchmark
  void mobileNetV2(
      @Model(block = MobileNetV2Block.class, id = "mobilenet_v2") DjlModel model,
      ModelInputs inputs,
      Blackhole blackhole)
      throws TranslateException {
    blackhole.closeAfterTiming(model.run(inputs));
  }
}
