package dev.junitbench;

import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.spi.Backends;
import java.lang.reflect.Method;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Expands a {@link Benchmark} method into one invocation per scenario. A benchmark whose
 * configuration is invalid yields a single invocation that fails with the reason, so the error is
 * reported, and written as a failed result, like any other outcome.
 */
final class BenchmarkExtension implements TestTemplateInvocationContextProvider {

  static final Namespace NAMESPACE = Namespace.create(BenchmarkExtension.class);

  @Override
  public boolean supportsTestTemplate(ExtensionContext context) {
    return context.getTestMethod().map(m -> AnnotationSupport.isAnnotated(m, Benchmark.class)).orElse(false);
  }

  @Override
  public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
    Method method = context.getRequiredTestMethod();
    Class<?> testClass = context.getRequiredTestClass();
    BenchConfig config = BenchConfig.of(context::getConfigurationParameter);
    Backends backends = backends(context, testClass);
    String benchmark = testClass.getName() + "#" + method.getName();
    try {
      BenchmarkPlan plan = BenchmarkPlan.of(method, testClass, config, backends);
      return plan.scenarios().stream()
          .map(scenario -> ScenarioInvocation.of(plan, scenario, config, backends));
    } catch (BenchmarkConfigurationException e) {
      return Stream.of(ScenarioInvocation.invalid(benchmark, e));
    }
  }

  @SuppressWarnings("deprecation") // getOrComputeIfAbsent: computeIfAbsent exists only from JUnit 6 on
  private static Backends backends(ExtensionContext context, Class<?> testClass) {
    return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(Backends.class,
        key -> Backends.load(testClass.getClassLoader()), Backends.class);
  }
}
