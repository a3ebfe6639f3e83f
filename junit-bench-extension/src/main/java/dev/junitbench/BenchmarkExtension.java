package dev.junitbench;

import dev.junitbench.backends.Backends;
import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.config.ForkChild;
import dev.junitbench.config.ForkSettings;
import dev.junitbench.engine.BenchmarkPlan;
import dev.junitbench.engine.ScenarioRun;
import dev.junitbench.exchange.ConfigurationErrors;
import dev.junitbench.exchange.PlannedRunFolder;
import dev.junitbench.gate.BaselineMatching;
import dev.junitbench.gate.Gate;
import dev.junitbench.profile.FlameGraphs;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.stats.JvmRuns;
import dev.junitbench.warnings.RunWarnings;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Expands a {@link Benchmark} method into one invocation per scenario. A benchmark whose
 * configuration is invalid, or whose run was given a key nobody knows, yields a single invocation
 * that fails with the reason, so the error is reported, and written as a failed result, like any
 * other outcome.
 */
final class BenchmarkExtension implements TestTemplateInvocationContextProvider {

  static final Namespace NAMESPACE = Namespace.create(BenchmarkExtension.class);

  @Override
  public boolean supportsTestTemplate(ExtensionContext context) {
    return context
        .getTestMethod()
        .map(m -> AnnotationSupport.isAnnotated(m, Benchmark.class))
        .orElse(false);
  }

  @Override
  public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(
      ExtensionContext context) {
    Method method = context.getRequiredTestMethod();
    Class<?> testClass = context.getRequiredTestClass();
    BenchConfig config = BenchConfig.of(context::getConfigurationParameter);
    Backends backends = backends(context, testClass);
    String benchmark = ScenarioKey.benchmarkId(testClass.getName(), method.getName());
    try {
      Optional<String> keyError = ConfigurationErrors.of(context.getUniqueId());
      if (keyError.isPresent()) {
        // The listener found keys nobody knows when the run started: nothing of this run is
        // measured.
        throw new BenchmarkConfigurationException(keyError.get());
      }
      BenchmarkPlan plan = AnnotatedPlan.of(method, testClass, config, backends);
      Optional<ForkChild> child = config.forkChild();
      if (child.isPresent()) {
        // A fork measures its one scenario; the JUnit JVM that started it judges the result.
        int index = child.get().scenario();
        if (index >= plan.scenarios().size()) {
          throw new BenchmarkConfigurationException(
              benchmark
                  + ": the fork expands "
                  + plan.scenarios().size()
                  + " scenarios, the JUnit JVM asked for #"
                  + (index + 1)
                  + "; a benchmark's dimensions must not depend"
                  + " on the JVM");
        }
        Gate none = new Gate(null, config.regressionRule(), null);
        return Stream.of(
            ScenarioInvocation.of(
                new ScenarioRun(plan, index, BenchmarkPlan.Jvms.HERE, config, backends, none)));
      }
      BaselineMatching baseline = RunBaseline.of(context, config, backends);
      if (baseline != null
          && plan.forking().configured()
          && plan.forking().count() == 0
          && config.forksOverride().isEmpty()) {
        RunWarnings.warnOnce(
            "@Fork(0) with a baseline: " + benchmark,
            "@Fork(0) on "
                + benchmark
                + " with a baseline: its scenarios are judged on one JVM against the baseline's, every verdict"
                + " marked \""
                + JvmRuns.UNFORKED
                + "\"; remove @Fork(0) to fork against the baseline");
      }
      Gate gate =
          new Gate(
              baseline,
              config.regressionRule(),
              plan.budget(),
              config.allocationRule(),
              PlannedRunFolder.of(context.getUniqueId())
                  .map(run -> run.resolve(FlameGraphs.FOLDER))
                  .orElse(null));
      List<BenchmarkPlan.Jvms> jvms =
          plan.scenarios().stream().map(scenario -> plan.jvms(scenario, baseline)).toList();
      if (jvms.stream().allMatch(scenario -> scenario.until() == null)) {
        ForkSettings.of(config)
            .unusedBy(
                benchmark,
                jvms.stream().allMatch(scenario -> scenario.forks() == 0)
                    ? "is measured in the JUnit JVM"
                    : "forks a fixed count")
            .ifPresent(
                warning -> RunWarnings.warnOnce("unused fork settings: " + benchmark, warning));
      }
      return IntStream.range(0, plan.scenarios().size())
          .mapToObj(
              index ->
                  ScenarioInvocation.of(
                      new ScenarioRun(plan, index, jvms.get(index), config, backends, gate)));
    } catch (BenchmarkConfigurationException e) {
      return Stream.of(ScenarioInvocation.invalid(benchmark, e));
    }
  }

  @SuppressWarnings(
      "deprecation") // getOrComputeIfAbsent: computeIfAbsent exists only from JUnit 6 on
  private static Backends backends(ExtensionContext context, Class<?> testClass) {
    return context
        .getRoot()
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(
            Backends.class, key -> Backends.load(testClass.getClassLoader()), Backends.class);
  }
}
