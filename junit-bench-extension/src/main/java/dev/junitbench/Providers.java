package dev.junitbench;

import static org.apiguardian.api.API.Status.STABLE;

import dev.junitbench.infra.Device;
import dev.junitbench.infra.Scenario;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * The execution providers a model benchmark runs with, one scenario each; the backend that opens
 * the {@link Model} defines them. A provider is not a device: each runs on one kind of device, so
 * ONNX Runtime's {@code tensorrt} and {@code cuda} both run on {@link Device#CUDA}, and {@code
 * openvino}, {@code dnnl} and {@code xnnpack} on {@link Device#CPU}. Without it each device uses
 * its default provider ({@code cpu}, {@code cuda}, {@code rocm}). Read with {@link
 * Scenario#provider()}. On a class it applies to every benchmark that does not declare its own.
 *
 * @since 0.1.0
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@API(status = STABLE, since = "0.1")
public @interface Providers {
  /** The providers; must not be empty. */
  String[] value();
}
