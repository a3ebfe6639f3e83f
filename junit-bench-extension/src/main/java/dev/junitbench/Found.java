package dev.junitbench;

import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.Optional;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * An annotation of a benchmark and the element it was found on: the benchmark method or its class.
 * {@link #on} is the one place an annotation is looked up: on the method, else on its class.
 */
record Found<A>(A annotation, AnnotatedElement on) {

  /** The annotation {@code type} of {@code method}, else of {@code testClass}. */
  static <A extends Annotation> Optional<Found<A>> on(
      Method method, Class<?> testClass, Class<A> type) {
    return AnnotationSupport.findAnnotation(method, type)
        .map(a -> new Found<A>(a, method))
        .or(
            () ->
                AnnotationSupport.findAnnotation(testClass, type)
                    .map(a -> new Found<A>(a, testClass)));
  }

  /** {@code on distilgpt2}, {@code on class GenerationBenchmarks}. */
  String where() {
    return on instanceof Method m
        ? "on " + m.getName()
        : "on class " + ((Class<?>) on).getSimpleName();
  }
}
