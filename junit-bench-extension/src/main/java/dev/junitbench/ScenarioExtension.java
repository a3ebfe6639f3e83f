package dev.junitbench;

import dev.junitbench.MeasurementLoop.Outcome;
import dev.junitbench.MeasurementLoop.PhaseRun;
import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.config.Defaults;
import dev.junitbench.fork.ScenarioForks;
import dev.junitbench.gate.Gate;
import dev.junitbench.infra.Generator;
import dev.junitbench.infra.LoadPoint;
import dev.junitbench.infra.LoadScenario;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.infra.Scenario;
import dev.junitbench.results.GateResult;
import dev.junitbench.results.GenerationFigures;
import dev.junitbench.results.Phase;
import dev.junitbench.results.ResultExchange;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Throughput;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.results.Validity;
import dev.junitbench.sampling.ResourceSampler;
import dev.junitbench.spi.Backends;
import dev.junitbench.spi.GenerationRequest;
import dev.junitbench.spi.ProbeScenario;
import dev.junitbench.spi.TokenRecorder;
import dev.junitbench.stats.LatencySummary;
import dev.junitbench.stats.TokenTimings;
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

  ScenarioExtension(String benchmark, Scenario scenario, int index, Map<String, Object> params, BenchmarkPlan plan,
      BenchConfig config, Backends backends, Gate gate, BenchmarkConfigurationException error) {
    this.benchmark = benchmark;
    this.scenario = scenario;
    this.index = index;
    this.params = params;
    this.plan = plan;
    this.config = config;
    this.backends = backends;
    this.gate = gate;
    this.error = error;
    this.sampler = config == null ? null : new ResourceSampler(new ResourceSampler.Settings(
        config.samplingEnabled(), config.samplingInterval(), config.nvidiaSmi(), config.powercapRoot()));
  }

  private String displayName() {
    return scenario == null ? "[invalid configuration]" : scenario.displayName();
  }

  private ModelParameter model() {
    return plan == null ? null : plan.model();
  }

  /** Whether this JVM hands the scenario to forks: it then opens, builds and sets up nothing of it. */
  private boolean forking() {
    return plan != null && plan.forking().count() > 0 && config.forkChild().isEmpty();
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
    String what = generateWhat(stored);
    // Room for the requests the measurement asks for, so the arrays rarely grow while it runs.
    TokenRecorder tokens = new TokenRecorder(plan.generation().tokens(), expectedRequests());
    Generator made = makeGenerator(stored, tokens, "its generator");
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
    ModelParameter model = model();
    if (model == null) {
      return params;
    }
    Map<String, Object> withBackend = new LinkedHashMap<>(params);
    // The backend's spelling wins (a provider written "CUDA" is recorded "cuda"): baselines match on params.
    withBackend.putAll(model.resultParams(scenario));
    return withBackend;
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
      measureInForks(context);
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
          : measureInLoop(load, body, blackhole(invocationContext), progress, warmedUp);
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
      measuredResult = withGeneration(measuredResult, generationInput.elapsedNs(), generationInput.queueNs(),
          workerGenerators);
      ResultExchange.put(uniqueId, measuredResult);
    }
    judge(measuredResult, context);
  }

  /**
   * {@code result} with the figures of the requests its generators recorded. Under a pooled load
   * each worker's requests are put back in query order, and their token times shifted by
   * {@code queueNs} (each query's wait between its scheduled time and its start), so that under
   * Server a request's time to first token runs from its scheduled arrival, queueing included.
   */
  private ScenarioResult withGeneration(ScenarioResult result, long wallNs, long[] queueNs, List<Worker> workers) {
    int n = generator.newTokens();
    long[] own = workers.isEmpty() ? recorder.times() : pooledTokens(null, workers);
    if (own.length == 0) {
      throw new BenchmarkConfigurationException(benchmark + " " + displayName() + ": the benchmark never called"
          + " Generator.generate() while it was measured; call it once per iteration");
    }
    // Under Server a request's tokens count from its scheduled arrival (TTFT and end-to-end include the
    // wait); the model's own rates (prefill and per request) from when it really started.
    long[] tokenNs = workers.isEmpty() ? own : pooledTokens(queueNs, workers);
    int requests = tokenNs.length / n;
    TokenTimings timings = TokenTimings.of(tokenNs, requests, n, generator.batchSize(), generator.promptTokens(),
        wallNs);
    TokenTimings unqueued = tokenNs == own ? timings
        : TokenTimings.of(own, requests, n, generator.batchSize(), generator.promptTokens(), wallNs);
    GenerationFigures figures = new GenerationFigures(timings.promptTokens(), n, timings.batchSize(),
        generator.promptSource(), requests, timings.ttftMs(), timings.tpotMs(), timings.itlMs(), timings.e2eMs(),
        unqueued.requestTokensPerSecond(), timings.outputTokensPerSecond(), unqueued.prefillTokensPerSecond());
    ScenarioResult withTokens = result.withGeneration(figures, tokenNs);
    BenchmarkPlan.LoadPlan loadPlan = plan.load();
    boolean server = result.load() != null && LoadScenario.SERVER.id().equals(result.load().scenario());
    if (server && (loadPlan.ttftBoundMs() != null || loadPlan.tpotBoundMs() != null)) {
      return withTokens.withLoad(result.load().withGoodput(goodput(tokenNs, requests, n, loadPlan, wallNs)),
          result.throughput());
    }
    return withTokens;
  }

  /**
   * MLPerf's LLM rule: the requests whose TTFT and TPOT both meet their bounds, and whether each
   * bound holds at the latency bound's percentile (p99 without one) at 99% confidence, as the
   * latency bound does.
   */
  static dev.junitbench.results.LoadFigures.Goodput goodput(long[] tokenNs, int requests, int n,
      BenchmarkPlan.LoadPlan loadPlan, long wallNs) {
    long good = 0;
    long[] ttfts = new long[requests];
    long[] tpots = new long[requests];
    for (int r = 0; r < requests; r++) {
      ttfts[r] = tokenNs[r * n];
      tpots[r] = n > 1 ? Math.round((tokenNs[r * n + n - 1] - tokenNs[r * n]) / (double) (n - 1)) : 0;
      boolean ttftOk = loadPlan.ttftBoundMs() == null || ttfts[r] / 1e6 <= loadPlan.ttftBoundMs();
      boolean tpotOk = loadPlan.tpotBoundMs() == null || n == 1 || tpots[r] / 1e6 <= loadPlan.tpotBoundMs();
      if (ttftOk && tpotOk) {
        good++;
      }
    }
    double percentile = loadPlan.latencyBound() == null ? 0.99 : loadPlan.latencyBound().percentile();
    String p = "p" + new java.math.BigDecimal(String.valueOf(percentile * 100)).stripTrailingZeros().toPlainString();
    dev.junitbench.results.LoadFigures.BoundCheck ttft = loadPlan.ttftBoundMs() == null ? null
        : dev.junitbench.results.LoadFigures.BoundCheck.of(ttfts, "TTFT " + p + " <= "
            + dev.junitbench.results.UnitFormat.duration(loadPlan.ttftBoundMs()), percentile, loadPlan.ttftBoundMs());
    dev.junitbench.results.LoadFigures.BoundCheck tpot = loadPlan.tpotBoundMs() == null || n == 1 ? null
        : dev.junitbench.results.LoadFigures.BoundCheck.of(tpots, "TPOT " + p + " <= "
            + dev.junitbench.results.UnitFormat.duration(loadPlan.tpotBoundMs()), percentile, loadPlan.tpotBoundMs());
    return dev.junitbench.results.LoadFigures.Goodput.of(loadPlan.ttftBoundMs(), loadPlan.tpotBoundMs(), good,
        requests, requests == 0 ? 0 : good / (double) requests, wallNs > 0 ? good / (wallNs / 1e9) : null, ttft,
        tpot);
  }

  /**
   * The token times of every worker's requests in query order: worker w ran the queries
   * {@code order[w]} in that order, one recorded request each; each request's times are shifted by
   * its query's wait in the queue.
   */
  private long[] pooledTokens(long[] queueNs, List<Worker> workers) {
    int n = generator.newTokens();
    int queries = 0;
    for (Worker worker : workers) {
      if (worker.recorder().requests() != worker.queries().length) {
        throw new BenchmarkConfigurationException(benchmark + " " + displayName() + ": a worker ran "
            + worker.queries().length + " queries but made " + worker.recorder().requests() + " requests; under a"
            + " load each query must call Generator.generate() exactly once");
      }
      queries += worker.queries().length;
    }
    long[] all = new long[queries * n];
    for (Worker worker : workers) {
      long[] times = worker.recorder().times();
      int[] order = worker.queries();
      for (int k = 0; k < order.length; k++) {
        int query = order[k];
        long wait = queueNs == null ? 0 : queueNs[query];
        for (int t = 0; t < n; t++) {
          all[query * n + t] = times[k * n + t] + wait;
        }
      }
    }
    return all;
  }

  /** One scenario's measurement, by whichever load. */
  private record Measured(long[] samplesNs, Phase phase, long elapsedNs, long items, Throughput throughput,
      dev.junitbench.results.LoadFigures load, long[] queueNs, dev.junitbench.results.QueryTimes queryTimes) {}

  /** SingleStream (today's loop) and MultiStream (K calls per query): one thread, one sample per query. */
  private Measured measureInLoop(LoadPoint load, MethodHandle body, Blackhole blackhole,
      MeasurementLoop.Progress progress, MeasurementLoop.PhaseListener warmedUp) throws Throwable {
    int perQuery = load != null && load.samplesPerQuery() != null ? load.samplesPerQuery() : 1;
    MethodHandle timed = perQuery == 1 ? body : MethodHandles.insertArguments(REPEAT, 0, body, perQuery);
    Outcome outcome = new MeasurementLoop().run(timed, blackhole, plan.warmup(), plan.measurement(), progress,
        warmedUp);
    PhaseRun measured = outcome.measurement();
    long[] samples = Arrays.copyOf(measured.samples(), measured.count());
    Phase phase = new Phase(measured.iterations(), measured.elapsedNs() / 1e6,
        plan.measurement().hasPrecision() ? plan.measurement().precision() : null,
        plan.measurement().hasPrecision() ? measured.precisionReached() : null,
        measured.sampleLimitReached());
    int items = scenario.batchSize() * perQuery;
    dev.junitbench.results.LoadFigures figures = load == null ? null
        : new dev.junitbench.results.LoadFigures(load.scenario().id(), null, load.samplesPerQuery(), samples.length,
            null, null, measured.elapsedNs() > 0 ? samples.length / (measured.elapsedNs() / 1e9) : null,
            measured.elapsedNs() / 1e6, null, null, null, null, null);
    return new Measured(samples, phase, measured.elapsedNs(), measured.iterations() * items,
        Throughput.samplesPerSecond(items, samples, samples.length), figures, null, null);
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
        Worker worker = w == 0 ? new Worker(generator, recorder, null) : newWorker(count);
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

  /** A worker's own generator and recorder under a pooled load, and the queries it ran, in order. */
  private static final class Worker implements AutoCloseable {
    private final Generator generator;
    private final TokenRecorder recorder;
    private final AutoCloseable owned;
    private int[] queries = new int[0];

    Worker(Generator generator, TokenRecorder recorder, AutoCloseable owned) {
      this.generator = generator;
      this.recorder = recorder;
      this.owned = owned;
    }

    Generator generator() {
      return generator;
    }

    TokenRecorder recorder() {
      return recorder;
    }

    int[] queries() {
      return queries;
    }

    void ran(int[] inOrder) {
      queries = inOrder;
    }

    @Override
    public void close() {
      if (owned != null) {
        try {
          owned.close();
        } catch (Exception e) {
          // Closing frees native buffers; the measurement is already complete.
        }
      }
    }
  }

  /** Requests a recorder makes room for at first: the measurement's iterations, at least 256, at most 65536. */
  private int expectedRequests() {
    return (int) Math.max(256, Math.min(1 << 16, plan.measurement().iterations()));
  }

  /** How messages name the annotation, the scenario and the model: {@code @Generate of fqcn#m [..], model 'id'}. */
  private String generateWhat(StoredModel stored) {
    return "@Generate of " + benchmark + " " + displayName() + ", model '" + stored.info().id() + "'";
  }

  /** A generator of {@code stored} for this scenario writing to {@code tokens}; {@code role} names it in errors. */
  private Generator makeGenerator(StoredModel stored, TokenRecorder tokens, String role) {
    BenchmarkPlan.Generation generation = plan.generation();
    String what = generateWhat(stored);
    try {
      return stored.opened().generator(new GenerationRequest(what, scenario.batchSize(), generation.promptTokens(),
          generation.tokens(), generation.seed(), tokens));
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(what + ": making " + role + " failed: " + e.getMessage(), e);
    }
  }

  /** A generator of this scenario's model for one more worker, with its own recorder. */
  private Worker newWorker(int workers) throws Exception {
    TokenRecorder tokens = new TokenRecorder(plan.generation().tokens(), expectedRequests() / workers + 16);
    String what = generateWhat(opened);
    Generator made = makeGenerator(opened, tokens, "the generator of another worker");
    Worker worker = new Worker(made, tokens, made instanceof AutoCloseable closeable ? closeable : null);
    try {
      // Its first request, untimed and not kept (warm-up runs on the first worker only).
      made.generate();
    } catch (Exception | Error e) {
      worker.close();
      throw new IllegalStateException(what + ": the first request of another worker's generator failed (" + e
          + "); check that the model can run " + workers + " requests at once", e);
    }
    return worker;
  }

  private static final MethodHandle REPEAT;

  static {
    try {
      REPEAT = MethodHandles.lookup().findStatic(ScenarioExtension.class, "repeat",
          MethodType.methodType(void.class, MethodHandle.class, int.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** A MultiStream query: {@code samples} calls back to back. */
  private static void repeat(MethodHandle body, int samples) throws Throwable {
    for (int i = 0; i < samples; i++) {
      body.invokeExact();
    }
  }

  /** Measures the scenario in its forks, then judges the pooled result as one measured here. */
  private void measureInForks(ExtensionContext context) {
    ScenarioResult planned = ScenarioResult.planned(benchmark, displayName(), effectiveParams());
    ScenarioForks.Outcome outcome = ScenarioForks.of(context.getRequiredTestClass(), context.getRequiredTestMethod(),
        displayName(), index, plan.forking().count(), plan.forking().jvmArgs(), config)
        .run(planned, scenario.batchSize() * scenario.load().map(LoadPoint::samplesPerQuery).orElse(1),
            scenario.hasSequenceLength() ? scenario.sequenceLength() : null,
            adviceTarget(), System.out, System.err);
    if (outcome.failure() != null) {
      // The forks that finished are kept in the result; the one that failed says why.
      ResultExchange.put(context.getUniqueId(), outcome.result());
      throw outcome.failure();
    }
    ResultExchange.put(context.getUniqueId(), outcome.result());
    judge(outcome.result(), context);
  }

  /** The interval the forks' advice aims at: half the regression threshold, so a change that size shows. */
  private double adviceTarget() {
    double threshold = gate.rule().threshold();
    return threshold > 0 ? threshold / 2 : Defaults.FORK_ADVICE_TARGET;
  }

  /** The gate's decision on a measured result, recorded and printed; a failing one fails the test. */
  private void judge(ScenarioResult measured, ExtensionContext context) {
    String uniqueId = context.getUniqueId();
    // A flag, as MLPerf's: a run too short for its percentiles is said to be, never failed for it.
    ScenarioResult measuredResult = measured.withValidity(Validity.of(measured.samplesNs(),
        measured.measurement().timeMs(), config.validityMinQueries().orElse(null),
        config.validityMinDurationMs().orElse(null), bounds(measured.load())));
    GateResult decision = decide(measuredResult);
    ScenarioResult result = measuredResult.withGate(decision);
    ResultExchange.put(uniqueId, result);
    context.publishReportEntry(UnitFormat.REPORT_ENTRY_KEY, UnitFormat.summary(result.latencyMs(), result.throughput()));
    // On the test's own thread, so Surefire puts it in this testcase's <system-out>.
    System.out.println(UnitFormat.scenarioLine(result));
    System.out.flush();
    if (decision != null && decision.failed()) {
      // Thrown after the measurement's bookkeeping: the result keeps its figures and its verdict.
      throw new AssertionFailedError(decision.message());
    }
  }

  /** The bounds a loaded run is judged on: its latency bound, then a generating Server run's TTFT and TPOT bounds. */
  private static List<dev.junitbench.results.LoadFigures.BoundCheck> bounds(dev.junitbench.results.LoadFigures load) {
    List<dev.junitbench.results.LoadFigures.BoundCheck> bounds = new ArrayList<>();
    if (load != null) {
      if (load.latencyBound() != null) {
        bounds.add(load.latencyBound());
      }
      if (load.goodput() != null) {
        if (load.goodput().ttftCheck() != null) {
          bounds.add(load.goodput().ttftCheck());
        }
        if (load.goodput().tpotCheck() != null) {
          bounds.add(load.goodput().tpotCheck());
        }
      }
    }
    return bounds;
  }

  /** The gate's decision on a measured scenario; a gate that cannot decide fails it, the figures kept. */
  private GateResult decide(ScenarioResult measured) {
    try {
      return gate.check(measured, measured.samplesNs());
    } catch (RuntimeException e) {
      return new GateResult(true, benchmark + " " + displayName() + ": the regression gate could not judge this"
          + " scenario (" + dev.junitbench.warnings.Causes.describe(e) + "); its measurement is kept", null, null);
    }
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
