package dev.junitbench.onnx.decoder;

import ai.onnx.proto.OnnxMl;
import ai.onnx.proto.OnnxMl.TensorProto.DataType;
import com.google.protobuf.UnsafeByteOperations;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * An ONNX graph written node by node: typed inputs and outputs, constants, and nodes with
 * attributes.
 */
final class OnnxGraph {

  private final OnnxMl.GraphProto.Builder graph;

  OnnxGraph(String name) {
    this.graph = OnnxMl.GraphProto.newBuilder().setName(name);
  }

  OnnxMl.GraphProto build() {
    return graph.build();
  }

  /** Declares a graph input; each dimension is a size (Integer) or a symbolic name (String). */
  String input(String name, DataType type, Object... dims) {
    graph.addInput(value(name, type, dims));
    return name;
  }

  /**
   * Declares {@code name} a graph output; each dimension is a size (Integer) or a symbolic name
   * (String).
   */
  void output(String name, DataType type, Object... dims) {
    graph.addOutput(value(name, type, dims));
  }

  /**
   * A float tensor given as little-endian bytes, never as a boxed list: models hold millions of
   * weights.
   */
  String floats(String name, ByteBuffer littleEndian, long... dims) {
    OnnxMl.TensorProto.Builder tensor =
        OnnxMl.TensorProto.newBuilder()
            .setName(name)
            .setDataType(DataType.FLOAT.getNumber())
            .setRawData(UnsafeByteOperations.unsafeWrap(littleEndian));
    for (long dim : dims) {
      tensor.addDims(dim);
    }
    graph.addInitializer(tensor);
    return name;
  }

  /** A float scalar constant. */
  String scalar(String name, float value) {
    return floats(
        name, ByteBuffer.allocate(Float.BYTES).order(ByteOrder.LITTLE_ENDIAN).putFloat(0, value));
  }

  /** A one-dimensional int64 constant. */
  String longs(String name, long... values) {
    graph.addInitializer(
        OnnxMl.TensorProto.newBuilder()
            .setName(name)
            .setDataType(DataType.INT64.getNumber())
            .addDims(values.length)
            .addAllInt64Data(Arrays.stream(values).boxed().toList()));
    return name;
  }

  /** An int64 scalar constant. */
  String longScalar(String name, long value) {
    graph.addInitializer(
        OnnxMl.TensorProto.newBuilder()
            .setName(name)
            .setDataType(DataType.INT64.getNumber())
            .addInt64Data(value));
    return name;
  }

  /** A node of the default domain; {@link Node#to} adds it to the graph. */
  Node node(String opType, String... inputs) {
    OnnxMl.NodeProto.Builder node = OnnxMl.NodeProto.newBuilder().setOpType(opType);
    for (String input : inputs) {
      node.addInput(input);
    }
    return new Node(node);
  }

  /** A node being written. */
  final class Node {

    private final OnnxMl.NodeProto.Builder node;

    private Node(OnnxMl.NodeProto.Builder node) {
      this.node = node;
    }

    Node attr(String name, long value) {
      node.addAttribute(
          OnnxMl.AttributeProto.newBuilder()
              .setName(name)
              .setType(OnnxMl.AttributeProto.AttributeType.INT)
              .setI(value));
      return this;
    }

    Node attr(String name, float value) {
      node.addAttribute(
          OnnxMl.AttributeProto.newBuilder()
              .setName(name)
              .setType(OnnxMl.AttributeProto.AttributeType.FLOAT)
              .setF(value));
      return this;
    }

    Node attr(String name, long... values) {
      OnnxMl.AttributeProto.Builder attribute =
          OnnxMl.AttributeProto.newBuilder()
              .setName(name)
              .setType(OnnxMl.AttributeProto.AttributeType.INTS);
      for (long value : values) {
        attribute.addInts(value);
      }
      node.addAttribute(attribute);
      return this;
    }

    /** Adds the node with these outputs, named after its first output; returns that output. */
    String to(String... outputs) {
      for (String output : outputs) {
        node.addOutput(output);
      }
      graph.addNode(node.setName(outputs[0]));
      return outputs[0];
    }
  }

  private static OnnxMl.ValueInfoProto value(String name, DataType type, Object... dims) {
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
