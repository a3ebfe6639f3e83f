package dev.junitbench;

import dev.junitbench.backends.Backends;
import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.config.Defaults;
import dev.junitbench.config.ForkSettings;
import dev.junitbench.engine.BenchmarkPlan;
import dev.junitbench.exchange.PlannedBenchmarks;
import dev.junitbench.gate.Baseline;
import dev.junitbench.gate.BaselineMatching;
import dev.junitbench.infra.LoadPoint;
import dev.junitbench.infra.Scenario;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.stats.ForkStopRule;
import dev.junitbench.stats.JvmRuns;
import dev.junitbench.warnings.RunWarnings;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;

/**
 * The run's baseline, read and matched with every scenario the run plans once, before the first
 * scenario is measured: a run that would judge nothing fails then, not an hour later. The run's
 * scenarios are those of the test plan's benchmarks, or, where no listener handed the plan (the
 * test kit), those of the benchmark's own class.
 */
final class RunBaseline {

  /** The outcome kept for the run: the matching, or the error every benchmark reports. */
  private record Outcome(BaselineMatching matching, BenchmarkConfigurationException error) {}

  private RunBaseline() {}

  /**
   * The run's baseline matched with its scenarios, or null without a baseline.
   *
   * @throws BenchmarkConfigurationException when the baseline cannot be read, or none of the run's
   *     scenarios is in it
   */
  @SuppressWarnings(
      "deprecation") // getOrComputeIfAbsent: computeIfAbsent exists only from JUnit 6 on
  static BaselineMatching of(ExtensionContext context, BenchConfig config, Backends backends) {
    Optional<Path> path = config.baseline();
    if (path.isEmpty()) {
      return null;
    }
    // With the plan's benchmarks the matching is the run's, else only this class's: kept per class
    // then.
    boolean planned = inPlan(context);
    Outcome outcome =
        context
            .getRoot()
            .getStore(BenchmarkExtension.NAMESPACE)
            .getOrComputeIfAbsent(
                RunBaseline.class.getName()
                    + ":"
                    + path.get()
                    + (planned ? "" : ":" + context.getRequiredTestClass().getName()),
                key -> match(path.get(), context, config, backends, planned),
                Outcome.class);
    if (outcome.error() != null) {
      throw outcome.error();
    }
    return outcome.matching();
  }

  /**
   * Whether the listener's plan holds the benchmark being expanded: a plan of another run (one
   * launched from inside this one, say) must not stand for this one.
   */
  private static boolean inPlan(ExtensionContext context) {
    Method method = context.getRequiredTestMethod();
    Class<?> testClass = context.getRequiredTestClass();
    return PlannedBenchmarks.current().stream()
        .anyMatch(
            planned -> planned.method().equals(method) && planned.testClass().equals(testClass));
  }

  private static Outcome match(
      Path path, ExtensionContext context, BenchConfig config, Backends backends, boolean planned) {
    try {
      Baseline baseline = Baseline.read(path);
      if (config.forksOverride().orElse(-1) == 0) {
        RunWarnings.warnOnce(
            "forks=0 with a baseline",
            "-D"
                + BenchConfig.FORKS
                + "=0 with a baseline: every"
                + " scenario the baseline measured unforked is judged on one JVM against one JVM, and its verdict is"
                + " marked \""
                + JvmRuns.UNFORKED
                + "\" (one the baseline forked and measured alike in its JUnit JVM is"
                + " judged by the baseline forks' spread). A rank test then calls almost any two JVMs different, and only the threshold decides (in"
                + " simulation, with JVMs 5% apart, 25% of unchanged scenarios are called regressed); leave "
                + BenchConfig.FORKS
                + " unset to fork against the baseline");
      }
      Set<ScenarioKey> forkedByThemselves = new LinkedHashSet<>();
      Set<ScenarioKey> keys = planned(context, config, backends, planned, forkedByThemselves);
      BaselineMatching matching =
          BaselineMatching.of(baseline, keys, config.baselineMatch(), ForkSettings.of(config));
      // The forks the baseline turns on, built now: a bad min, max or precision fails every
      // benchmark before anything is measured.
      for (ScenarioKey key : keys) {
        int jvms = baseline.jvms(key);
        if (jvms > 0 && !forkedByThemselves.contains(key)) {
          int fewest = matching.forksFor(key).map(ForkStopRule::min).orElse(0);
          int calibrated = Defaults.forksAgainstBaseline(jvms);
          if (fewest < calibrated) {
            RunWarnings.warnOnce(
                "forks below the calibrated count",
                "-D"
                    + ForkSettings.MIN
                    + "="
                    + fewest
                    + " starts the forks against the baseline below the "
                    + calibrated
                    + " calibrated against a baseline scenario measured in "
                    + jvms
                    + (jvms == 1 ? " JVM" : " JVMs")
                    + ": the gate's false alarms and its naming of JVMs on two levels are no longer"
                    + " as calibrated; remove it to start from the calibrated count");
          }
        }
      }
      if (config.forksOverride().isEmpty()
          && keys.stream().anyMatch(key -> baseline.measuredInItsJunitJvm(key))) {
        RunWarnings.warnOnce(
            "unforked baseline",
            "the baseline measured its scenarios in one JVM each: each is"
                + " measured here too, alike, and in forks ("
                + Defaults.forksAgainstBaseline(1)
                + " unless its @Fork, -D"
                + BenchConfig.FORKS
                + " or -D"
                + ForkSettings.MIN
                + " says otherwise) for the spread between JVMs, and the two alike JVMs are compared,"
                + " one a side, which catches large changes only and cannot tell a baseline JVM that sat on another level"
                + " (multi-threaded scenarios on a shared machine) from a change. Make the baseline's run with -D"
                + BenchConfig.FORKS
                + "=5: then scenarios fork "
                + Defaults.forksAgainstBaseline(5)
                + " to "
                + Math.max(Defaults.forksAgainstBaseline(5), Defaults.ADAPTIVE_FORKS_MAX)
                + " times, until the interval across forks is narrow enough, and both sides' spread"
                + " is tested");
      }
      return new Outcome(matching, null);
    } catch (BenchmarkConfigurationException e) {
      return new Outcome(null, e);
    }
  }

  /**
   * Every scenario the run plans, benchmark and result params, and into {@code forkedByThemselves}
   * those whose benchmark or run sets how they fork (or that are never forked); a benchmark whose
   * plan is invalid reports itself.
   */
  private static Set<ScenarioKey> planned(
      ExtensionContext context,
      BenchConfig config,
      Backends backends,
      boolean inPlan,
      Set<ScenarioKey> forkedByThemselves) {
    List<PlannedBenchmarks.Planned> benchmarks =
        new ArrayList<>(inPlan ? PlannedBenchmarks.current() : List.of());
    if (benchmarks.isEmpty()) {
      Class<?> testClass = context.getRequiredTestClass();
      for (Method method :
          AnnotationSupport.findAnnotatedMethods(
              testClass, Benchmark.class, HierarchyTraversalMode.TOP_DOWN)) {
        benchmarks.add(new PlannedBenchmarks.Planned(testClass, method));
      }
    }
    Set<ScenarioKey> keys = new LinkedHashSet<>();
    for (PlannedBenchmarks.Planned benchmark : benchmarks) {
      try {
        BenchmarkPlan plan =
            AnnotatedPlan.of(benchmark.method(), benchmark.testClass(), config, backends);
        for (Scenario scenario : plan.scenarios()) {
          keys.add(plan.key(scenario));
          if (plan.forking().configured() || scenario.load().map(LoadPoint::pooled).orElse(false)) {
            forkedByThemselves.add(plan.key(scenario));
          }
        }
      } catch (RuntimeException | LinkageError e) {
        // That benchmark reports its own problem when it runs; the others are matched.
      }
    }
    return keys;
  }
}
