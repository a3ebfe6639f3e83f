package dev.junitbench.onnx;

import ai.onnx.proto.OnnxMl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;

/**
 * Small ONNX graphs built in code with the ONNX protobuf classes, written under {@code
 * target/test-models/} for fixtures to open: real models, known shapes, no download.
 */
public final class TinyModels {

  public static final Path DIR = Path.of("target/test-models");

  private TinyModels() {}

  /** Writes every model once and returns the folder. */
  public static synchronized Path write() throws IOException {
    Files.createDirectories(DIR);
    // y[b,3] = x[b,4] . W[4,3]
    Files.write(
        DIR.resolve("matmul.onnx"),
        model(
            graph("matmul")
                .addInput(value("x", OnnxMl.TensorProto.DataType.FLOAT, "batch", 4))
                .addOutput(value("y", OnnxMl.TensorProto.DataType.FLOAT, "batch", 3))
                .addInitializer(
                    OnnxMl.TensorProto.newBuilder()
                        .setName("W")
                        .addDims(4)
                        .addDims(3)
                        .setDataType(OnnxMl.TensorProto.DataType.FLOAT.getNumber())
                        .addAllFloatData(Collections.nCopies(12, 0.5f)))
                .addNode(node("MatMul", "y", "x", "W"))));
    // A text model's interface: token ids and mask in, [b, s] out.
    Files.write(
        DIR.resolve("tokens.onnx"),
        model(
            graph("tokens")
                .addInput(
                    value(
                        "input_ids",
                        OnnxMl.TensorProto.DataType.INT64,
                        "batch_size",
                        "sequence_length"))
                .addInput(
                    value(
                        "attention_mask",
                        OnnxMl.TensorProto.DataType.INT64,
                        "batch_size",
                        "sequence_length"))
                .addOutput(
                    value(
                        "masked",
                        OnnxMl.TensorProto.DataType.INT64,
                        "batch_size",
                        "sequence_length"))
                .addNode(node("Mul", "masked", "input_ids", "attention_mask"))));
    // The batch fixed at 1, as many exported vision models have it.
    Files.write(
        DIR.resolve("fixed-batch.onnx"),
        model(
            graph("fixed")
                .addInput(value("x", OnnxMl.TensorProto.DataType.FLOAT, 1, 4))
                .addOutput(value("y", OnnxMl.TensorProto.DataType.FLOAT, 1, 4))
                .addNode(node("Identity", "y", "x"))));
    Files.write(
        DIR.resolve("corrupt.onnx"),
        new byte[] {8, 7, 18, 4, 'n', 'o', 'p', 'e', (byte) 0xff, 0x13});
    return DIR;
  }

  private static byte[] model(OnnxMl.GraphProto.Builder graph) {
    return OnnxMl.ModelProto.newBuilder()
        .setIrVersion(8)
        .addOpsetImport(OnnxMl.OperatorSetIdProto.newBuilder().setDomain("").setVersion(17))
        .setProducerName("junit-bench tests")
        .setGraph(graph)
        .build()
        .toByteArray();
  }

  private static OnnxMl.GraphProto.Builder graph(String name) {
    return OnnxMl.GraphProto.newBuilder().setName(name);
  }

  private static OnnxMl.NodeProto node(String op, String output, String... inputs) {
    OnnxMl.NodeProto.Builder node = OnnxMl.NodeProto.newBuilder().setOpType(op).addOutput(output);
    for (String input : inputs) {
      node.addInput(input);
    }
    return node.build();
  }

  /** A tensor value; each dimension is a size (Integer) or a symbolic name (String). */
  private static OnnxMl.ValueInfoProto value(
      String name, OnnxMl.TensorProto.DataType type, Object... dims) {
    OnnxMl.TensorShapeProto.Builder shape = OnnxMl.TensorShapeProto.newBuilder();
    for (Object dim : dims) {
      OnnxMl.TensorShapeProto.Dimension.Builder dimension =
          OnnxMl.TensorShapeProto.Dimension.newBuilder();
      if (dim instanceof String symbol) {
        dimension.setDimParam(symbol);
      } else {
        dimension.setDimValue((Integer) dim);
      }
      shape.addDim(dimension);
    }
    return OnnxMl.ValueInfoProto.newBuilder()
        .setName(name)
        .setType(
            OnnxMl.TypeProto.newBuilder()
                .setTensorType(
                    OnnxMl.TypeProto.Tensor.newBuilder()
                        .setElemType(type.getNumber())
                        .setShape(shape)))
        .build();
  }
}
