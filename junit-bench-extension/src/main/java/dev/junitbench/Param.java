package dev.junitbench;

import static org.apiguardian.api.API.Status.STABLE;

import dev.junitbench.infra.Scenario;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * A custom dimension of a benchmark, one scenario per value; read it with {@link
 * Scenario#param(String)}. Repeat it for several dimensions; names must differ and must not be one
 * of {@code device}, {@code batch_size}, {@code sequence_length}. Declared on the method, or on the
 * class for every benchmark in it (the method's own params come after the class's).
 *
 * @since 0.1.0
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Repeatable(Params.class)
@API(status = STABLE, since = "0.1")
public @interface Param {
  /** The parameter's name, as it appears in display names and result files. */
  String name();

  /** The values; must not be empty. */
  String[] values();
}
