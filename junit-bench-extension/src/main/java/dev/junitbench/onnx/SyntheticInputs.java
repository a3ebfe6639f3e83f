package dev.junitbench.onnx;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.TensorInfo;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.infra.Scenario;
import dev.junitbench.model.SyntheticData;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Builds a scenario's inputs from a model's input metadata: dynamic dimensions bound to the batch
 * size and sequence length, token ids in a valid range, attention masks of ones, token type ids of
 * zeros, and seeded random values for float inputs, so every run feeds the same data.
 */
final class SyntheticInputs {

  private final String what;

  /** {@code what} names the benchmark and the model, for messages. */
  SyntheticInputs(String what) {
    this.what = what;
  }

  /**
   * The inputs of {@code scenario}: the arrays of {@code tokens} (real tokenized text, may be null)
   * for the inputs they name, synthetic data for the rest.
   */
  ModelInputs build(
      OrtEnvironment environment,
      Map<String, NodeInfo> inputInfo,
      Scenario scenario,
      Map<String, long[]> tokens)
      throws OrtException {
    Map<String, OnnxTensor> tensors = new LinkedHashMap<>();
    AutoCloseable release = () -> tensors.values().forEach(OnnxTensor::close);
    try {
      SplittableRandom random = new SplittableRandom(SyntheticData.SEED);
      for (Map.Entry<String, NodeInfo> input : inputInfo.entrySet()) {
        if (!(input.getValue().getInfo() instanceof TensorInfo info)) {
          throw new BenchmarkConfigurationException(
              what + ": input '" + input.getKey() + "' is not a tensor; pass the inputs yourself");
        }
        long[] given = tokens == null ? null : tokens.get(input.getKey());
        tensors.put(
            input.getKey(),
            given != null
                ? tokenTensor(environment, input.getKey(), info, scenario, given)
                : tensor(environment, input.getKey(), info, scenario, random));
      }
      return new ModelInputs(tensors, release);
    } catch (OrtException | RuntimeException e) {
      tensors.values().forEach(OnnxTensor::close);
      throw e;
    }
  }

  private OnnxTensor tensor(
      OrtEnvironment environment,
      String name,
      TensorInfo info,
      Scenario scenario,
      SplittableRandom random)
      throws OrtException {
    long[] shape = shape(name, info, scenario);
    int size = Math.toIntExact(Arrays.stream(shape).reduce(1, Math::multiplyExact));
    OnnxJavaType type = info.type;
    switch (type) {
      case INT64 -> {
        return OnnxTensor.createTensor(
            environment, LongBuffer.wrap(SyntheticData.integers(name, size, random)), shape);
      }
      case INT32 -> {
        int[] values =
            Arrays.stream(SyntheticData.integers(name, size, random))
                .mapToInt(v -> (int) v)
                .toArray();
        return OnnxTensor.createTensor(environment, IntBuffer.wrap(values), shape);
      }
      case FLOAT -> {
        return OnnxTensor.createTensor(
            environment, FloatBuffer.wrap(SyntheticData.floats(size, random)), shape);
      }
      case DOUBLE -> {
        float[] floats = SyntheticData.floats(size, random);
        double[] values = new double[size];
        for (int i = 0; i < size; i++) {
          values[i] = floats[i];
        }
        return OnnxTensor.createTensor(environment, DoubleBuffer.wrap(values), shape);
      }
      default ->
          throw new BenchmarkConfigurationException(
              what
                  + ": input '"
                  + name
                  + "' has type "
                  + type
                  + ", for which junit-bench makes no synthetic data (it makes INT64, INT32, FLOAT, DOUBLE);"
                  + " pass the inputs yourself");
    }
  }

  private OnnxTensor tokenTensor(
      OrtEnvironment environment, String name, TensorInfo info, Scenario scenario, long[] values)
      throws OrtException {
    long[] shape = shape(name, info, scenario);
    if (shape.length != 2 || shape[0] * shape[1] != values.length) {
      throw new BenchmarkConfigurationException(
          what
              + ": input '"
              + name
              + "' has shape "
              + Arrays.toString(info.getShape())
              + ", not [batch, sequence]; tokenized text does not fit it");
    }
    if (info.type == OnnxJavaType.INT32) {
      return OnnxTensor.createTensor(
          environment,
          IntBuffer.wrap(Arrays.stream(values).mapToInt(v -> (int) v).toArray()),
          shape);
    }
    return OnnxTensor.createTensor(environment, LongBuffer.wrap(values), shape);
  }

  /** The input's shape with its dynamic dimensions bound to the scenario. */
  long[] shape(String name, TensorInfo info, Scenario scenario) {
    long[] shape = info.getShape().clone();
    String[] names = info.getDimensionNames();
    for (int i = 0; i < shape.length; i++) {
      String dimension =
          i < names.length && names[i] != null ? names[i].toLowerCase(Locale.ROOT) : "";
      boolean batchAxis = i == 0 || dimension.contains("batch");
      boolean sequenceAxis =
          !batchAxis
              && (dimension.contains("seq")
                  || dimension.contains("token")
                  || dimension.contains("length")
                  || (i == 1 && isInteger(info)));
      if (shape[i] >= 0) {
        if (i == 0 && shape[i] != scenario.batchSize()) {
          throw new BenchmarkConfigurationException(
              what
                  + ": batch size "
                  + scenario.batchSize()
                  + " does not fit input '"
                  + name
                  + "' of shape "
                  + Arrays.toString(info.getShape())
                  + ", which fixes the batch at "
                  + shape[i]
                  + "; use @BatchSizes({"
                  + shape[i]
                  + "})"
                  + " or a model exported with a dynamic batch axis");
        }
        continue;
      }
      if (batchAxis) {
        shape[i] = scenario.batchSize();
      } else if (sequenceAxis) {
        try {
          shape[i] = scenario.sequenceLength();
        } catch (IllegalStateException e) {
          throw new BenchmarkConfigurationException(
              what
                  + ": input '"
                  + name
                  + "' has a dynamic sequence axis ("
                  + (dimension.isEmpty() ? "axis " + i : "'" + names[i] + "'")
                  + "); add @SequenceLengths({128})");
        }
      } else {
        throw new BenchmarkConfigurationException(
            what
                + ": input '"
                + name
                + "' has a dynamic axis "
                + i
                + (dimension.isEmpty() ? "" : " ('" + names[i] + "')")
                + " that is neither batch nor"
                + " sequence; pass the inputs yourself");
      }
    }
    return shape;
  }

  private static boolean isInteger(TensorInfo info) {
    return info.type == OnnxJavaType.INT64 || info.type == OnnxJavaType.INT32;
  }
}
