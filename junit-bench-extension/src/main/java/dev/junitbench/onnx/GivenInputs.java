package dev.junitbench.onnx;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.TensorInfo;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.infra.ModelInputs;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Checks the tensors a benchmark's {@code InputFactory} made against a model's inputs before
 * anything is timed, so a wrong name or type is reported with the model's real interface instead of
 * failing inside the first timed call.
 */
final class GivenInputs {

  private GivenInputs() {}

  /**
   * The tensors as inputs of the model whose inputs are {@code inputInfo}.
   *
   * @param what the benchmark and model, for messages
   * @param source the factory's class name, for messages
   * @throws BenchmarkConfigurationException listing every mismatch and the model's inputs
   */
  static ModelInputs check(
      String what, String source, Map<String, NodeInfo> inputInfo, Map<String, ?> tensors) {
    List<String> problems = new ArrayList<>();
    Map<String, OnnxTensor> ordered = new LinkedHashMap<>();
    for (Map.Entry<String, ?> given : tensors.entrySet()) {
      NodeInfo input = inputInfo.get(given.getKey());
      if (input == null) {
        problems.add("'" + given.getKey() + "' is not an input of the model");
      } else if (!(given.getValue() instanceof OnnxTensor tensor)) {
        problems.add(
            "'" + given.getKey() + "' is a " + typeName(given.getValue()) + ", not an OnnxTensor");
      } else if (input.getInfo() instanceof TensorInfo expected) {
        mismatch(given.getKey(), tensor.getInfo(), expected).ifPresent(problems::add);
      }
    }
    for (String name : inputInfo.keySet()) {
      if (!tensors.containsKey(name)) {
        problems.add("input '" + name + "' is missing");
      } else if (tensors.get(name) instanceof OnnxTensor tensor) {
        ordered.put(name, tensor);
      }
    }
    if (!problems.isEmpty()) {
      throw new BenchmarkConfigurationException(
          what
              + ": the inputs "
              + source
              + " made do not fit the model: "
              + String.join("; ", problems)
              + ". The model's inputs are "
              + describe(inputInfo)
              + "; make one tensor per input, with these names, element types and shapes (-1: any size)");
    }
    return new ModelInputs(ordered, () -> ordered.values().forEach(OnnxTensor::close));
  }

  private static Optional<String> mismatch(String name, TensorInfo given, TensorInfo expected) {
    if (given.type != expected.type) {
      return Optional.of("'" + name + "' is " + given.type + ", the model takes " + expected.type);
    }
    long[] shape = given.getShape();
    long[] wanted = expected.getShape();
    if (shape.length != wanted.length) {
      return Optional.of(
          "'"
              + name
              + "' has shape "
              + Arrays.toString(shape)
              + ", rank "
              + shape.length
              + "; the model takes rank "
              + wanted.length
              + " "
              + Arrays.toString(wanted));
    }
    for (int i = 0; i < wanted.length; i++) {
      if (wanted[i] >= 0 && shape[i] != wanted[i]) {
        return Optional.of(
            "'"
                + name
                + "' has shape "
                + Arrays.toString(shape)
                + "; the model fixes axis "
                + i
                + " at "
                + wanted[i]
                + " "
                + Arrays.toString(wanted));
      }
    }
    return Optional.empty();
  }

  private static String typeName(Object value) {
    return value == null ? "null" : value.getClass().getName();
  }

  /** {@code [input_ids: INT64 [-1, -1], ...]}. */
  static String describe(Map<String, NodeInfo> inputInfo) {
    List<String> inputs = new ArrayList<>();
    inputInfo.forEach(
        (name, node) ->
            inputs.add(
                name
                    + ": "
                    + (node.getInfo() instanceof TensorInfo info
                        ? info.type + " " + Arrays.toString(info.getShape())
                        : node.getInfo().toString())));
    return inputs.toString();
  }
}
