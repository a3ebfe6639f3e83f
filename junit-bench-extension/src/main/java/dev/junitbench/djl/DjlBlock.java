package dev.junitbench.djl;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import org.apiguardian.api.API;

/**
 * A model built in code for DJL, named in {@code @Model(block = ...)}: a real architecture (DJL's
 * model-zoo ResNet or MobileNetV2, say) that junit-bench initializes with random weights, so its
 * kernels run for real with nothing to download. Needs a public no-argument constructor.
 *
 * <pre>{@code
 * public class ResNet50 implements DjlBlock {
 *   public Block build() {
 *     return ResNetV1.builder().setImageShape(new Shape(3, 224, 224)).setNumLayers(50).setOutSize(1000).build();
 *   }
 *   public Shape inputShape() {
 *     return new Shape(3, 224, 224);
 *   }
 * }
 * }</pre>
 *
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface DjlBlock {

  /** A new, uninitialized block. */
  Block build();

  /** The shape of one sample of its input, without the batch axis: {@code (3, 224, 224)}. */
  Shape inputShape();

  /** The element type of its input and weights. */
  default DataType inputType() {
    return DataType.FLOAT32;
  }
}
