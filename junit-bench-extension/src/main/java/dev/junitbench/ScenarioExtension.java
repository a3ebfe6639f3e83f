package dev.junitbench;

import dev.junitbench.MeasurementLoop.Outcome;
import dev.junitbench.ScenarioGeneration.Worker;
import dev.junitbench.config.BaselineMatch;
import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.config.Defaults;
import dev.junitbench.exchange.PlanParameters;
import dev.junitbench.exchange.ResultExchange;
import dev.junitbench.fork.ScenarioForks;
import dev.junitbench.gate.Gate;
import dev.junitbench.infra.Generator;
import dev.junitbench.infra.LoadPoint;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.infra.Scenario;
import dev.junitbench.results.Phase;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Throughput;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.sampling.ResourceSampler;
import dev.junitbench.spi.Backends;
import dev.junitbench.spi.ProbeScenario;
import dev.junitbench.spi.TokenRecorder;
import dev.junitbench.stats.LatencySummary;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.opentest4j.AssertionFailedError;

/**
 * Runs one scenario: injects {@link Scenario} and {@link Blackhole}, aborts a scenario whose device
 * is not available before any set-up runs, and replaces the single invocation JUnit would make with
 * the warm-up and measurement loop. Created per invocation, so its fields belong to one scenario.
 */
final class ScenarioExtension
    implements ExecutionCondition, ParameterResolver, BeforeEachCallback, InvocationInterceptor {

  private final String benchmark;
  private final Scenario scenario;
  private final int index;
  private final int forks;
  private final boolean measuredHereToo;
  private final Map<String, Object> params;
  private final BenchmarkPlan plan;
  private final BenchConfig config;
  private final Backends backends;
  private final Gate gate;
  private final BenchmarkConfigurationException error;
  private final Blackhole blackhole = new Blackhole();
  private final ResourceSampler sampler;
  private StoredModel opened;
  private Generator generator;
  private TokenRecorder recorder;

  ScenarioExtension(String benchmark, Scenario scenario, int index, BenchmarkPlan.Jvms jvms,
      Map<String, Object> params, BenchmarkPlan plan, BenchConfig config, Backends backends, Gate gate,
      BenchmarkConfigurationException error) {
    this.benchmark = benchmark;
    this.scenario = scenario;
    this.index = index;
    this.forks = jvms.forks();
    this.measuredHereToo = jvms.hereToo();
    this.params = params;
    this.plan = plan;
    this.config = config;
    this.backends = backends;
    this.gate = gate;
    this.error = error;
    this.sampler = config == null ? null : new ResourceSampler(new ResourceSampler.Settings(
        config.samplingEnabled(), config.samplingInterval(), config.nvidiaSmi(), config.powercapRoot(),
        config::declared));
  }

  private String displayName() {
    return scenario == null ? "[invalid configuration]" : scenario.displayName();
  }

  private ScenarioGeneration generation() {
    return new ScenarioGeneration(benchmark, displayName(), plan, scenario);
  }

  private ModelParameter model() {
    return plan == null ? null : plan.model();
  }

  /** Whether this JVM hands the scenario to forks: it then opens, builds and sets up nothing of it. */
  private boolean forking() {
    return forks > 0 && !measuredHereToo && config.forkChild().isEmpty();
  }

  /** Whether the scenario is measured here, as its unforked baseline was, and then in forks for their spread. */
  private boolean alsoForks() {
    return forks > 0 && measuredHereToo && config.forkChild().isEmpty();
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    if (type == Scenario.class || type == Blackhole.class) {
      return true;
    }
    ModelParameter model = model();
    // Model handles and inputs belong to the benchmark method, not to its set-up methods.
    boolean onBenchmark = parameter.getDeclaringExecutable().equals(context.getTestMethod().orElse(null));
    return model != null && onBenchmark && (type == ModelInputs.class || type == Generator.class
        || parameter.getParameter().equals(model.parameter()));
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    if (type == Scenario.class) {
      return scenario;
    }
    if (type == Blackhole.class) {
      return blackhole;
    }
    if (forking()) {
      // The forks open the model; the invocation here is skipped, so the handle is never used.
      return null;
    }
    StoredModel stored = model().open(context, scenario, benchmark, sampler);
    opened = stored;
    if (type == Generator.class) {
      return generator(stored, context);
    }
    if (type != ModelInputs.class) {
      return stored.opened().handle();
    }
    ModelInputs inputs;
    try {
      inputs = model().inputs(stored, scenario, benchmark);
      context.getStore(BenchmarkExtension.NAMESPACE).put(ModelInputs.class, new ClosingInputs(inputs));
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(benchmark + " " + displayName() + ": building the inputs of model '"
          + stored.info().id() + "' failed: " + e.getMessage(), e);
    }
    try {
      stored.timeFirstInference(inputs);
    } catch (BenchmarkConfigurationException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(benchmark + " " + displayName() + ": the first inference of model '"
          + stored.info().id() + "' failed (" + e + "); check that the inputs fit the model", e);
    }
    return inputs;
  }

  /** The scenario's generator, made before anything is timed; its first request is timed as first inference. */
  private Generator generator(StoredModel stored, ExtensionContext context) {
    ScenarioGeneration generation = generation();
    String what = generation.what(stored);
    // Room for the requests the measurement asks for, so the arrays rarely grow while it runs.
    TokenRecorder tokens = new TokenRecorder(plan.generation().tokens(), generation.expectedRequests());
    Generator made = generation.make(stored, tokens, "its generator");
    if (made instanceof AutoCloseable closeable) {
      context.getStore(BenchmarkExtension.NAMESPACE).put(Generator.class, new Closing(closeable));
    }
    try {
      stored.timeFirstInference(made::generate, true);
    } catch (BenchmarkConfigurationException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(what + ": the first request failed (" + e + "); check that the model is a"
          + " decoder exported with past and that the prompt and new tokens fit its positions", e);
    }
    generator = made;
    recorder = tokens;
    return made;
  }

  /** Closes what a scenario made when its invocation ends. */
  @SuppressWarnings("deprecation") // CloseableResource: JUnit 5 closes only these; JUnit 6 closes AutoCloseable
  private record Closing(AutoCloseable closeable) implements ExtensionContext.Store.CloseableResource, AutoCloseable {
    @Override
    public void close() throws Exception {
      closeable.close();
    }
  }

  /** Closes a scenario's inputs when its invocation ends. */
  @SuppressWarnings("deprecation") // CloseableResource: JUnit 5 closes only these; JUnit 6 closes AutoCloseable
  private record ClosingInputs(ModelInputs inputs) implements ExtensionContext.Store.CloseableResource, AutoCloseable {
    @Override
    public void close() throws Exception {
      inputs.close();
    }
  }

  private Map<String, Object> effectiveParams() {
    // Baselines match on params: the plan gives the backend's spelling.
    return plan == null ? params : plan.resultParams(scenario);
  }

  /** In a dry run every valid scenario is skipped, with what it would load; nothing is opened. */
  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    if (error != null || !config.dryRun()) {
      return ConditionEvaluationResult.enabled("not a dry run");
    }
    ResultExchange.put(context.getUniqueId(), ScenarioResult.planned(benchmark, displayName(), effectiveParams()));
    ModelParameter model = model();
    return ConditionEvaluationResult.disabled("dry run" + (model == null ? ""
        : ": would open model " + model.describe()));
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    ResultExchange.put(context.getUniqueId(), ScenarioResult.planned(benchmark, displayName(), effectiveParams()));
    if (error != null) {
      throw error;
    }
    ModelParameter model = model();
    Optional<String> unavailable = model == null
        ? backends.unavailableReason(scenario.requestedDevice())
        : model.unavailableReason(scenario);
    String subject = benchmark + " " + displayName() + (model == null ? "" : ", model '" + model.id() + "'");
    if (unavailable.isPresent() && gate.matching() != null && gate.matching().mode() == BaselineMatch.ALL
        && gate.matching().baseline().jvms(plan.key(scenario)) > 0) {
      // Under match=all every scenario the baseline measured must be judged: one that cannot run here fails.
      throw new AssertionFailedError(displayName() + " not judged against the baseline (" + BenchConfig.BASELINE_MATCH
          + "=all): it cannot run here, and the baseline measured it\n" + subject + ": " + unavailable.get());
    }
    unavailable.ifPresent(reason -> Assumptions.abort(subject + ": " + reason));
  }

  /** A forked scenario's {@code @BeforeEach} methods run in its forks only. */
  @Override
  public void interceptBeforeEachMethod(Invocation<Void> invocation,
      ReflectiveInvocationContext<Method> invocationContext, ExtensionContext context) throws Throwable {
    setUpHere(invocation);
  }

  /** A forked scenario's {@code @AfterEach} methods run in its forks only. */
  @Override
  public void interceptAfterEachMethod(Invocation<Void> invocation,
      ReflectiveInvocationContext<Method> invocationContext, ExtensionContext context) throws Throwable {
    setUpHere(invocation);
  }

  /** Runs a set-up or tear-down method of the scenario here, unless its forks run it. */
  private void setUpHere(Invocation<Void> invocation) throws Throwable {
    if (forking()) {
      invocation.skip();
    } else {
      invocation.proceed();
    }
  }

  @Override
  public void interceptTestTemplateMethod(Invocation<Void> invocation,
      ReflectiveInvocationContext<Method> invocationContext, ExtensionContext context) throws Throwable {
    if (forking()) {
      invocation.skip();
      measureInForks(context, null);
      return;
    }
    String uniqueId = context.getUniqueId();
    ScenarioResult planned = ScenarioResult.planned(benchmark, displayName(), effectiveParams())
        .withModel(opened == null ? null : opened.info());
    MeasurementLoop.Progress progress = new MeasurementLoop.Progress();
    Phase[] warmup = {null};
    ResourceSampler.Session[] sampling = {null};
    ProgressLine line = null;
    ScenarioResult measuredResult = null;
    Measured generationInput = null;
    List<Worker> workerGenerators = new ArrayList<>();
    try {
      line = config.progress()
          ? ProgressLine.start(benchmark + " " + displayName(), plan.measurement(), progress) : null;
      MethodHandle body = body(invocationContext, java.util.function.UnaryOperator.identity());
      // nvidia-smi, where it runs, starts now: its own start-up falls in the warm-up.
      sampling[0] = sampler.prepare(new ProbeScenario(benchmark, displayName(), scenario.device()));
      MeasurementLoop.PhaseListener warmedUp = run -> {
        warmup[0] = Phase.of(run.iterations(), run.elapsedNs());
        if (recorder != null) {
          recorder.startMeasuring();
        }
        sampling[0].measurementStarts();
      };
      LoadPoint load = scenario.load().orElse(null);
      Measured measured = load != null && load.pooled()
          ? measurePooled(load, invocationContext, progress, warmedUp, workerGenerators)
          : Measured.inLoop(load, body, blackhole(invocationContext), plan, scenario, progress, warmedUp);
      ResourceSampler.Session session = sampling[0];
      sampling[0] = null;
      ResourceSampler.Figures resources = session.stop(measured.items(), opened == null ? null : opened.footprint());
      long[] samples = measured.samplesNs();
      LatencySummary latency = LatencySummary.of(samples, samples.length);
      Throughput throughput = measured.throughput();
      Throughput tokens = scenario.hasSequenceLength() && throughput.value() != null
          ? new Throughput(throughput.value() * scenario.sequenceLength(), Throughput.TOKENS_PER_SECOND)
          : null;
      measuredResult = planned.measured(warmup[0], measured.phase(), latency, throughput, tokens, samples)
          .withResources(resources.memory(), resources.utilization(), resources.energy(), resources.probes());
      if (measured.load() != null) {
        measuredResult = measuredResult.withLoad(measured.load(), throughput).withQueryTimes(measured.queryTimes());
      }
      // On record before the gate judges it: whatever the gate does, the measurement is kept.
      ResultExchange.put(uniqueId, measuredResult);
      if (recorder != null) {
        generationInput = measured;
      }
    } catch (Throwable failure) {
      // The phase that failed, as far as it ran: iterations completed and time spent.
      Phase partial = Phase.of(progress.iterations.get(), System.nanoTime() - progress.phaseStartNs);
      ResultExchange.put(uniqueId, warmup[0] == null
          ? planned.measured(partial, null, null, null, null, null)
          : planned.measured(warmup[0], partial, null, null, null, null));
      throw failure;
    } finally {
      if (sampling[0] != null) {
        // The measurement failed: stop the sampler's thread and nvidia-smi; its figures are not wanted.
        try {
          sampling[0].stop(0, null);
        } catch (RuntimeException | LinkageError e) {
          // The benchmark's own failure is what is reported.
        }
      }
      if (line != null) {
        line.stop();
      }
      for (Worker worker : workerGenerators) {
        worker.close();
      }
      invocation.skip();
    }
    if (generationInput != null) {
      // Outside the measurement's try: the measured result is on record whatever happens here.
      measuredResult = generation().withGeneration(measuredResult, generator, recorder, generationInput.elapsedNs(),
          generationInput.queueNs(), workerGenerators);
      ResultExchange.put(uniqueId, measuredResult);
    }
    if (alsoForks()) {
      measureInForks(context, measuredResult.latencyMs());
    } else {
      verdict().judge(measuredResult, context);
    }
  }

  /**
   * Offline, Server and Concurrency: workers call the benchmark at once, each through a handle of
   * its own, with a Blackhole of its own and, for a generating benchmark, a generator of its own.
   */
  private Measured measurePooled(LoadPoint load, ReflectiveInvocationContext<Method> invocationContext,
      MeasurementLoop.Progress progress, MeasurementLoop.PhaseListener warmedUp, List<Worker> workers)
      throws Throwable {
    int count = LoadRun.workers(load, plan.load());
    MethodHandle[] bodies = new MethodHandle[count];
    Blackhole[] holes = new Blackhole[count];
    int[][] order = new int[count][];
    for (int w = 0; w < count; w++) {
      Blackhole hole = w == 0 ? blackhole(invocationContext) : new Blackhole();
      holes[w] = hole;
      Generator own = generator;
      if (generator != null) {
        Worker worker = w == 0 ? new Worker(generator, recorder, null) : generation().newWorker(opened, count);
        workers.add(worker);
        own = worker.generator();
      }
      Generator mine = own;
      bodies[w] = body(invocationContext, argument -> argument instanceof Blackhole ? hole
          : argument instanceof Generator ? mine : argument);
    }
    MeasurementLoop.PhaseListener listener = run -> {
      warmedUp.warmupDone(run);
      for (Worker worker : workers) {
        worker.recorder().startMeasuring();
      }
    };
    LoadRun.Outcome outcome = new LoadRun(load, plan.load(), scenario.batchSize(), bodies, holes)
        .run(plan.warmup(), plan.measurement(), progress, listener);
    long[] samples = outcome.samplesNs();
    long[] queue = null;
    if (!workers.isEmpty()) {
      queue = new long[samples.length];
      int[] ranBy = outcome.workerOf();
      int[] next = new int[count];
      for (int worker : ranBy) {
        next[worker]++;
      }
      for (int w = 0; w < count; w++) {
        order[w] = new int[next[w]];
      }
      java.util.Arrays.fill(next, 0);
      for (int i = 0; i < samples.length; i++) {
        order[ranBy[i]][next[ranBy[i]]++] = i;
        queue[i] = outcome.serverLatencyNs() == null ? 0 : outcome.serverLatencyNs()[i] - outcome.serviceNs()[i];
      }
      for (int w = 0; w < count; w++) {
        workers.get(w).ran(order[w]);
      }
    }
    Phase phase = new Phase(samples.length, outcome.wallNs() / 1e6, null, null, false);
    return new Measured(samples, phase, outcome.wallNs(), (long) samples.length * scenario.batchSize(),
        outcome.throughput(), outcome.load(), queue, outcome.times());
  }

  /**
   * Measures the scenario in its forks, then judges the pooled result as one measured here; with
   * {@code here}, the scenario's measurement in this JVM, kept beside the forks for a verdict alike
   * to its baseline's, measured in such a JVM too.
   */
  private void measureInForks(ExtensionContext context, LatencySummary here) {
    ScenarioResult planned = ScenarioResult.planned(benchmark, displayName(), effectiveParams());
    // The benchmark's template (this invocation's parent) is what the listener recorded the run's parameters under.
    Map<String, String> given = context.getParent().map(template -> PlanParameters.of(template.getUniqueId()))
        .orElse(Map.of());
    ScenarioForks.Outcome outcome = ScenarioForks.of(context.getRequiredTestClass(), context.getRequiredTestMethod(),
        displayName(), index, forks, plan.forking().jvmArgs(), config, given)
        .run(planned, scenario.batchSize() * scenario.load().map(LoadPoint::samplesPerQuery).orElse(1),
            scenario.hasSequenceLength() ? scenario.sequenceLength() : null,
            adviceTarget(), System.out, System.err);
    ScenarioResult result = here == null || outcome.result().forks() == null ? outcome.result()
        : outcome.result().withForks(outcome.result().forks().withHere(here));
    // The forks that finished are kept in the result, also when one failed and says why.
    ResultExchange.put(context.getUniqueId(), result);
    if (outcome.failure() != null) {
      throw outcome.failure();
    }
    verdict().judge(result, context);
  }

  /** The interval the forks' advice aims at: half the regression threshold, so a change that size shows. */
  private double adviceTarget() {
    double threshold = gate.rule().threshold();
    return threshold > 0 ? threshold / 2 : Defaults.FORK_ADVICE_TARGET;
  }

  private ScenarioVerdict verdict() {
    return new ScenarioVerdict(benchmark, displayName(), config, gate);
  }

  private Blackhole blackhole(ReflectiveInvocationContext<Method> invocationContext) {
    for (Object argument : invocationContext.getArguments()) {
      if (argument instanceof Blackhole injected) {
        return injected;
      }
    }
    return blackhole;
  }

  /**
   * The benchmark method bound to its instance and resolved arguments, each passed through
   * {@code argument} (a worker's own Blackhole in place of the scenario's), as a {@code ()void} handle.
   */
  private static MethodHandle body(ReflectiveInvocationContext<Method> invocationContext,
      java.util.function.UnaryOperator<Object> argument) throws IllegalAccessException {
    Method method = invocationContext.getExecutable();
    method.setAccessible(true);
    MethodHandle handle = MethodHandles.lookup().unreflect(method);
    if (!Modifier.isStatic(method.getModifiers())) {
      handle = handle.bindTo(invocationContext.getTarget().orElseThrow());
    }
    Object[] arguments = invocationContext.getArguments().toArray();
    for (int i = 0; i < arguments.length; i++) {
      arguments[i] = argument.apply(arguments[i]);
    }
    handle = MethodHandles.insertArguments(handle, 0, arguments);
    return handle.asType(MethodType.methodType(void.class));
  }
}
