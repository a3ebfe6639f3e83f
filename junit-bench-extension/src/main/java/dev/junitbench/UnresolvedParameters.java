package dev.junitbench;

import dev.junitbench.infra.Generator;
import dev.junitbench.infra.ModelInputs;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.ParameterResolutionException;

/**
 * Turns JUnit's "No ParameterResolver registered" for a parameter of a benchmark method, or of its
 * {@code @BeforeEach} methods, into a message that lists what can be injected there and how to get
 * the value another way. It acts only once JUnit has asked every resolver and none took the
 * parameter, so it never competes with TestInfo, {@code @TempDir} or a resolver of the user's own.
 */
final class UnresolvedParameters {

  /**
   * What marks JUnit's report that no resolver took a parameter. JUnit 5.14 and 6.0 word it alike:
   * "No ParameterResolver registered for parameter [%s] in %s [%s]." (the parameter, "method" or
   * "constructor", the method's generic string). Only the stable parts are matched, the phrase and
   * the two bracketed names, so a rewording around them keeps the explanation; a report without
   * them leaves JUnit's own message in place, nothing worse.
   */
  private static final String NO_RESOLVER = "no parameterresolver";

  private static final String OTHERS =
      " and what other extensions resolve (JUnit's TestInfo, TestReporter, @TempDir, a"
          + " ParameterResolver of your own registered with @ExtendWith)";

  private UnresolvedParameters() {}

  /**
   * The explained error for {@code thrown}, when it is JUnit's report that nothing resolves a
   * parameter of {@code method}, the benchmark {@code benchmark} (its {@code fqcn#method}).
   */
  static Optional<ParameterResolutionException> ofBenchmark(
      Throwable thrown, Executable method, String benchmark, boolean hasModel) {
    return unresolved(thrown, method)
        .map(
            parameter ->
                new ParameterResolutionException(
                    what(benchmark, parameter, "the benchmark method")
                        + " A @Benchmark method can take: Scenario (its device, batch size, params"
                        + " and load point, scenario.load()), Blackhole, one @Model parameter (an"
                        + " OnnxModel with ONNX Runtime, a DjlModel with DJL), ModelInputs (the"
                        + " scenario's inputs, built for the @Model), Generator (with @Generate and a"
                        + " @Model)"
                        + OTHERS
                        + ". "
                        + fix(parameter, hasModel),
                    thrown));
  }

  /**
   * The explained error for {@code thrown}, when it is JUnit's report that nothing resolves a
   * parameter of {@code method}, a {@code @BeforeEach} or {@code @AfterEach} method of {@code
   * benchmark}.
   */
  static Optional<ParameterResolutionException> ofSetUp(
      Throwable thrown, Class<?> testClass, String benchmark) {
    for (Class<?> type = testClass;
        type != null && type != Object.class;
        type = type.getSuperclass()) {
      for (Method method : type.getDeclaredMethods()) {
        Optional<ParameterResolutionException> explained = ofSetUp(thrown, method, benchmark);
        if (explained.isPresent()) {
          return explained;
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<ParameterResolutionException> ofSetUp(
      Throwable thrown, Method method, String benchmark) {
    return unresolved(thrown, method)
        .map(
            parameter ->
                new ParameterResolutionException(
                    what(benchmark, parameter, "its set-up method " + method.getName() + "()")
                        + " A set-up method of a benchmark can take Scenario and Blackhole"
                        + OTHERS
                        + "; the model, ModelInputs and Generator are handed to the @Benchmark"
                        + " method only. Take them there, or make what the set-up needs from the"
                        + " Scenario and keep it in a field.",
                    thrown));
  }

  /**
   * The parameter of {@code method} that {@code thrown} says nothing resolves; empty for any other
   * error, a resolver that failed or competing resolvers included.
   */
  static Optional<Parameter> unresolved(Throwable thrown, Executable method) {
    if (!(thrown instanceof ParameterResolutionException) || thrown.getMessage() == null) {
      return Optional.empty();
    }
    String message = thrown.getMessage();
    if (!message.toLowerCase(Locale.ROOT).contains(NO_RESOLVER)
        || !message.contains("[" + method.toGenericString() + "]")) {
      return Optional.empty();
    }
    return Arrays.stream(method.getParameters())
        .filter(parameter -> message.contains("[" + parameter + "]"))
        .findFirst();
  }

  private static String what(String benchmark, Parameter parameter, String where) {
    // Without javac's -parameters the name is arg0: the position says more.
    String name =
        parameter.isNamePresent()
            ? "'" + parameter.getName() + "'"
            : String.valueOf(
                Arrays.asList(parameter.getDeclaringExecutable().getParameters()).indexOf(parameter)
                    + 1);
    return benchmark
        + ": nothing injects parameter "
        + name
        + " ("
        + parameter.getParameterizedType().getTypeName()
        + ") of "
        + where
        + " (no ParameterResolver supports it).";
  }

  /** How to get the value {@code parameter} wants, for a benchmark method. */
  private static String fix(Parameter parameter, boolean hasModel) {
    Class<?> type = parameter.getType();
    if ((type == ModelInputs.class || type == Generator.class) && !hasModel) {
      return "Fix: "
          + type.getSimpleName()
          + " is made for the method's model; add a @Model parameter, e.g."
          + " @Model(\"classpath:model.onnx\") OnnxModel model.";
    }
    if (Map.class.isAssignableFrom(type)) {
      return "Fix: take ModelInputs inputs and read the tensors as a map with inputs.as("
          + valueType(parameter)
          + ".class), or one with inputs.get(name, "
          + valueType(parameter)
          + ".class); to feed tensors of your own, name an InputFactory in @Model(inputs ="
          + " MyInputs.class). Anything else: build it in a @BeforeEach method (it can take"
          + " Scenario) and keep it in a field.";
    }
    return "Fix: build the value in a @BeforeEach method (it can take Scenario) and keep it in a"
        + " field; tensors for the model come from ModelInputs, or from an InputFactory named in"
        + " @Model(inputs = MyInputs.class).";
  }

  /** The simple name of a map parameter's value type: {@code OnnxTensor}. */
  private static String valueType(Parameter parameter) {
    if (parameter.getParameterizedType() instanceof ParameterizedType map
        && map.getActualTypeArguments().length == 2) {
      Type value = map.getActualTypeArguments()[1];
      if (value instanceof Class<?> cls) {
        return cls.getSimpleName();
      }
    }
    return "OnnxTensor";
  }
}
