package dev.junitbench;

import dev.junitbench.engine.ForkTarget;
import dev.junitbench.engine.ScenarioRun;
import dev.junitbench.engine.ScenarioVerdict;
import dev.junitbench.exchange.PlanParameters;
import dev.junitbench.exchange.ResultExchange;
import dev.junitbench.fork.ForkAborted;
import dev.junitbench.infra.Generator;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.infra.Scenario;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.UnitFormat;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.LifecycleMethodExecutionExceptionHandler;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * One scenario as JUnit runs it: injects {@link Scenario}, {@link Blackhole} and what the engine's
 * {@link ScenarioRun} opens for the {@code @Model} parameter, aborts a scenario whose device is not
 * available before any set-up runs, and replaces the single invocation JUnit would make with the
 * run's measurement; a failing verdict fails the test. A parameter nothing injects is reported with
 * what can be. Created per invocation.
 */
final class ScenarioExtension
    implements ExecutionCondition,
        ParameterResolver,
        BeforeEachCallback,
        InvocationInterceptor,
        TestExecutionExceptionHandler,
        LifecycleMethodExecutionExceptionHandler {

  private final ScenarioRun run;
  private final Blackhole blackhole = new Blackhole();

  ScenarioExtension(ScenarioRun run) {
    this.run = run;
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    if (type == Scenario.class || type == Blackhole.class) {
      return true;
    }
    // Model handles and inputs belong to the benchmark method, not to its set-up methods.
    boolean onBenchmark =
        parameter.getDeclaringExecutable().equals(context.getTestMethod().orElse(null));
    return run.hasModel()
        && onBenchmark
        && (type == ModelInputs.class
            || type == Generator.class
            || parameter.isAnnotated(Model.class));
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    if (type == Scenario.class) {
      return run.scenario();
    }
    if (type == Blackhole.class) {
      return blackhole;
    }
    if (run.forking()) {
      // The forks open the model; the invocation here is skipped, so the handle is never used.
      return null;
    }
    StoreResources resources = new StoreResources(context);
    if (type == Generator.class) {
      return run.generator(resources);
    }
    return type == ModelInputs.class ? run.inputs(resources) : run.modelHandle(resources);
  }

  /** A parameter of the benchmark method nothing injects is reported with what can be injected. */
  @Override
  public void handleTestExecutionException(ExtensionContext context, Throwable thrown)
      throws Throwable {
    Optional<? extends Throwable> explained =
        UnresolvedParameters.ofBenchmark(
            thrown, context.getRequiredTestMethod(), benchmark(context), run.hasModel());
    throw explained.isPresent() ? explained.get() : thrown;
  }

  /** A parameter of a set-up method nothing injects is reported with what can be injected there. */
  @Override
  public void handleBeforeEachMethodExecutionException(ExtensionContext context, Throwable thrown)
      throws Throwable {
    throw explainSetUp(context, thrown);
  }

  @Override
  public void handleAfterEachMethodExecutionException(ExtensionContext context, Throwable thrown)
      throws Throwable {
    throw explainSetUp(context, thrown);
  }

  private static Throwable explainSetUp(ExtensionContext context, Throwable thrown) {
    Optional<? extends Throwable> explained =
        UnresolvedParameters.ofSetUp(thrown, context.getRequiredTestClass(), benchmark(context));
    return explained.isPresent() ? explained.get() : thrown;
  }

  private static String benchmark(ExtensionContext context) {
    return ScenarioKey.benchmarkId(
        context.getRequiredTestClass().getName(), context.getRequiredTestMethod().getName());
  }

  /**
   * In a dry run every valid scenario is skipped, with what it would load; nothing is opened. One
   * whose {@code classpath:} model file is missing runs, to fail before any set-up with what the
   * class path holds; a missing file path is only warned about.
   */
  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    Optional<String> dryRun = run.dryRun();
    if (dryRun.isEmpty()) {
      return ConditionEvaluationResult.enabled("not a dry run");
    }
    if (run.failsDryRun(new StoreResources(context))) {
      return ConditionEvaluationResult.enabled("dry run: a class path model file is missing");
    }
    ResultExchange.put(context.getUniqueId(), run.planned());
    return ConditionEvaluationResult.disabled(dryRun.get());
  }

  /**
   * Aborts a scenario that cannot run here, then fails one whose model file is missing, before any
   * set-up runs and before forks start.
   */
  @Override
  public void beforeEach(ExtensionContext context) {
    ResultExchange.put(context.getUniqueId(), run.planned());
    StoreResources resources = new StoreResources(context);
    if (run.dryRun().isPresent()) {
      // Only a scenario whose classpath: model file is missing runs in a dry run: no runtime is
      // loaded.
      run.checkModelFiles(resources);
      return;
    }
    Optional<ScenarioRun.Unavailable> unavailable = run.unavailable();
    if (unavailable.isPresent() && unavailable.get().failsTheRun()) {
      throw new AssertionFailedError(unavailable.get().reason());
    }
    unavailable.ifPresent(why -> Assumptions.abort(why.reason()));
    run.checkModelFiles(resources);
  }

  /** A forked scenario's {@code @BeforeEach} methods run in its forks only. */
  @Override
  public void interceptBeforeEachMethod(
      Invocation<Void> invocation,
      ReflectiveInvocationContext<Method> invocationContext,
      ExtensionContext context)
      throws Throwable {
    setUpHere(invocation);
  }

  /** A forked scenario's {@code @AfterEach} methods run in its forks only. */
  @Override
  public void interceptAfterEachMethod(
      Invocation<Void> invocation,
      ReflectiveInvocationContext<Method> invocationContext,
      ExtensionContext context)
      throws Throwable {
    setUpHere(invocation);
  }

  /** Runs a set-up or tear-down method of the scenario here, unless its forks run it. */
  private void setUpHere(Invocation<Void> invocation) throws Throwable {
    if (run.forking()) {
      invocation.skip();
    } else {
      invocation.proceed();
    }
  }

  @Override
  public void interceptTestTemplateMethod(
      Invocation<Void> invocation,
      ReflectiveInvocationContext<Method> invocationContext,
      ExtensionContext context)
      throws Throwable {
    Consumer<ScenarioResult> record = result -> ResultExchange.put(context.getUniqueId(), result);
    // The engine calls the method itself, as often as its measurement asks, or hands it to forks.
    invocation.skip();
    ScenarioVerdict.Judged judged;
    try {
      judged =
          run.run(
              new InvocationBody(invocationContext, blackhole),
              forkTarget(context),
              record,
              System.out,
              System.err);
    } catch (ForkAborted aborted) {
      throw new TestAbortedException(aborted.getMessage());
    }
    ScenarioResult result = judged.result();
    record.accept(result);
    context.publishReportEntry(
        UnitFormat.REPORT_ENTRY_KEY, UnitFormat.summary(result.latencyMs(), result.throughput()));
    // On the test's own thread, so Surefire puts it in this testcase's <system-out>.
    System.out.println(UnitFormat.scenarioLine(result));
    System.out.flush();
    if (judged.failure() != null) {
      // Thrown after the measurement's bookkeeping: the result keeps its figures and its verdict.
      throw new AssertionFailedError(judged.failure());
    }
  }

  /**
   * What the forks run: this benchmark method, with the run's parameters, through the JUnit
   * Platform.
   */
  private static ForkTarget forkTarget(ExtensionContext context) {
    // The benchmark's template (this invocation's parent) is what the listener recorded the run's
    // parameters under.
    Map<String, String> given =
        context
            .getParent()
            .map(template -> PlanParameters.of(template.getUniqueId()))
            .orElse(Map.of());
    return new ForkTarget(
        context.getRequiredTestClass(),
        context.getRequiredTestMethod(),
        given,
        PlatformLauncher.class);
  }
}
