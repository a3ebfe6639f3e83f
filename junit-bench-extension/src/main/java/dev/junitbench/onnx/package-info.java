/**
 * The ONNX Runtime backend: sessions per device, execution provider and mode; models built in code
 * ({@link dev.junitbench.onnx.OnnxModelBuilder}, {@link dev.junitbench.onnx.Decoders}).
 */
package dev.junitbench.onnx;
