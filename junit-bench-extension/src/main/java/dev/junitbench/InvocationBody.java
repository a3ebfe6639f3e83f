package dev.junitbench;

import dev.junitbench.engine.ScenarioBody;
import dev.junitbench.infra.Generator;
import dev.junitbench.measure.AfterTiming;
import dev.junitbench.measure.TimedCall;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

/**
 * The benchmark method of one JUnit invocation as the engine calls it: bound to its instance and
 * the arguments JUnit resolved, with the {@link Blackhole} it was handed closing what it was given
 * after timing; for another worker, with a Blackhole (and a generator) of its own.
 */
final class InvocationBody implements ScenarioBody {

  private final ReflectiveInvocationContext<Method> invocation;
  private final Blackhole fallback;

  /**
   * The body of {@code invocation}; {@code fallback} closes after timing when the method takes no
   * Blackhole.
   */
  InvocationBody(ReflectiveInvocationContext<Method> invocation, Blackhole fallback) {
    this.invocation = invocation;
    this.fallback = fallback;
  }

  @Override
  public TimedCall call() throws ReflectiveOperationException {
    Blackhole handed = fallback;
    for (Object argument : invocation.getArguments()) {
      if (argument instanceof Blackhole injected) {
        handed = injected;
      }
    }
    return new TimedCall(bind(UnaryOperator.identity()), new Closes(handed));
  }

  @Override
  public TimedCall callFor(Generator generator) throws ReflectiveOperationException {
    Blackhole own = new Blackhole();
    return new TimedCall(
        bind(
            argument ->
                argument instanceof Blackhole
                    ? own
                    : argument instanceof Generator && generator != null ? generator : argument),
        new Closes(own));
  }

  /**
   * The benchmark method bound to its instance and resolved arguments, each passed through {@code
   * argument}, as a {@code ()void} handle.
   */
  private MethodHandle bind(UnaryOperator<Object> argument) throws IllegalAccessException {
    Method method = invocation.getExecutable();
    method.setAccessible(true);
    MethodHandle handle = MethodHandles.lookup().unreflect(method);
    if (!Modifier.isStatic(method.getModifiers())) {
      handle = handle.bindTo(invocation.getTarget().orElseThrow());
    }
    Object[] arguments = invocation.getArguments().toArray();
    for (int i = 0; i < arguments.length; i++) {
      arguments[i] = argument.apply(arguments[i]);
    }
    handle = MethodHandles.insertArguments(handle, 0, arguments);
    return handle.asType(MethodType.methodType(void.class));
  }

  /** What {@code blackhole} is handed to close after timing, as the loop asks for it. */
  static AfterTiming closes(Blackhole blackhole) {
    return new Closes(blackhole);
  }

  /** What a Blackhole was handed to close after timing, as the loop asks for it. */
  private record Closes(Blackhole blackhole) implements AfterTiming {
    @Override
    public boolean pending() {
      return blackhole.hasPendingCloses();
    }

    @Override
    public void closePending() throws Exception {
      blackhole.closePending();
    }
  }
}
