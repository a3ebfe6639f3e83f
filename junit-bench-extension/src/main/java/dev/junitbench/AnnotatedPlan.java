package dev.junitbench;

import dev.junitbench.backends.Backends;
import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.config.Defaults;
import dev.junitbench.config.Durations;
import dev.junitbench.config.ForkSettings;
import dev.junitbench.config.JvmArgs;
import dev.junitbench.config.StopRule;
import dev.junitbench.config.WarmupSettings;
import dev.junitbench.engine.BenchmarkPlan;
import dev.junitbench.engine.BenchmarkPlan.Forking;
import dev.junitbench.engine.Dimensions;
import dev.junitbench.gate.Gate;
import dev.junitbench.generation.GenerationPlan;
import dev.junitbench.infra.Generator;
import dev.junitbench.infra.LoadPoint;
import dev.junitbench.infra.LoadScenario;
import dev.junitbench.infra.Scenario;
import dev.junitbench.load.LoadPlan;
import dev.junitbench.load.LoadPlanning;
import dev.junitbench.load.LoadSpec;
import dev.junitbench.model.binding.ModelBinding;
import dev.junitbench.model.binding.ModelSpec;
import dev.junitbench.profile.ProfileKind;
import dev.junitbench.profile.ProfileSettings;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.stats.ByteSizes;
import dev.junitbench.stats.ForkStopRule;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Reads a {@link Benchmark} method's annotations (method first, then class), the defaults and the
 * run's configuration into the engine's plain {@link BenchmarkPlan}: its warm-up and measurement
 * rules, its dimensions and scenarios, its model, budget, forking, generation and load. Every bad
 * value is a {@link BenchmarkConfigurationException} naming the annotation, the value and the fix.
 */
final class AnnotatedPlan {

  /**
   * The plan of {@code method} in {@code testClass}.
   *
   * @throws BenchmarkConfigurationException naming the annotation or parameter, the value and the
   *     fix
   */
  static BenchmarkPlan of(
      Method method, Class<?> testClass, BenchConfig config, Backends backends) {
    String benchmark = ScenarioKey.benchmarkId(testClass.getName(), method.getName());
    config.validate();
    // Annotations are checked even when the run overrides them, so a quick run reports what a full
    // run would.
    Optional<Found<Warmup>> warmupFound = Found.on(method, testClass, Warmup.class);
    StopRule annotatedWarmup = warmupRule(warmupFound, benchmark);
    StopRule annotatedMeasurement =
        measurementRule(Found.on(method, testClass, Measurement.class), benchmark);
    Gate.BudgetLimits budget = budget(Found.on(method, testClass, Budget.class), benchmark);
    Forking forking = forking(Found.on(method, testClass, Fork.class), benchmark, config);
    StopRule warmup =
        steadiness(warmupFound, benchmark, config.warmupOverride().orElse(annotatedWarmup), config);
    StopRule measurement = config.measurementOverride().orElse(annotatedMeasurement);
    ModelBinding model = model(method, benchmark, backends).orElse(null);
    // Device.AUTO stands for the best device of the backend that opens the model, or of any
    // backend;
    // a dry run loads no runtime to find out, and leaves it unresolved.
    Dimensions.DeviceResolver resolver =
        config.dryRun()
            ? (device, provider) -> device
            : model == null ? (device, provider) -> backends.resolve(device) : model::resolve;
    List<Scenario> scenarios =
        new AnnotatedDimensions(method, testClass, benchmark)
            .dimensions()
            .scenarios(benchmark, config, resolver);
    if (model != null) {
      model.check(scenarios);
    }
    GenerationPlan generation =
        generation(Found.on(method, testClass, Generate.class), method, model, benchmark);
    Optional<Found<Load>> load = Found.on(method, testClass, Load.class);
    LoadPlan loadPlan = null;
    if (load.isPresent()) {
      String where = load.get().where() + " of " + benchmark;
      LoadSpec spec = spec(load.get().annotation());
      List<LoadPoint> points = LoadPlanning.points(spec, where);
      loadPlan = LoadPlanning.plan(spec, where);
      Optional<Found<Fork>> fork = Found.on(method, testClass, Fork.class);
      if (fork.isPresent()
          && !ForkSettings.of(config).set()
          && forking.count() > 0
          && points.stream().anyMatch(LoadPoint::pooled)) {
        // A run-wide or default fork count measures these scenarios here; only the benchmark's own
        // @Fork is wrong.
        throw invalid(
            "@Load "
                + where
                + " with @Fork("
                + (forking.until() == null ? forking.count() : "")
                + ")",
            "Offline, Server and Concurrency"
                + " scenarios are measured in the JUnit JVM; set @Fork(0) for this benchmark, or list only SINGLE_STREAM"
                + " and MULTI_STREAM");
      }
      if ((loadPlan.ttftBoundMs() != null || loadPlan.tpotBoundMs() != null)
          && (generation == null
              || points.stream().noneMatch(p -> p.scenario() == LoadScenario.SERVER))) {
        throw invalid(
            "@Load(ttftBound, tpotBound) " + where,
            "they bound the requests of a generating benchmark"
                + " under Server; add @Generate and LoadScenario.SERVER, or leave them out");
      }
      if (generation != null && points.stream().anyMatch(LoadPoint::peakSearch)) {
        throw invalid(
            "@Load(peakSearch = "
                + load.get().annotation().peakSearch()
                + ") "
                + where
                + " with @Generate",
            "a peak search of a generating benchmark is not supported; list the Server rates to try, e.g."
                + " targetQps = {1, 2, 4}");
      }
      List<Scenario> loaded = new ArrayList<>();
      for (Scenario scenario : scenarios) {
        for (LoadPoint point : points) {
          loaded.add(scenario.withLoad(point));
        }
      }
      scenarios = loaded;
    }
    return new BenchmarkPlan(
        benchmark,
        warmup,
        measurement,
        scenarios,
        model,
        budget,
        forking,
        generation,
        loadPlan,
        profile(Found.on(method, testClass, Profile.class), config));
  }

  /**
   * The kind {@code @Profile} asks for, or null; the run's profile settings are read here, so a bad
   * one fails before anything runs.
   */
  private static ProfileKind profile(Optional<Found<Profile>> found, BenchConfig config) {
    ProfileSettings.of(config);
    return found
        .map(annotated -> ProfileKind.valueOf(annotated.annotation().value().name()))
        .orElse(null);
  }

  /** {@code @Load} as written. */
  private static LoadSpec spec(Load load) {
    return new LoadSpec(
        load.value(),
        load.samplesPerQuery(),
        load.targetQps(),
        load.peakSearch(),
        load.latencyBound(),
        load.concurrency(),
        load.workers(),
        load.ttftBound(),
        load.tpotBound(),
        load.seed());
  }

  /**
   * The method's {@code @Model} parameter bound to its backend, if it has one.
   *
   * @throws BenchmarkConfigurationException when it has several, no backend opens its type, or the
   *     annotation names no model, both a file and a block, or a malformed option
   */
  static Optional<ModelBinding> model(Method method, String benchmark, Backends backends) {
    List<Parameter> annotated =
        Arrays.stream(method.getParameters())
            .filter(p -> p.isAnnotationPresent(Model.class))
            .toList();
    if (annotated.isEmpty()) {
      return Optional.empty();
    }
    if (annotated.size() > 1) {
      throw new BenchmarkConfigurationException(
          benchmark
              + " has "
              + annotated.size()
              + " @Model parameters; a benchmark measures one model: split it into one benchmark per model");
    }
    Parameter parameter = annotated.get(0);
    Model model = parameter.getAnnotation(Model.class);
    Class<?> factory = model.inputs() == InputFactory.class ? null : model.inputs();
    ModelSpec.InputMaker inputs =
        factory == null
            ? null
            : (handle, scenario) -> {
              // Made when the scenario's inputs are built, as often as they are.
              @SuppressWarnings("unchecked")
              InputFactory<Object> made =
                  (InputFactory<Object>)
                      ModelBinding.newInstance(
                          factory,
                          "@Model(inputs = " + factory.getSimpleName() + ".class) of " + benchmark);
              return made.create(handle, scenario);
            };
    return Optional.of(
        ModelBinding.bind(
            benchmark,
            new ModelSpec(
                model.value(),
                model.block(),
                model.tokenizer(),
                model.id(),
                model.engine(),
                List.of(model.options()),
                parameter.getType(),
                inputs,
                factory == null ? null : factory.getName()),
            backends));
  }

  private static GenerationPlan generation(
      Optional<Found<Generate>> found, Method method, ModelBinding model, String benchmark) {
    boolean takesGenerator =
        Arrays.stream(method.getParameterTypes()).anyMatch(t -> t == Generator.class);
    if (found.isEmpty()) {
      if (takesGenerator) {
        throw invalid(
            "The Generator parameter of " + benchmark,
            "it needs @Generate on the method or its class,"
                + " e.g. @Generate(tokens = 32, promptTokens = 128)");
      }
      return null;
    }
    Generate generate = found.get().annotation();
    String where = found.get().where() + " of " + benchmark;
    if (generate.tokens() < 1) {
      throw invalid(
          "@Generate(tokens = " + generate.tokens() + ") " + where,
          "a request generates at least 1 new token, e.g. @Generate(tokens = 32)");
    }
    if (generate.promptTokens() < 1) {
      throw invalid(
          "@Generate(promptTokens = " + generate.promptTokens() + ") " + where,
          "a prompt has at least 1 token, e.g. @Generate(tokens = 32, promptTokens = 128)");
    }
    if (!takesGenerator || model == null) {
      throw invalid(
          "@Generate " + where,
          "the method needs a @Model parameter of a decoder and a Generator"
              + " parameter to call, e.g. void generate(@Model(block = Decoders.DistilGpt2.class) OnnxModel model,"
              + " Generator generator) { generator.generate(); }");
    }
    return new GenerationPlan(generate.tokens(), generate.promptTokens(), generate.seed());
  }

  private static Forking forking(
      Optional<Found<Fork>> found, String benchmark, BenchConfig config) {
    ForkSettings settings = ForkSettings.of(config);
    int count = Defaults.FORKS;
    ForkStopRule until = null;
    List<String> jvmArgs = new ArrayList<>();
    if (found.isPresent()) {
      Fork fork = found.get().annotation();
      String where = found.get().where() + " of " + benchmark;
      boolean counted = fork.value() != Defaults.FORKS_NOT_SET;
      if (counted && fork.value() < 0) {
        throw invalid(
            "@Fork(" + fork.value() + ") " + where,
            "use 0 (measure in the JUnit JVM) or a number of child JVMs such as @Fork(5)");
      }
      boolean adaptive =
          fork.min() != Defaults.FORKS_NOT_SET
              || fork.max() != Defaults.FORKS_NOT_SET
              || !Double.isNaN(fork.precision());
      if (counted && adaptive) {
        throw invalid(
            "@Fork(value = " + fork.value() + ", min/max/precision) " + where,
            "give either a count (@Fork(5): exactly 5 forks) or min, max and precision"
                + " (@Fork(min = 3, max = 10, precision = 0.02): forks until the interval across"
                + " forks is narrow enough), not both");
      }
      for (String option : fork.jvmArgs()) {
        if (option.isBlank()) {
          throw invalid(
              "@Fork(jvmArgs) " + where + " holds an empty option",
              "give one JVM option per element, such as jvmArgs = {\"-Xmx2g\", \"-XX:+UseParallelGC\"}");
        }
        jvmArgs.add(option);
      }
      JvmArgs.checked(jvmArgs, "@Fork(jvmArgs) " + where);
      if (counted) {
        count = fork.value();
      } else {
        until = settings.rule(fork.min(), fork.max(), fork.precision(), where);
      }
    }
    if (settings.auto() && until == null) {
      // A benchmark's own min, max and precision stay; a count gives way to the run's auto.
      until =
          settings.rule(
              Defaults.FORKS_NOT_SET,
              Defaults.FORKS_NOT_SET,
              Double.NaN,
              "(-D" + BenchConfig.FORKS + "=" + ForkSettings.AUTO + ")");
    } else if (settings.count().isPresent()) {
      until = null;
      count = settings.count().get();
    }
    jvmArgs.addAll(JvmArgs.checked(config.forksJvmArgs(), "-D" + BenchConfig.FORKS_JVM_ARGS));
    return new Forking(
        until == null ? count : until.max(),
        List.copyOf(jvmArgs),
        found.isPresent() || settings.set(),
        until);
  }

  private static Gate.BudgetLimits budget(Optional<Found<Budget>> found, String benchmark) {
    if (found.isEmpty()) {
      return null;
    }
    Budget budget = found.get().annotation();
    String where = found.get().where() + " of " + benchmark;
    Double median =
        budget.median().isBlank()
            ? null
            : Durations.parse(budget.median(), "@Budget(median) " + where).toNanos() / 1e6;
    Double p99 =
        budget.p99().isBlank()
            ? null
            : Durations.parse(budget.p99(), "@Budget(p99) " + where).toNanos() / 1e6;
    double throughput = budget.minThroughput();
    boolean blankThroughput = Double.isNaN(throughput);
    if (!blankThroughput && !(throughput > 0 && Double.isFinite(throughput))) {
      throw invalid(
          "@Budget(minThroughput = " + throughput + ") " + where,
          "the throughput limit must be a positive number of samples per second, e.g. minThroughput = 100");
    }
    Double maxAlloc = null;
    if (!budget.maxAllocPerOp().isBlank()) {
      try {
        maxAlloc = ByteSizes.parse(budget.maxAllocPerOp());
      } catch (IllegalArgumentException e) {
        throw invalid(
            "@Budget(maxAllocPerOp = \"" + budget.maxAllocPerOp() + "\") " + where,
            "it is not a size; use " + ByteSizes.ACCEPTED);
      }
    }
    if (median == null && p99 == null && blankThroughput && maxAlloc == null) {
      throw invalid(
          "@Budget " + where,
          "it sets no limit; set median, p99, minThroughput or maxAllocPerOp,"
              + " e.g. @Budget(median = \"10ms\")");
    }
    return new Gate.BudgetLimits(median, p99, blankThroughput ? null : throughput, maxAlloc);
  }

  private AnnotatedPlan() {}

  private static StopRule warmupRule(Optional<Found<Warmup>> found, String benchmark) {
    if (found.isEmpty()) {
      return new StopRule(Defaults.WARMUP_ITERATIONS, Defaults.WARMUP_TIME, 0);
    }
    Warmup warmup = found.get().annotation();
    String where = found.get().where() + " of " + benchmark;
    boolean blankIterations = warmup.iterations() == Warmup.BLANK_ITERATIONS;
    if (!blankIterations && warmup.iterations() < 0) {
      throw invalid(
          "@Warmup(iterations = " + warmup.iterations() + ") " + where,
          "iterations must be 0 (no warm-up) or more");
    }
    Duration time =
        warmup.time().isBlank() ? null : Durations.parse(warmup.time(), "@Warmup(time) " + where);
    if (blankIterations && time == null) {
      return new StopRule(Defaults.WARMUP_ITERATIONS, Defaults.WARMUP_TIME, 0);
    }
    return new StopRule(blankIterations ? 0 : warmup.iterations(), time, 0);
  }

  /** The warm-up rule {@code fixed}, until steady where the run or {@code @Warmup(until)} asks. */
  private static StopRule steadiness(
      Optional<Found<Warmup>> found, String benchmark, StopRule fixed, BenchConfig config) {
    Boolean steady = null;
    Duration maxTime = null;
    String maxTimeWhere = null;
    if (found.isPresent()) {
      Warmup warmup = found.get().annotation();
      String where = found.get().where() + " of " + benchmark;
      steady =
          switch (warmup.until()) {
            case DEFAULT -> null;
            case FIXED -> false;
            case STEADY -> true;
          };
      if (!warmup.maxTime().isBlank()) {
        if (warmup.until() == Warmup.Until.FIXED) {
          throw invalid(
              "@Warmup(maxTime = \"" + warmup.maxTime() + "\") " + where,
              "maxTime bounds a steady warm-up and until = Until.FIXED asks for none; leave maxTime"
                  + " out, or set until = Until.STEADY");
        }
        maxTime = Durations.parse(warmup.maxTime(), "@Warmup(maxTime) " + where);
        maxTimeWhere = "@Warmup(maxTime = \"" + warmup.maxTime() + "\") " + where;
      }
    }
    return WarmupSettings.of(config).rule(fixed, steady, maxTime, maxTimeWhere, benchmark);
  }

  private static StopRule measurementRule(Optional<Found<Measurement>> found, String benchmark) {
    if (found.isEmpty()) {
      return new StopRule(Defaults.MEASUREMENT_ITERATIONS, Defaults.MEASUREMENT_TIME, 0);
    }
    Measurement measurement = found.get().annotation();
    String where = found.get().where() + " of " + benchmark;
    boolean blankIterations = measurement.iterations() == Measurement.BLANK_ITERATIONS;
    if (!blankIterations && measurement.iterations() < 1) {
      throw invalid(
          "@Measurement(iterations = " + measurement.iterations() + ") " + where,
          "iterations must be at least 1 (or left out)");
    }
    Duration time =
        measurement.time().isBlank()
            ? null
            : Durations.parse(measurement.time(), "@Measurement(time) " + where);
    double precision = measurement.precision();
    boolean blankPrecision = precision == Measurement.BLANK_PRECISION;
    if (!blankPrecision && !(precision > 0 && precision < 1)) {
      throw invalid(
          "@Measurement(precision = " + precision + ") " + where,
          "precision must be in (0, 1), e.g. 0.01 for a 95% confidence interval within ±1% of the median");
    }
    int iterations = blankIterations ? 0 : measurement.iterations();
    if (!blankPrecision) {
      return new StopRule(
          iterations, time == null ? Defaults.PRECISION_TIME_LIMIT : time, precision);
    }
    if (blankIterations && time == null) {
      return new StopRule(Defaults.MEASUREMENT_ITERATIONS, Defaults.MEASUREMENT_TIME, 0);
    }
    return new StopRule(iterations, time, 0);
  }

  private static BenchmarkConfigurationException invalid(String what, String accepted) {
    return BenchmarkConfigurationException.notValid(what, accepted);
  }
}
