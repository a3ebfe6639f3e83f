package dev.junitbench.output;

import dev.junitbench.Benchmark;
import dev.junitbench.backends.Backends;
import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.config.Defaults;
import dev.junitbench.environment.HostInfo;
import dev.junitbench.exchange.ConfigurationErrors;
import dev.junitbench.exchange.PlanParameters;
import dev.junitbench.exchange.PlannedBenchmarks;
import dev.junitbench.exchange.PlannedRunFolder;
import dev.junitbench.exchange.ResultExchange;
import dev.junitbench.gate.GateSummary;
import dev.junitbench.keys.KeyCheck;
import dev.junitbench.keys.KeySources;
import dev.junitbench.keys.KnownKeys;
import dev.junitbench.machine.GitReader;
import dev.junitbench.machine.HostReader;
import dev.junitbench.machine.OshiFacts;
import dev.junitbench.machine.SoftwareReader;
import dev.junitbench.model.ClassPathModels;
import dev.junitbench.profile.ProfileStaging;
import dev.junitbench.results.JmhResultFile;
import dev.junitbench.results.ResultFileException;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.RunInfo;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.spi.ResultFormat;
import dev.junitbench.warnings.Causes;
import dev.junitbench.warnings.RunWarnings;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Checks a run's {@code junit.bench.*} keys before anything runs, then writes its result files and
 * prints its summary table. Registered through {@link java.util.ServiceLoader}, it switches itself
 * on only for a test plan that holds {@link Benchmark} methods; then each scenario's result is
 * written as soon as JUnit reports it finished, with the status JUnit gave it.
 */
public final class ResultsListener implements TestExecutionListener {

  private static final DateTimeFormatter FOLDER_TIME =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

  private final PrintStream out;
  private final PrintStream err;
  private TestPlan plan;
  private BenchConfig config;
  private ResultExchange.Subscription subscription;

  /** Benchmark templates of the plan, by unique id, with their {@code fqcn#method}. */
  private final Map<String, String> benchmarks = new LinkedHashMap<>();

  private final Set<String> reported = new HashSet<>();
  private final List<ScenarioResult> results = new ArrayList<>();
  private RunInfo run;
  private Backends backends;
  private RunWriter writer;
  private boolean writeFailed;
  private ResultFormats formats;

  /** The listener ServiceLoader creates: prints on {@code System.out} and {@code System.err}. */
  public ResultsListener() {
    this(System.out, System.err);
  }

  /** A listener that prints the table on {@code out} and errors on {@code err}. */
  public ResultsListener(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  @Override
  public void testPlanExecutionStarted(TestPlan testPlan) {
    plan = testPlan;
    ConfigurationErrors.withdraw(benchmarks.keySet());
    PlanParameters.withdraw(benchmarks.keySet());
    PlannedRunFolder.withdraw(benchmarks.keySet());
    benchmarks.clear();
    reported.clear();
    results.clear();
    writer = null;
    writeFailed = false;
    for (TestIdentifier root : testPlan.getRoots()) {
      for (TestIdentifier node : testPlan.getDescendants(root)) {
        benchmarkOf(node).ifPresent(name -> benchmarks.put(node.getUniqueId(), name));
      }
    }
    if (benchmarks.isEmpty()) {
      return;
    }
    config = BenchConfig.of(testPlan.getConfigurationParameters()::get);
    if (orDefault(() -> config.forkChild().isPresent(), false)) {
      // A fork hands its result to the JUnit JVM that started it, which writes the run folder.
      return;
    }
    subscription = ResultExchange.subscribe();
    PlannedBenchmarks.set(plannedBenchmarks());
    Instant now = Instant.now();
    String id =
        FOLDER_TIME.format(now)
            + "-"
            + String.format("%06x", ThreadLocalRandom.current().nextInt(1 << 24));
    // Runtimes load when a benchmark first needs them; their versions are added as they appear.
    backends = Backends.load(Thread.currentThread().getContextClassLoader());
    RunWarnings.reset();
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    formats = ResultFormats.load(loader, config);
    KeyCheck keys = checkKeys(testPlan, loader);
    PlanParameters.publish(benchmarks.keySet(), benchParameters(testPlan));
    PlannedRunFolder.publish(benchmarks.keySet(), runDir(id));
    Map<String, String> settings = new LinkedHashMap<>(config.effective());
    settings.putAll(formats.settings());
    if (keys != null) {
      keys.values().forEach(settings::putIfAbsent);
    }
    HostInfo host;
    try {
      host =
          HostReader.collect(
              orDefault(config::hostIncludeName, Defaults.HOST_INCLUDE_NAME),
              config.cgroupRoot(),
              config.nvidiaSmi(),
              OshiFacts::read);
    } catch (RuntimeException | LinkageError e) {
      // Describing the machine must never cost the run its result files.
      host = HostReader.unknown("the host could not be described (" + Causes.describe(e) + ")");
    }
    run =
        new RunInfo(
            id,
            iso(now),
            null,
            GitReader.read(Path.of("").toAbsolutePath()),
            host,
            SoftwareReader.current().withRuntimes(backends.runtimeVersions()),
            settings,
            keys == null ? null : keys.sources(),
            RunWarnings.messages());
  }

  /**
   * Checks every junit.bench.* key of the plan before anything runs. An error is printed once and
   * handed to the extension, which fails each benchmark with it (the Launcher swallows what a
   * listener throws); with {@code junit.bench.unknown-keys=warn} each unknown key is a warning.
   */
  private KeyCheck checkKeys(TestPlan testPlan, ClassLoader loader) {
    KeyCheck keys;
    try {
      KnownKeys known = KnownKeys.builtIn();
      for (Map.Entry<String, ResultFormat> format : formats.found().entrySet()) {
        known.format(format.getKey(), format.getValue());
      }
      known.probes(loader);
      ConfigurationParameters parameters = testPlan.getConfigurationParameters();
      keys = KeyCheck.of(parameters.keySet(), parameters::get, known, new KeySources(loader));
    } catch (RuntimeException | LinkageError e) {
      RunWarnings.warnOnce(
          "key check",
          "the junit.bench.* configuration keys could not be checked ("
              + Causes.describe(e)
              + "); a misspelled key goes unnoticed in this run",
          err);
      return null;
    }
    boolean warn = orDefault(config::warnOnUnknownKeys, false);
    if (warn) {
      keys.warnings()
          .forEach(warning -> RunWarnings.warnOnce(warning.cause(), warning.message(), err));
    }
    keys.error(warn)
        .ifPresent(
            error -> {
              err.println("junit-bench: " + error);
              err.flush();
              ConfigurationErrors.publish(benchmarks.keySet(), error);
            });
    return keys;
  }

  /**
   * Every junit.bench.* parameter of the plan as given, for forks: the extension can list only the
   * keys it knows.
   */
  private static Map<String, String> benchParameters(TestPlan testPlan) {
    Map<String, String> given = new LinkedHashMap<>();
    var parameters = testPlan.getConfigurationParameters();
    for (String key : parameters.keySet()) {
      if (key.startsWith(BenchConfig.PREFIX)) {
        parameters.get(key).ifPresent(value -> given.put(key, value));
      }
    }
    return given;
  }

  /**
   * The plan's benchmark methods with their test classes, for the extension's decisions about the
   * whole run.
   */
  private List<PlannedBenchmarks.Planned> plannedBenchmarks() {
    List<PlannedBenchmarks.Planned> planned = new ArrayList<>();
    for (String id : benchmarks.keySet()) {
      plan.getTestIdentifier(UniqueId.parse(id))
          .getSource()
          .ifPresent(
              source -> {
                if (source instanceof MethodSource method) {
                  try {
                    planned.add(
                        new PlannedBenchmarks.Planned(
                            method.getJavaClass(), method.getJavaMethod()));
                  } catch (RuntimeException | LinkageError e) {
                    // The extension reports a class it cannot load when it runs it.
                  }
                }
              });
    }
    return planned;
  }

  private static Optional<String> benchmarkOf(TestIdentifier node) {
    if (!node.isContainer() || !(node.getSource().orElse(null) instanceof MethodSource source)) {
      return Optional.empty();
    }
    try {
      Method method = source.getJavaMethod();
      return AnnotationSupport.isAnnotated(method, Benchmark.class)
          ? Optional.of(ScenarioKey.benchmarkId(source.getClassName(), source.getMethodName()))
          : Optional.empty();
    } catch (RuntimeException | LinkageError e) {
      return Optional.empty();
    }
  }

  @Override
  public void executionSkipped(TestIdentifier identifier, String reason) {
    if (run == null) {
      return;
    }
    Optional<TestIdentifier> parent = plan.getParent(identifier);
    if (parent.isPresent() && benchmarks.containsKey(parent.get().getUniqueId())) {
      // One scenario disabled by an execution condition; its siblings run.
      ScenarioResult scenario = ResultExchange.take(identifier.getUniqueId());
      record(
          (scenario != null
                  ? scenario
                  : ScenarioResult.planned(
                      benchmarks.get(parent.get().getUniqueId()),
                      identifier.getDisplayName(),
                      Map.of()))
              .ended(Status.SKIPPED, reason));
      reported.add(parent.get().getUniqueId());
      return;
    }
    for (String template : templatesAtOrBelow(identifier)) {
      if (reported.add(template)) {
        TestIdentifier node = plan.getTestIdentifier(UniqueId.parse(template));
        record(
            ScenarioResult.planned(benchmarks.get(template), node.getDisplayName(), Map.of())
                .ended(Status.SKIPPED, reason));
      }
    }
  }

  @Override
  public void executionFinished(TestIdentifier identifier, TestExecutionResult result) {
    if (run == null) {
      return;
    }
    Optional<TestIdentifier> parent = plan.getParent(identifier);
    if (identifier.isTest()
        && parent.isPresent()
        && benchmarks.containsKey(parent.get().getUniqueId())) {
      String template = parent.get().getUniqueId();
      reported.add(template);
      ScenarioResult scenario = ResultExchange.take(identifier.getUniqueId());
      if (scenario == null) {
        // JUnit failed the invocation before the extension saw it (the constructor threw, say).
        scenario =
            ScenarioResult.planned(benchmarks.get(template), identifier.getDisplayName(), Map.of());
      }
      record(ended(scenario, result));
    } else if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
      // A container failed before its benchmarks ran (a @BeforeAll threw, say): nothing is lost
      // silently.
      for (String template : templatesAtOrBelow(identifier)) {
        if (reported.add(template)) {
          TestIdentifier node = plan.getTestIdentifier(UniqueId.parse(template));
          record(
              ended(
                  ScenarioResult.planned(benchmarks.get(template), node.getDisplayName(), Map.of()),
                  result));
        }
      }
    }
  }

  private List<String> templatesAtOrBelow(TestIdentifier identifier) {
    List<String> templates = new ArrayList<>();
    if (benchmarks.containsKey(identifier.getUniqueId())) {
      templates.add(identifier.getUniqueId());
    }
    for (TestIdentifier node : plan.getDescendants(identifier)) {
      if (benchmarks.containsKey(node.getUniqueId())) {
        templates.add(node.getUniqueId());
      }
    }
    return templates;
  }

  private static ScenarioResult ended(ScenarioResult scenario, TestExecutionResult result) {
    return switch (result.getStatus()) {
      case SUCCESSFUL ->
          scenario.latencyMs() != null
              ? scenario.ended(Status.PASSED, null)
              : scenario.ended(
                  Status.FAILED,
                  "the benchmark was not measured: another extension intercepted its invocation");
      case ABORTED ->
          scenario.ended(
              Status.ABORTED, result.getThrowable().map(Throwable::getMessage).orElse(null));
      case FAILED ->
          scenario.ended(
              Status.FAILED, result.getThrowable().map(Throwable::toString).orElse(null));
    };
  }

  /** The folder the run {@code id} writes to. */
  private Path runDir(String id) {
    return config.outputDir().resolve("run-" + id);
  }

  private void record(ScenarioResult result) {
    ScenarioResult written = result.withId(results.size() + 1);
    run = run.updated(backends.runtimeVersions(), RunWarnings.messages());
    try {
      if (!writeFailed) {
        if (writer == null) {
          writer = new RunWriter(runDir(run.id()), run);
        }
        writer.update(run);
        written = writer.add(ProfileFiles.place(result, writer.runDir(), results.size() + 1, out));
        formats.scenarioWritten(writer.folder());
      }
    } catch (IOException | RuntimeException | LinkageError e) {
      // A missing class (an old commons-io beside commons-csv, say) must not cost the table its
      // rows.
      writeFailed = true;
      err.println(WriteFailure.message(e, writer, config.outputDir().toAbsolutePath(), result));
    } finally {
      // Moved into the run folder, or kept where a warning names it; the rest is not wanted.
      ProfileStaging.done(result.profile());
      results.add(written.withoutSamples());
    }
  }

  @Override
  public void testPlanExecutionFinished(TestPlan testPlan) {
    if (run == null) {
      return;
    }
    try {
      List<ResultFormats.Written> written = List.of();
      if (writer != null && !writeFailed) {
        String end = iso(Instant.now());
        try {
          writer.update(run.updated(backends.runtimeVersions(), RunWarnings.messages()));
          writer.finish(end);
          written = formats.runFinished(writer.folder());
          // A format that failed left a warning, which results.json must carry too.
          writer.update(run.updated(backends.runtimeVersions(), RunWarnings.messages()));
          writer.finish(end);
        } catch (IOException e) {
          err.println("junit-bench: cannot finish " + writer.runDir() + " (" + e + ")");
        }
      }
      if (!results.isEmpty()) {
        out.println();
        out.println(
            "junit-bench results"
                + (writer != null && !writeFailed ? " (" + writer.runDir() + ")" : "")
                + ":");
        out.print(ConsoleTable.render(results));
        gateSummary().ifPresent(out::println);
        if (orDefault(config::dryRun, false)) {
          printModelFiles();
        }
        // Last, so the report to open is the last thing the run prints.
        written.forEach(format -> format.lines().forEach(out::println));
        out.flush();
      }
    } finally {
      ConfigurationErrors.withdraw(benchmarks.keySet());
      PlanParameters.withdraw(benchmarks.keySet());
      PlannedRunFolder.withdraw(benchmarks.keySet());
      subscription.close();
      PlannedBenchmarks.clear();
      run = null;
    }
  }

  /**
   * The names a benchmark may write in {@code @Model}, so nobody needs {@code unzip -l} to find
   * them. Only ever a help: a class path it cannot read costs one line on stderr, never the lines
   * after it that name the report files.
   */
  private void printModelFiles() {
    List<String> listing;
    try {
      listing = ClassPathModels.scan(Thread.currentThread().getContextClassLoader()).listing();
    } catch (RuntimeException | LinkageError e) {
      err.println(
          "junit-bench: warning: cannot list the model files of the test classpath ("
              + e
              + "); the run's results are complete");
      return;
    }
    out.println();
    listing.forEach(out::println);
  }

  /**
   * The gate's line about the whole run against its baseline, when the run has one that can be
   * read.
   */
  private Optional<String> gateSummary() {
    Optional<Path> baseline = orDefault(config::baseline, Optional.empty());
    if (baseline.isEmpty()) {
      return Optional.empty();
    }
    try {
      RunFolder folder = RunFolder.read(baseline.get());
      // A JMH baseline's scenarios are matched as junit-bench's: without their mode, with a device.
      List<ScenarioKey> keys =
          folder.results().stream()
              .map(ScenarioResult::key)
              .map(key -> folder.jmhVersion() == null ? key : JmhResultFile.junitBenchKey(key))
              .distinct()
              .toList();
      return Optional.of(GateSummary.line(results, keys, folder.resultsFile().toString()));
    } catch (ResultFileException | RuntimeException e) {
      // Every benchmark already failed, naming the baseline's problem.
      return Optional.empty();
    }
  }

  /**
   * A setting, or its default when its value is bad: the benchmarks report the bad value, the run
   * is still written.
   */
  private static <T> T orDefault(Supplier<T> setting, T fallback) {
    try {
      return setting.get();
    } catch (BenchmarkConfigurationException e) {
      return fallback;
    }
  }

  private static String iso(Instant instant) {
    return instant.truncatedTo(ChronoUnit.MILLIS).toString();
  }
}
