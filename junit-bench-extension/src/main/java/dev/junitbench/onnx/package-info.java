/**
 * The ONNX Runtime backend: sessions per device, execution provider and mode; models built in code
 * ({@link dev.junitbench.onnx.OnnxModelBuilder}, {@link dev.junitbench.onnx.Decoders}).
 *
 * <p>API status: {@code EXPERIMENTAL} (the handles and builders), {@code INTERNAL} (the backend,
 * public for {@code ServiceLoader}): the backends are young and their handles may still change.
 */
package dev.junitbench.onnx;
