package dev.junitbench.onnx;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The smallest useful ONNX model, {@code y = Identity(x)} over a float tensor of shape [1], as
 * protobuf bytes: opening a session of it with an execution provider shows whether that provider
 * really starts here (its libraries, driver and device), which the list of providers compiled into
 * the runtime cannot.
 */
final class ProbeModel {

  private ProbeModel() {}

  /** The model's bytes. */
  static byte[] bytes() {
    byte[] node = concat(text(1, "x"), text(2, "y"), text(4, "Identity"));
    byte[] graph =
        concat(
            message(1, node), text(2, "probe"), message(11, value("x")), message(12, value("y")));
    byte[] opset = concat(text(1, ""), varintField(2, 17));
    return concat(varintField(1, 8), message(7, graph), message(8, opset));
  }

  /**
   * A float tensor value of shape [1]: ValueInfoProto { name, type { tensor_type { elem_type, shape
   * } } }.
   */
  private static byte[] value(String name) {
    byte[] dimension = varintField(1, 1);
    byte[] shape = message(1, dimension);
    byte[] tensor = concat(varintField(1, 1), message(2, shape));
    return concat(text(1, name), message(2, message(1, tensor)));
  }

  private static byte[] text(int field, String value) {
    return message(field, value.getBytes(StandardCharsets.UTF_8));
  }

  private static byte[] message(int field, byte[] body) {
    return concat(varint(field << 3 | 2), varint(body.length), body);
  }

  private static byte[] varintField(int field, long value) {
    return concat(varint(field << 3), varint(value));
  }

  private static byte[] varint(long value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    long rest = value;
    while ((rest & ~0x7FL) != 0) {
      out.write((int) ((rest & 0x7F) | 0x80));
      rest >>>= 7;
    }
    out.write((int) rest);
    return out.toByteArray();
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }
}
