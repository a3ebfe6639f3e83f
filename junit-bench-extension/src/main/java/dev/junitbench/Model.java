package dev.junitbench;

import static org.apiguardian.api.API.Status.STABLE;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * The model a benchmark parameter is opened from: a file ({@link #value()}) or, for DJL, an
 * architecture built in code ({@link #block()}). File locations are {@code
 * classpath:path/in/jar.onnx}, {@code file:/absolute/or/relative.onnx}, or a plain path relative to
 * the module's folder (the test JVM's working directory). The model is opened once per device,
 * provider, mode and thread count, timed as load time, and shared by the scenarios that differ only
 * in batch size or sequence length.
 *
 * <p>The parameter's type picks the backend: {@code dev.junitbench.onnx.OnnxModel} opens the file
 * with ONNX Runtime, {@code dev.junitbench.djl.DjlModel} with DJL.
 *
 * @since 0.1.0
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@API(status = STABLE, since = "0.1")
public @interface Model {

  /** Where the model file is; leave it out when {@link #block()} builds the model. */
  String value() default "";

  /**
   * A class that builds the model in code, with a public no-argument constructor: for DJL, an
   * implementation of {@code dev.junitbench.djl.DjlBlock} (a model-zoo ResNet, say), initialized
   * with random weights. Leave it out when {@link #value()} names a file.
   */
  Class<?> block() default void.class;

  /** Where its HuggingFace {@code tokenizer.json} is, when inputs should be real tokenized text. */
  String tokenizer() default "";

  /**
   * The model's id in result files; by default its file name without the extension, or the block's
   * class name.
   */
  String id() default "";

  /**
   * The engine that runs the model, for backends that drive several (DJL: {@code PyTorch}, {@code
   * OnnxRuntime}); by default the one the file's format calls for.
   */
  String engine() default "";

  /**
   * Backend options as {@code key=value}: ONNX Runtime session configuration entries ({@code
   * session.intra_op.allow_spinning=0}), DJL model options. Part of what makes one opened model
   * differ from another.
   */
  String[] options() default {};

  /**
   * A class that makes the model's inputs for each scenario instead of junit-bench, with a public
   * no-argument constructor; the tensors it returns are checked against the model's inputs (names,
   * types, ranks, fixed sizes) before anything is timed.
   */
  @SuppressWarnings("rawtypes") // an annotation cannot name InputFactory<?>.class
  Class<? extends InputFactory> inputs() default InputFactory.class;
}
