package dev.junitbench.engine;

import dev.junitbench.backends.Backends;
import dev.junitbench.config.BaselineMatch;
import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.fork.ForkAborted;
import dev.junitbench.fork.ScenarioForks;
import dev.junitbench.gate.Gate;
import dev.junitbench.generation.GenerationWorkers;
import dev.junitbench.generation.GenerationWorkers.Worker;
import dev.junitbench.infra.Generator;
import dev.junitbench.infra.LoadPoint;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.infra.Scenario;
import dev.junitbench.load.LoadRun;
import dev.junitbench.load.StreamRun;
import dev.junitbench.measure.MeasurementOutcome;
import dev.junitbench.measure.ProgressLine;
import dev.junitbench.measure.TimedCall;
import dev.junitbench.model.binding.LoadedModel;
import dev.junitbench.model.binding.ModelBinding;
import dev.junitbench.profile.MeasurementProfile;
import dev.junitbench.profile.ProfileSettings;
import dev.junitbench.profile.ProfileStaging;
import dev.junitbench.results.AllocationFigures;
import dev.junitbench.results.Phase;
import dev.junitbench.results.ProfileFigures;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.sampling.ResourceSampler;
import dev.junitbench.spi.ProbeScenario;
import dev.junitbench.spi.TokenRecorder;
import dev.junitbench.stats.LatencySummary;
import dev.junitbench.warnings.RunWarnings;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One scenario of a benchmark, from set-up to verdict, without a test framework: it opens the model
 * and builds what the benchmark method is handed, measures the method (here, under its load, or in
 * fresh JVMs), adds the resource, generation and load figures, and has the gate judge the result.
 * Whoever drives it (the JUnit adapter) resolves the method's arguments, records each result it is
 * handed, and turns a verdict into a failed test. One instance per scenario run.
 */
public final class ScenarioRun {

  /**
   * Why a scenario cannot run here; with {@code failsTheRun}, it is one the baseline measured and
   * {@code junit.bench.baseline.match=all} asks to judge, so its absence fails instead of aborting.
   */
  public record Unavailable(String reason, boolean failsTheRun) {}

  private final BenchmarkPlan plan;
  private final Scenario scenario;
  private final int index;
  private final BenchmarkPlan.Jvms jvms;
  private final BenchConfig config;
  private final Backends backends;
  private final Gate gate;
  private final ResourceSampler sampler;
  private final String subject;
  private LoadedModel opened;
  private Generator generator;
  private TokenRecorder recorder;

  /** Scenario {@code index} of {@code plan}, measured by {@code jvms}, judged by {@code gate}. */
  public ScenarioRun(
      BenchmarkPlan plan,
      int index,
      BenchmarkPlan.Jvms jvms,
      BenchConfig config,
      Backends backends,
      Gate gate) {
    this.plan = plan;
    this.scenario = plan.scenarios().get(index);
    this.index = index;
    this.jvms = jvms;
    this.config = config;
    this.backends = backends;
    this.gate = gate;
    this.subject = plan.benchmark() + " " + scenario.displayName();
    this.sampler =
        new ResourceSampler(
            new ResourceSampler.Settings(
                config.samplingEnabled(),
                config.samplingInterval(),
                config.nvidiaSmi(),
                config.powercapRoot(),
                config::declared));
  }

  /** The scenario this run measures. */
  public Scenario scenario() {
    return scenario;
  }

  /** Whether the benchmark method has a {@code @Model} parameter, which this run opens. */
  public boolean hasModel() {
    return plan.model() != null;
  }

  /**
   * The scenario's result before anything is measured: benchmark, name and the params it is matched
   * on.
   */
  public ScenarioResult planned() {
    // Baselines match on params: the plan gives the backend's spelling.
    return ScenarioResult.planned(
        plan.benchmark(), scenario.displayName(), plan.resultParams(scenario));
  }

  /** Why a dry run skips this scenario, with what it would open; empty when the run is not dry. */
  public Optional<String> dryRun() {
    if (!config.dryRun()) {
      return Optional.empty();
    }
    ModelBinding model = plan.model();
    return Optional.of("dry run" + (model == null ? "" : ": would open model " + model.describe()));
  }

  /**
   * Whether this JVM hands the scenario to forks: it then opens, builds and sets up nothing of it.
   */
  public boolean forking() {
    return jvms.forks() > 0 && !jvms.hereToo() && config.forkChild().isEmpty();
  }

  /**
   * Whether the scenario is measured here, as its unforked baseline was, and then in forks for
   * their spread.
   */
  private boolean alsoForks() {
    return jvms.forks() > 0 && jvms.hereToo() && config.forkChild().isEmpty();
  }

  /** Why the scenario cannot run here (its device, provider or runtime is missing), or empty. */
  public Optional<Unavailable> unavailable() {
    ModelBinding model = plan.model();
    Optional<String> reason =
        model == null
            ? backends.unavailableReason(scenario.requestedDevice())
            : model.unavailableReason(scenario);
    if (reason.isEmpty()) {
      return Optional.empty();
    }
    String what =
        subject + (model == null ? "" : ", model '" + model.id() + "'") + ": " + reason.get();
    if (gate.matching() != null
        && gate.matching().mode() == BaselineMatch.ALL
        && gate.matching().baseline().jvms(plan.key(scenario)) > 0) {
      // Under match=all every scenario the baseline measured must be judged: one that cannot run
      // here fails.
      return Optional.of(
          new Unavailable(
              scenario.displayName()
                  + " not judged against the baseline ("
                  + BenchConfig.BASELINE_MATCH
                  + "=all): it cannot run here, and the baseline measured it\n"
                  + what,
              true));
    }
    return Optional.of(new Unavailable(what, false));
  }

  /**
   * In a dry run, whether the scenario runs to fail on a missing model or tokenizer file. Only a
   * {@code classpath:} name fails: it is wrong on every machine. A file path that is not there may
   * be on the machine that measures (models fetched on the GPU runner only): it is warned about
   * once, and the scenario stays skipped as planned.
   */
  public boolean failsDryRun(ScenarioResources resources) {
    Optional<ModelBinding.MissingFile> missing = ModelFiles.of(plan, resources).missing();
    if (missing.isEmpty()) {
      return false;
    }
    if (missing.get().onClassPath()) {
      return true;
    }
    RunWarnings.warnOnce(
        "dry run: missing model file " + missing.get().location() + " of " + plan.benchmark(),
        "dry run: "
            + missing.get().explanation()
            + "; its scenarios are listed as planned, and a run that measures them here fails");
    return false;
  }

  /**
   * Fails when the model or tokenizer file is missing: the first scenario with the whole
   * explanation, the others with a reference to it.
   *
   * @throws BenchmarkConfigurationException naming the file, what the class path holds, the fix
   */
  public void checkModelFiles(ScenarioResources resources) {
    ModelFiles.of(plan, resources)
        .failure(plan.benchmark(), scenario.displayName(), plan.scenarios().size())
        .ifPresent(
            failure -> {
              throw new BenchmarkConfigurationException(failure);
            });
  }

  /** The opened model's handle, as the benchmark method's {@code @Model} parameter takes it. */
  public Object modelHandle(ScenarioResources resources) {
    return open(resources).opened().handle();
  }

  /** The scenario's inputs, built for the opened model; the first inference on them is timed. */
  public ModelInputs inputs(ScenarioResources resources) {
    LoadedModel stored = open(resources);
    ModelInputs inputs;
    try {
      inputs = plan.model().inputs(stored, scenario);
      resources.closeWhenDone(inputs);
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(
          subject
              + ": building the inputs of model '"
              + stored.info().id()
              + "' failed: "
              + e.getMessage(),
          e);
    }
    try {
      stored.timeFirstInference(inputs);
    } catch (BenchmarkConfigurationException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(
          subject
              + ": the first inference of model '"
              + stored.info().id()
              + "' failed ("
              + e
              + "); check that the inputs fit the model",
          e);
    }
    return inputs;
  }

  /**
   * The scenario's generator, made before anything is timed; its first request is timed as first
   * inference.
   */
  public Generator generator(ScenarioResources resources) {
    LoadedModel stored = open(resources);
    GenerationWorkers generation = generation();
    String what = generation.what(stored);
    // Room for the requests the measurement asks for, so the arrays rarely grow while it runs.
    TokenRecorder tokens =
        new TokenRecorder(plan.generation().tokens(), generation.expectedRequests());
    Generator made = generation.make(stored, tokens, "its generator");
    if (made instanceof AutoCloseable closeable) {
      resources.closeWhenDone(closeable);
    }
    try {
      stored.timeFirstInference(made::generate, true);
    } catch (BenchmarkConfigurationException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(
          what
              + ": the first request failed ("
              + e
              + "); check that the model is a"
              + " decoder exported with past and that the prompt and new tokens fit its positions",
          e);
    }
    generator = made;
    recorder = tokens;
    return made;
  }

  private LoadedModel open(ScenarioResources resources) {
    LoadedModel stored = plan.model().open(resources, resources.classLoader(), scenario, sampler);
    opened = stored;
    return stored;
  }

  private GenerationWorkers generation() {
    return new GenerationWorkers(
        subject, plan.generation(), scenario.batchSize(), plan.measurement().iterations());
  }

  /**
   * Measures the scenario here: warm-up and measurement of {@code body} under its load, with the
   * resource probes around the measurement and, for a generating benchmark, its token times. Every
   * result goes to {@code record} as soon as it exists: the measured one before anything else can
   * fail, and one with the phase as far as it ran when the measurement fails (then rethrown).
   */
  public ScenarioResult measure(ScenarioBody body, Consumer<ScenarioResult> record)
      throws Throwable {
    ScenarioResult planned = planned().withModel(opened == null ? null : opened.info());
    Measuring measuring = new Measuring(recorder);
    MeasurementProfile.of(ProfileSettings.of(config), plan.profile(), subject)
        .ifPresent(measuring::profile);
    ProgressLine line =
        config.progress()
            ? ProgressLine.start(subject, plan.measurement(), measuring.progress)
            : null;
    MeasurementOutcome outcome;
    ScenarioResult measured;
    try {
      // nvidia-smi, where it runs, starts now: its own start-up falls in the warm-up.
      measuring.probes(
          sampler.prepare(
              new ProbeScenario(plan.benchmark(), scenario.displayName(), scenario.device())));
      LoadPoint load = scenario.load().orElse(null);
      outcome =
          load != null && load.pooled()
              ? measurePooled(load, body, measuring)
              : StreamRun.measure(
                  load,
                  body.call(),
                  plan.warmup(),
                  plan.measurement(),
                  scenario.batchSize(),
                  measuring.progress,
                  measuring);
      AllocationFigures alloc = measuring.jvm.figures(outcome.allocation());
      ProfileFigures profile = measuring.stopProfile();
      ResourceSampler.Figures resources =
          measuring.stopProbes(outcome.items(), opened == null ? null : opened.footprint());
      measured =
          MeasuredResults.of(scenario, planned, measuring.warmup(), outcome)
              .withResources(
                  resources.memory(),
                  resources.utilization(),
                  resources.energy(),
                  resources.probes())
              .withAlloc(alloc)
              .withProfile(profile);
      // On record before anything else is done with it: whatever follows, the measurement is kept.
      record.accept(measured);
    } catch (Throwable failure) {
      record.accept(measuring.asFarAsItRan(planned));
      throw failure;
    } finally {
      measuring.end();
      if (line != null) {
        line.stop();
      }
    }
    if (generator != null) {
      // Outside the measurement's try: the measured result is on record whatever happens here.
      measured = withGeneration(measured, outcome, measuring.workers);
      record.accept(measured);
    }
    return measured;
  }

  /**
   * {@code measured} with its requests' figures and, under Server with token bounds, its goodput.
   */
  private ScenarioResult withGeneration(
      ScenarioResult measured, MeasurementOutcome outcome, List<Worker> workers) {
    ScenarioResult generated =
        generation()
            .withGeneration(
                measured, generator, recorder, outcome.elapsedNs(), outcome.queueNs(), workers);
    return MeasuredResults.withGoodput(
        generated, measured, plan.load(), generator.newTokens(), outcome.elapsedNs());
  }

  /**
   * Offline, Server and Concurrency: workers call the benchmark at once, each through a call of its
   * own, with a Blackhole of its own and, for a generating benchmark, a generator of its own.
   */
  private MeasurementOutcome measurePooled(LoadPoint load, ScenarioBody body, Measuring measuring)
      throws Throwable {
    int count = LoadRun.workers(load, plan.load());
    TimedCall[] calls = new TimedCall[count];
    List<Worker> workers = measuring.workers;
    for (int w = 0; w < count; w++) {
      Generator own = null;
      if (generator != null) {
        Worker worker =
            w == 0 ? new Worker(generator, recorder, null) : generation().newWorker(opened, count);
        workers.add(worker);
        own = worker.generator();
      }
      calls[w] = w == 0 ? body.call() : body.callFor(own);
    }
    LoadRun.Outcome outcome =
        new LoadRun(load, plan.load(), scenario.batchSize(), calls)
            .run(plan.warmup(), plan.measurement(), measuring.progress, measuring);
    long[] samples = outcome.samplesNs();
    long[] queue =
        workers.isEmpty()
            ? null
            : GenerationWorkers.putInQueryOrder(
                workers, outcome.workerOf(), outcome.serverLatencyNs(), outcome.serviceNs());
    Phase phase = new Phase(samples.length, outcome.wallNs() / 1e6, null, null, false);
    return new MeasurementOutcome(
        samples,
        phase,
        outcome.wallNs(),
        (long) samples.length * scenario.batchSize(),
        outcome.throughput(),
        outcome.load(),
        queue,
        outcome.times(),
        outcome.allocation());
  }

  /**
   * The whole scenario after its set-up: measured here ({@code body}), in forks ({@code target}),
   * or here and then in forks, as its JVMs say, then judged. Every result goes to {@code record} as
   * it exists; fork output is relayed to {@code out} and {@code err}.
   *
   * @throws ForkAborted when a fork did not run the scenario (its device is missing there, say)
   */
  public ScenarioVerdict.Judged run(
      ScenarioBody body,
      ForkTarget target,
      Consumer<ScenarioResult> record,
      PrintStream out,
      PrintStream err)
      throws Throwable {
    ScenarioResult measured;
    if (forking()) {
      measured = measureInForks(target, null, record, out, err);
    } else {
      measured = measure(body, record);
      if (alsoForks()) {
        ProfileFigures here = measured.profile();
        try {
          measured = measureInForks(target, measured.latencyMs(), record, out, err);
        } finally {
          // The forks' result replaces this JVM's, whose profile no run folder takes then.
          ProfileStaging.done(here);
        }
      }
    }
    return judge(measured);
  }

  /**
   * Measures the scenario in its forks and returns their pooled result; with {@code here}, the
   * scenario's measurement in this JVM, kept beside the forks for a verdict alike to its
   * baseline's, measured in such a JVM too. The forks that finished are recorded also when one
   * failed, and the failure is thrown then.
   */
  private ScenarioResult measureInForks(
      ForkTarget target,
      LatencySummary here,
      Consumer<ScenarioResult> record,
      PrintStream out,
      PrintStream err) {
    ScenarioResult planned = planned();
    ScenarioForks.Outcome outcome =
        ScenarioForks.of(
                target.testClass(),
                target.method(),
                scenario.displayName(),
                index,
                jvms.forks(),
                jvms.until(),
                plan.forking().jvmArgs(),
                config,
                target.given(),
                target.launcher())
            .run(
                planned,
                scenario.batchSize() * scenario.load().map(LoadPoint::samplesPerQuery).orElse(1),
                scenario.hasSequenceLength() ? scenario.sequenceLength() : null,
                gate.forkAdviceTarget(),
                out,
                err);
    ScenarioResult result =
        here == null || outcome.result().forks() == null
            ? outcome.result()
            : outcome.result().withForks(outcome.result().forks().withHere(here));
    record.accept(result);
    if (outcome.failure() != null) {
      throw outcome.failure();
    }
    return result;
  }

  /** {@code measured} flagged for validity and judged by the gate. */
  public ScenarioVerdict.Judged judge(ScenarioResult measured) {
    return new ScenarioVerdict(subject, config, gate).judge(measured);
  }
}
