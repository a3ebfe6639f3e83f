package dev.junitbench;

import static org.apiguardian.api.API.Status.STABLE;

import dev.junitbench.infra.Scenario;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * The intra-op thread counts a model benchmark runs with, one scenario each (ONNX Runtime's {@code
 * intraOpNumThreads}). Without it the backend's default applies (ONNX Runtime: one thread per
 * core). Read with {@link Scenario#threads()}. On a class it applies to every benchmark that does
 * not declare its own.
 *
 * @since 0.1.0
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@API(status = STABLE, since = "0.1")
public @interface Threads {
  /** The thread counts; must not be empty, each at least 1. */
  int[] value();
}
