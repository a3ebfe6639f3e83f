package dev.junitbench.engine;

import dev.junitbench.infra.Generator;
import dev.junitbench.measure.TimedCall;

/**
 * The benchmark method of one scenario, bound to its instance and arguments, as the engine calls
 * it.
 */
public interface ScenarioBody {

  /** The body with the arguments the test framework resolved. */
  TimedCall call() throws ReflectiveOperationException;

  /**
   * The body for one more worker of a pooled load: a {@code Blackhole} of its own and, when {@code
   * generator} is not null, that generator in place of the scenario's.
   */
  TimedCall callFor(Generator generator) throws ReflectiveOperationException;
}
