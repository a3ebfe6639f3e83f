package dev.junitbench;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The model a benchmark parameter is opened from. Locations are {@code classpath:path/in/jar.onnx},
 * {@code file:/absolute/or/relative.onnx}, or a plain path relative to the module's folder (the
 * test JVM's working directory). The model is opened once per device, provider, mode and thread
 * count, timed as load time, and shared by the scenarios that differ only in batch size or sequence
 * length.
 *
 * @since 0.1.0
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface Model {

  /** Where the model file is. */
  String value();

  /** Where its HuggingFace {@code tokenizer.json} is, when inputs should be real tokenized text. */
  String tokenizer() default "";

  /** The model's id in result files; by default its file name without the extension. */
  String id() default "";
}
