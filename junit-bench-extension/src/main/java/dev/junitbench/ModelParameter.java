package dev.junitbench;

import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.model.ModelSource;
import dev.junitbench.results.ModelInfo;
import dev.junitbench.spi.Backend;
import dev.junitbench.spi.Backends;
import dev.junitbench.spi.ModelRequest;
import dev.junitbench.spi.OpenedModel;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The {@link Model} parameter of a benchmark method: which backend opens it, and the opened model,
 * kept in the benchmark method's store so the scenarios that share a device share one model.
 */
record ModelParameter(Parameter parameter, Model model, Backend backend) {

  /**
   * The method's {@code @Model} parameter, if it has one.
   *
   * @throws BenchmarkConfigurationException when no backend opens its type, or there are several
   */
  static Optional<ModelParameter> of(Method method, Backends backends, String benchmark) {
    List<Parameter> annotated = Arrays.stream(method.getParameters())
        .filter(p -> p.isAnnotationPresent(Model.class)).toList();
    if (annotated.isEmpty()) {
      return Optional.empty();
    }
    if (annotated.size() > 1) {
      throw new BenchmarkConfigurationException(benchmark + " has " + annotated.size()
          + " @Model parameters; a benchmark measures one model: split it into one benchmark per model");
    }
    Parameter parameter = annotated.get(0);
    Backend backend = backends.forModelType(parameter.getType()).orElseThrow(() ->
        new BenchmarkConfigurationException(benchmark + ": no backend opens @Model parameters of type "
            + parameter.getType().getName() + " here; add its runtime to the test classpath"
            + " (com.microsoft.onnxruntime:onnxruntime for OnnxModel)"));
    return Optional.of(new ModelParameter(parameter, parameter.getAnnotation(Model.class), backend));
  }

  /**
   * Checks that the backend knows every mode of {@code modes}.
   *
   * @throws BenchmarkConfigurationException naming the mode and the accepted ones
   */
  void checkModes(List<String> modes, String benchmark) {
    for (String mode : modes) {
      if (mode != null && !backend.modes().contains(mode)) {
        throw new BenchmarkConfigurationException("@Modes of " + benchmark + " names mode '" + mode
            + "', which " + backend.name() + " does not have; accepted: " + backend.modes());
      }
    }
  }

  /** The model opened for {@code scenario}'s device, opening it on first use (timed as load time). */
  StoredModel open(ExtensionContext invocation, Scenario scenario, String benchmark) {
    ExtensionContext method = invocation.getParent().orElse(invocation);
    String key = model.value() + "|" + model.tokenizer() + "|" + backend.name() + "|" + scenario.device()
        + "|" + scenario.mode().orElse("") + "|" + scenario.threads();
    @SuppressWarnings("deprecation") // computeIfAbsent exists only from JUnit 6 on
    StoredModel stored = method.getStore(BenchmarkExtension.NAMESPACE)
        .getOrComputeIfAbsent(key, k -> load(invocation, scenario, benchmark), StoredModel.class);
    return stored;
  }

  private StoredModel load(ExtensionContext invocation, Scenario scenario, String benchmark) {
    ClassLoader loader = invocation.getRequiredTestClass().getClassLoader();
    String what = "@Model of " + benchmark;
    ModelSource source = ModelSource.resolve(model.value(), loader, what);
    ModelSource tokenizer = model.tokenizer().isBlank() ? null
        : ModelSource.resolve(model.tokenizer(), loader, "@Model(tokenizer) of " + benchmark);
    String id = model.id().isBlank() ? source.baseName() : model.id();
    long start = System.nanoTime();
    OpenedModel opened;
    try {
      opened = backend.open(new ModelRequest(benchmark, id, source, tokenizer, scenario.device(),
          scenario.mode().orElse(null), scenario.threads().isPresent() ? scenario.threads().getAsInt() : null));
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new BenchmarkConfigurationException(benchmark + ": " + backend.name() + " cannot open model '"
          + id + "' from " + source + ": " + e.getMessage());
    }
    double loadMs = (System.nanoTime() - start) / 1e6;
    return new StoredModel(opened, new ModelInfo(id, backend.name(), opened.format(), source.location(),
        source.sizeBytes(), loadMs, null));
  }
}
