package dev.junitbench;

import static org.apiguardian.api.API.Status.STABLE;

import dev.junitbench.infra.Device;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * The devices a benchmark runs on, one scenario each. Without it a benchmark runs on {@link
 * Device#CPU}. A scenario whose device is not available where the benchmark runs is aborted with
 * the reason. On a class it applies to every benchmark that does not declare its own.
 *
 * @since 0.1.0
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@API(status = STABLE, since = "0.1")
public @interface Devices {
  /** The devices; must not be empty. */
  Device[] value();
}
