package dev.junitbench.sampling;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.machine.Machine;
import dev.junitbench.results.Aggregation;
import dev.junitbench.results.EnergyFigures;
import dev.junitbench.results.MemoryFigures;
import dev.junitbench.results.ProbeGroups;
import dev.junitbench.results.ResultsJson;
import dev.junitbench.results.UtilizationFigures;
import dev.junitbench.spi.Probe;
import dev.junitbench.spi.ProbeEnd;
import dev.junitbench.spi.ProbeFigures;
import dev.junitbench.spi.ProbeScenario;
import dev.junitbench.warnings.Causes;
import dev.junitbench.warnings.RunWarnings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Measures what a scenario costs besides time, through its probes ({@link Probe}): the built-in
 * GPU, utilization, memory and energy probes, then those {@link ServiceLoader} finds, each created
 * afresh for the scenario. The built-in ones share one sampler thread. The measurement loop never
 * waits for a probe. A probe that fails leaves its figures null, with the reason in the result and
 * once per run on stderr; the scenario still runs.
 */
public final class ResourceSampler {

  private static final double MIB = 1024.0 * 1024.0;
  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]*");

  /** The groups the built-in probes fill, each a typed part of a result. */
  private static final Set<String> BUILT_IN_GROUPS = Set.of("memory", "utilization", "energy");

  private static final Set<String> BUILT_IN_NAMES =
      Set.of("memory", "utilization", "energy", "gpu");
  private static final String REASON = "unavailable_reason";
  private static final ObjectMapper JSON = ResultsJson.mapper();

  /**
   * How to sample.
   *
   * @param enabled false: no sampling, every figure null with that reason
   * @param interval between two readings of the resident set and heap
   * @param nvidiaSmi the nvidia-smi command
   * @param powercapRoot where the energy counters are
   * @param parameters the run's configuration parameters, for the keys probes declare
   */
  public record Settings(
      boolean enabled,
      Duration interval,
      String nvidiaSmi,
      Path powercapRoot,
      Function<String, Optional<String>> parameters) {

    /** Settings of a run that sets none of the probes' keys. */
    public Settings(boolean enabled, Duration interval, String nvidiaSmi, Path powercapRoot) {
      this(enabled, interval, nvidiaSmi, powercapRoot, key -> Optional.empty());
    }
  }

  /**
   * The figures of a measurement.
   *
   * @param memory the built-in memory group
   * @param utilization the built-in utilization group
   * @param energy the built-in energy group
   * @param probes the groups of the probes {@link ServiceLoader} found, by name, and how each
   *     number of every group joins across forks
   */
  public record Figures(
      MemoryFigures memory,
      UtilizationFigures utilization,
      EnergyFigures energy,
      ProbeGroups probes) {}

  /** A figure, or why there is none. */
  public record Reading(Double value, String problem) {}

  private final Settings settings;
  private final Machine machine;
  private final ClassLoader loader;

  /**
   * A sampler of this process and machine, with the probes of the running thread's class loader
   * (the test's, as JUnit sets it).
   */
  public ResourceSampler(Settings settings) {
    this(settings, Machine.real());
  }

  /** A sampler reading {@code machine}: tests give fakes. */
  public ResourceSampler(Settings settings, Machine machine) {
    this(
        settings,
        machine,
        Thread.currentThread().getContextClassLoader() != null
            ? Thread.currentThread().getContextClassLoader()
            : ResourceSampler.class.getClassLoader());
  }

  /** A sampler reading {@code machine}, with the probes {@code loader} finds. */
  public ResourceSampler(Settings settings, Machine machine, ClassLoader loader) {
    this.settings = settings;
    this.machine = machine;
    this.loader = loader;
  }

  /** Hands freed memory back to the system, so a footprint measured next is not hidden by reuse. */
  public void releaseFreedMemory() {
    machine.releaseFreedMemory();
  }

  /** The resident set size now, in MiB, or why it cannot be read: for the model's footprint. */
  public Reading rssMb() {
    try {
      return new Reading(machine.rssBytes() / MIB, null);
    } catch (Exception | LinkageError e) {
      return new Reading(null, "the resident set size cannot be read (" + Causes.describe(e) + ")");
    }
  }

  /**
   * Prepares a scenario: creates its probes and tells them it is about to run, so what is slow to
   * start (nvidia-smi) starts in the warm-up. Call {@link Session#measurementStarts()} when the
   * measurement starts.
   *
   * @throws BenchmarkConfigurationException when a probe found cannot be created or is misnamed
   */
  public Session prepare(ProbeScenario scenario) {
    return new Session(scenario);
  }

  /** A probe and the name it gave once. */
  private record Named(Probe probe, String name) {}

  /** The probes of the class path (or module path), each created now, in the order found. */
  private List<Named> found() {
    List<Named> probes = new ArrayList<>();
    Set<String> names = new HashSet<>(BUILT_IN_NAMES);
    try {
      for (ServiceLoader.Provider<Probe> provider :
          ServiceLoader.load(Probe.class, loader).stream().toList()) {
        Probe probe = provider.get();
        String name;
        try {
          name = probe.name();
        } catch (RuntimeException e) {
          throw new BenchmarkConfigurationException(
              "the probe "
                  + provider.type().getName()
                  + " cannot say its name ("
                  + Causes.describe(e)
                  + "): return a constant lower_snake_case name from name()");
        }
        if (name == null || !NAME.matcher(name).matches()) {
          throw new BenchmarkConfigurationException(
              "the probe "
                  + provider.type().getName()
                  + " is named \""
                  + name
                  + "\": return a lower_snake_case name from name() (a letter, then letters, digits, _)");
        }
        for (Named other : probes) {
          if (name.startsWith(other.name() + "_") || other.name().startsWith(name + "_")) {
            throw new BenchmarkConfigurationException(
                "the probes "
                    + other.probe().getClass().getName()
                    + " (\""
                    + other.name()
                    + "\") and "
                    + provider.type().getName()
                    + " (\""
                    + name
                    + "\") could give the same"
                    + " results.csv column (probes_<name>_<figure>): name one so it does not start with the other's name"
                    + " and _");
          }
        }
        if (!names.add(name)) {
          throw new BenchmarkConfigurationException(
              "the probe "
                  + provider.type().getName()
                  + " is named \""
                  + name
                  + "\", "
                  + (BUILT_IN_NAMES.contains(name)
                      ? "the name of a built-in probe"
                      : "as another probe found is")
                  + ": give it a name of its own");
        }
        probes.add(new Named(probe, name));
      }
    } catch (ServiceConfigurationError e) {
      throw new BenchmarkConfigurationException(
          "a probe listed in META-INF/services/"
              + Probe.class.getName()
              + " cannot be created ("
              + Causes.describe(e)
              + "): fix the line or the class (public, with a public"
              + " no-argument constructor)");
    }
    return probes;
  }

  /** One scenario's probes. */
  public final class Session {
    private final List<Named> probes = new ArrayList<>();
    private final Map<Probe, String> failures = new LinkedHashMap<>();
    private final List<Named> users;
    private final SamplerThread thread;
    private long startNs;

    private Session(ProbeScenario scenario) {
      users = found();
      thread = new SamplerThread(machine, settings.interval());
      if (!settings.enabled()) {
        return;
      }
      for (Probe builtIn :
          List.of(
              new GpuProbe(settings.nvidiaSmi(), settings.interval()),
              new UtilizationProbe(machine, thread),
              new MemoryProbe(thread),
              new EnergyProbe(settings.powercapRoot(), thread))) {
        probes.add(new Named(builtIn, builtIn.name()));
      }
      probes.addAll(users);
      for (Named named : probes) {
        call(
            named.probe(),
            () ->
                named
                    .probe()
                    .scenarioStarts(
                        users.contains(named)
                            ? scenario.withConfiguration(configuration(named.probe()))
                            : scenario),
            false);
      }
    }

    /** The values the run sets for the keys {@code probe} declares. */
    private Map<String, String> configuration(Probe probe) {
      Map<String, String> values = new LinkedHashMap<>();
      for (String key : probe.configurationKeys()) {
        // A key outside the prefix was refused when the run started; it is never looked up.
        if (key != null && key.startsWith(BenchConfig.PREFIX)) {
          settings.parameters().apply(key).ifPresent(value -> values.put(key, value));
        }
      }
      return values;
    }

    /** The measurement starts now: each probe reads its start, then the sampler thread starts. */
    public void measurementStarts() {
      if (!settings.enabled()) {
        return;
      }
      for (Named named : probes) {
        call(named.probe(), named.probe()::measurementStarts, false);
      }
      startNs = System.nanoTime();
      thread.start();
    }

    /**
     * Stops every probe right after the measurement and gathers their figures; call once, also when
     * the measurement failed (the figures are then not wanted, but what the probes started must
     * stop).
     *
     * @param items the measured calls times the batch size, for the energy of one inference
     * @param footprint the model's footprint, or null for a plain benchmark
     */
    public Figures stop(long items, Reading footprint) {
      long wallNs = System.nanoTime() - startNs;
      Map<String, Map<String, Object>> groups = new LinkedHashMap<>();
      Map<String, List<String>> problems = new LinkedHashMap<>();
      Map<String, Map<String, Aggregation>> aggregations = new LinkedHashMap<>();
      if (!settings.enabled()) {
        String off = "sampling is off (junit.bench.sampling.enabled=false)";
        BUILT_IN_GROUPS.forEach(group -> problems.put(group, new ArrayList<>(List.of(off))));
        users.forEach(named -> problems.put(named.name(), new ArrayList<>(List.of(off))));
      } else {
        // Every counter's end first, at the measurement's end; then what takes time to stop.
        for (Named named : probes) {
          if (named.probe() instanceof CountersFirst counters) {
            call(named.probe(), counters::readCountersEnd, false);
          }
        }
        thread.stop();
        for (Named named : probes) {
          ProbeEnd end = new ProbeEnd(items, wallNs, snapshot(groups));
          // A probe that failed earlier is still told the end, so it stops what it started.
          ProbeFigures figures = ask(named.probe(), () -> named.probe().measurementEnds(end));
          gather(named, figures, groups, problems, aggregations);
        }
      }
      if (footprint == null) {
        problems
            .computeIfAbsent("memory", g -> new ArrayList<>())
            .add("model_footprint_mb: the benchmark opens no model");
      } else {
        groups
            .computeIfAbsent("memory", g -> new LinkedHashMap<>())
            .put("model_footprint_mb", footprint.value());
        // Each fork opens the model afresh: the largest footprint is what the model may take.
        aggregations
            .computeIfAbsent("memory", g -> new LinkedHashMap<>())
            .put("model_footprint_mb", Aggregation.MAX);
        if (footprint.problem() != null) {
          problems
              .computeIfAbsent("memory", g -> new ArrayList<>())
              .add("model_footprint_mb: " + footprint.problem());
        }
      }
      Map<String, Map<String, Object>> userGroups = new LinkedHashMap<>();
      for (Named named : users) {
        Map<String, Object> group =
            new LinkedHashMap<>(groups.getOrDefault(named.name(), Map.of()));
        group.put(REASON, reasons(problems.get(named.name())));
        userGroups.put(named.name(), Collections.unmodifiableMap(group));
      }
      return new Figures(
          typed("memory", MemoryFigures.class, groups, problems),
          typed("utilization", UtilizationFigures.class, groups, problems),
          typed("energy", EnergyFigures.class, groups, problems),
          new ProbeGroups(Collections.unmodifiableMap(userGroups), aggregations));
    }

    /**
     * Adds what {@code probe} measured to the groups: its own, or a built-in or other probe's it
     * names.
     */
    private void gather(
        Named named,
        ProbeFigures figures,
        Map<String, Map<String, Object>> groups,
        Map<String, List<String>> problems,
        Map<String, Map<String, Aggregation>> aggregations) {
      String own = named.name();
      String failure = failures.get(named.probe());
      if (failure == null && figures == null) {
        failure =
            "its measurementEnds returned null; return new ProbeFigures() when there is nothing to say";
      }
      if (failure == null) {
        for (String group : figures.groups().keySet()) {
          String target = group.equals(ProbeFigures.OWN) ? own : group;
          boolean allowed =
              target.equals(own)
                  || (BUILT_IN_NAMES.contains(own) && BUILT_IN_GROUPS.contains(target));
          if (!allowed) {
            failure =
                "it puts figures into the group \""
                    + target
                    + "\"; a probe fills its own group only:"
                    + " put them there (ProbeFigures.put(figure, value))";
          } else if (figures.groups().get(group).containsKey(REASON)) {
            failure =
                "it puts a figure named "
                    + REASON
                    + ", which says why figures are null: name it otherwise"
                    + " and give reasons with ProbeFigures.unavailable";
          }
        }
      }
      if (failure != null) {
        String reason = warn("probe " + own, "the probe failed (" + failure + ")");
        problems
            .computeIfAbsent(
                BUILT_IN_NAMES.contains(own) && !BUILT_IN_GROUPS.contains(own) ? "memory" : own,
                g -> new ArrayList<>())
            .add("all figures: " + reason);
        return;
      }
      figures
          .groups()
          .forEach(
              (group, values) -> {
                String target = group.equals(ProbeFigures.OWN) ? own : group;
                groups.computeIfAbsent(target, g -> new LinkedHashMap<>()).putAll(values);
                problems
                    .computeIfAbsent(target, g -> new ArrayList<>())
                    .addAll(figures.problems(group));
                aggregations
                    .computeIfAbsent(target, g -> new LinkedHashMap<>())
                    .putAll(figures.aggregations(group));
              });
    }

    /** What {@code probe} answers, or null when it throws (then kept as its failure). */
    private ProbeFigures ask(Probe probe, Callable<ProbeFigures> question) {
      try {
        return question.call();
      } catch (VirtualMachineError e) {
        throw e;
      } catch (Throwable e) {
        failures.putIfAbsent(probe, Causes.describe(e));
        return null;
      }
    }

    /**
     * Runs a probe's step; a probe that throws is noted, and skipped from then on but for its end
     * ({@code always}), which stops what it started.
     */
    private void call(Probe probe, ThrowingStep step, boolean always) {
      if (!always && failures.containsKey(probe)) {
        return;
      }
      try {
        step.run();
      } catch (VirtualMachineError e) {
        throw e;
      } catch (Throwable e) {
        failures.putIfAbsent(probe, Causes.describe(e));
      }
    }
  }

  /** A built-in probe that reads counters: their end is read before anything slow stops. */
  interface CountersFirst {
    /** Reads the counters' end now, at the measurement's end. */
    void readCountersEnd();
  }

  /** The groups so far, each unmodifiable: what a probe reads of those that ended before it. */
  private static Map<String, Map<String, Object>> snapshot(
      Map<String, Map<String, Object>> groups) {
    Map<String, Map<String, Object>> copy = new LinkedHashMap<>();
    groups.forEach(
        (name, figures) ->
            copy.put(name, Collections.unmodifiableMap(new LinkedHashMap<>(figures))));
    return Collections.unmodifiableMap(copy);
  }

  /** A step of a probe. */
  @FunctionalInterface
  private interface ThrowingStep {
    void run() throws Exception;
  }

  /**
   * A built-in group as its typed part of a result; a figure the group does not define is refused.
   */
  private static <T> T typed(
      String name,
      Class<T> type,
      Map<String, Map<String, Object>> groups,
      Map<String, List<String>> problems) {
    Map<String, Object> group = new LinkedHashMap<>(groups.getOrDefault(name, Map.of()));
    group.put(REASON, reasons(problems.get(name)));
    try {
      return JSON.convertValue(group, type);
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(
          "the " + name + " group holds a figure it does not define: " + group.keySet(), e);
    }
  }

  /**
   * Warns once per run for {@code source}'s {@code reason} and returns the reason for the result.
   */
  static String warn(String source, String reason) {
    RunWarnings.warnOnce(source + ": " + reason, reason + " (" + source + " figures are null)");
    return reason;
  }

  private static String reasons(List<String> problems) {
    return problems == null || problems.isEmpty() ? null : String.join("; ", problems);
  }
}
