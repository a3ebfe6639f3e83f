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
 * The execution modes a model benchmark runs in, one scenario each; the backend that opens the
 * {@link Model} defines them. ONNX Runtime: {@code eager} (graph optimizations off) and {@code
 * optimized} (all graph optimizations, its default). Read with {@link Scenario#mode()}. On a class
 * it applies to every benchmark that does not declare its own.
 *
 * @since 0.1.0
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@API(status = STABLE, since = "0.1")
public @interface Modes {
  /** The modes; must not be empty. */
  String[] value();
}
