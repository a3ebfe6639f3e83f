package dev.junitbench.fork;

import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.ForkChild;
import dev.junitbench.profile.ProfileStaging;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.stats.ForkStopRule;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Measures one scenario in fresh JVMs, one fork after the other, and pools what they hand back. The
 * JUnit JVM opens nothing of the scenario: each fork runs the benchmark method's scenario through
 * the JUnit Platform itself.
 */
public final class ScenarioForks {

  private final Class<?> testClass;
  private final Method method;
  private final String displayName;
  private final int scenario;
  private final int forks;
  private final ForkStopRule until;
  private final BenchConfig config;
  private final Map<String, String> given;
  private final ChildJvm childJvm;
  private final Class<? extends ForkLauncher> launcher;

  private ScenarioForks(
      Class<?> testClass,
      Method method,
      String displayName,
      int scenario,
      int forks,
      ForkStopRule until,
      BenchConfig config,
      Map<String, String> given,
      ChildJvm childJvm,
      Class<? extends ForkLauncher> launcher) {
    this.testClass = testClass;
    this.method = method;
    this.displayName = displayName;
    this.scenario = scenario;
    this.forks = forks;
    this.until = until;
    this.config = config;
    this.given = given;
    this.childJvm = childJvm;
    this.launcher = launcher;
  }

  /**
   * How the forks went: the result to record (with the forks that finished, when one failed), and
   * why one failed, or null.
   */
  public record Outcome(ScenarioResult result, RuntimeException failure) {}

  /**
   * The {@code forks} forks of the scenario at index {@code scenario} of {@code method}, run as a
   * test of {@code testClass}, or with {@code until} (else null) forks until the answer is known,
   * {@code forks} at most; their JVMs get {@code jvmArgs} after the JUnit JVM's own options, and
   * every {@code junit.bench.*} parameter the run was {@code given} (a user's own, a probe's)
   * besides the known ones, which {@code config} gives; {@code launcher} runs the scenario in each
   * fork.
   */
  public static ScenarioForks of(
      Class<?> testClass,
      Method method,
      String displayName,
      int scenario,
      int forks,
      ForkStopRule until,
      List<String> jvmArgs,
      BenchConfig config,
      Map<String, String> given,
      Class<? extends ForkLauncher> launcher) {
    return new ScenarioForks(
        testClass,
        method,
        displayName,
        scenario,
        forks,
        until,
        config,
        Map.copyOf(given),
        ChildJvm.of(config.forksJava(), testClass, jvmArgs),
        launcher);
  }

  /**
   * Runs every fork in turn, stopping at the first that does not measure, or, forks until the
   * answer is known, once the interval across forks is narrow enough; {@code planned} is the
   * scenario's result before measurement, {@code adviceTarget} the relative half-width the advice
   * aims at. Fork output is relayed to {@code out} and {@code err}.
   */
  public Outcome run(
      ScenarioResult planned,
      int batchSize,
      Integer sequenceLength,
      double adviceTarget,
      PrintStream out,
      PrintStream err) {
    String subject = planned.benchmark() + " " + displayName;
    ForkPool pool = new ForkPool(forks, until);
    ForkRunner runner = new ForkRunner(childJvm, config.forksTimeout(), out, err);
    Path folder;
    try {
      folder = Files.createTempDirectory("junit-bench-fork");
    } catch (IOException e) {
      return new Outcome(
          planned,
          new ForkException(
              subject
                  + ": no temporary folder for the forks' files ("
                  + e
                  + "); set -Djava.io.tmpdir to a writable folder",
              e,
              0));
    }
    // The folders of the forks that handed back a profile: the pooled result names their files.
    List<String> profiled = new ArrayList<>();
    boolean pooled = false;
    try {
      for (int fork = 1; fork <= forks; fork++) {
        String name = "fork " + fork + " of " + (until == null ? "" : "at most ") + forks;
        ForkRunner.Outcome outcome;
        List<String> staging = null;
        boolean handedBack = false;
        try {
          staging = profileStaging();
          outcome = runner.run(request(folder, fork, staging), folder, subject, name);
          handedBack = measured(outcome.handBack());
        } catch (ForkException e) {
          pool.ended(fork, Status.FAILED, e.getMessage(), e.wallTimeMs());
          return partial(pool, planned, adviceTarget, e);
        } catch (IOException | RuntimeException e) {
          ForkException failure =
              new ForkException(subject + ": " + name + " failed in the JUnit JVM: " + e, e, 0);
          pool.ended(fork, Status.FAILED, failure.getMessage(), 0);
          return partial(pool, planned, adviceTarget, failure);
        } finally {
          if (staging != null) {
            ProfileStaging.forkEnded(staging.get(1), handedBack);
            if (handedBack) {
              profiled.add(staging.get(1));
            }
          }
        }
        ForkHandBack handBack = outcome.handBack();
        if (measured(handBack)) {
          pool.measured(
              fork,
              handBack.result(),
              handBack.aggregations(),
              handBack.samplesNs(),
              handBack.tokenNs(),
              outcome.wallTimeMs());
          ForkStopRule.Look look = pool.look();
          if (look != null && look.stop() != ForkStopRule.Stop.CONTINUE) {
            break;
          }
          continue;
        }
        Status status = handBack.status() == Status.PASSED ? Status.FAILED : handBack.status();
        String why =
            handBack.status() == Status.PASSED ? "it handed back no samples" : handBack.error();
        pool.ended(fork, status, why, outcome.wallTimeMs());
        String message =
            subject
                + ": "
                + name
                + (status == Status.FAILED ? " failed: " : " did not run: ")
                + why;
        RuntimeException failure =
            status == Status.FAILED
                ? new ForkException(
                    message,
                    handBack.stackTrace() == null
                        ? null
                        : new ForkFailure(handBack.error(), handBack.stackTrace()),
                    outcome.wallTimeMs())
                : new ForkAborted(message);
        return partial(pool, planned, adviceTarget, failure);
      }
      Outcome outcome =
          new Outcome(pool.pooled(planned, batchSize, sequenceLength, adviceTarget), null);
      pooled = true;
      return outcome;
    } finally {
      delete(folder);
      if (!pooled) {
        // A failed scenario's result names no profile: the finished forks' ones are not wanted.
        profiled.forEach(forkFolder -> ProfileStaging.forkEnded(forkFolder, false));
      }
    }
  }

  /**
   * The folder a fork records its profile into, as its system property; null when none can be made,
   * and the fork, if profiled, records into a temporary folder of its own, which it then leaves.
   */
  private static List<String> profileStaging() {
    try {
      return ProfileStaging.forFork();
    } catch (IOException e) {
      return null;
    }
  }

  /** Whether {@code handBack} is of a fork that measured: its result joins the pooled one. */
  private static boolean measured(ForkHandBack handBack) {
    return handBack.status() == Status.PASSED
        && handBack.result() != null
        && handBack.samplesNs() != null
        && handBack.samplesNs().length > 0;
  }

  private static Outcome partial(
      ForkPool pool, ScenarioResult planned, double adviceTarget, RuntimeException e) {
    return new Outcome(planned.withForks(pool.figures(adviceTarget)), e);
  }

  /**
   * The request of fork {@code fork}, which records its profile into {@code staging} (null: its own
   * temporary folder).
   */
  private ForkRequest request(Path folder, int fork, List<String> staging) {
    Map<String, String> configuration = new LinkedHashMap<>(given);
    configuration.putAll(config.explicit());
    // A fork measures; the JUnit JVM judges, so the fork reads no baseline.
    configuration.remove(BenchConfig.BASELINE);
    configuration.put(BenchConfig.PROGRESS, "false");
    String child = new ForkChild(fork, forks, scenario).value();
    configuration.put(BenchConfig.FORK_CHILD, child);
    Map<String, String> properties = new LinkedHashMap<>();
    for (String name : System.getProperties().stringPropertyNames()) {
      properties.put(name, System.getProperty(name));
    }
    if (staging != null) {
      properties.put(staging.get(0), staging.get(1));
    }
    String parameterTypes =
        Stream.of(method.getParameterTypes()).map(Class::getName).collect(Collectors.joining(","));
    return new ForkRequest(
        testClass.getName(),
        enclosing(testClass),
        method.getName(),
        parameterTypes,
        displayName,
        child,
        configuration,
        properties,
        folder.resolve("hand-back-" + fork + ".json").toString(),
        launcher.getName());
  }

  /**
   * The classes around a {@code @Nested} (inner) test class, outermost first; empty for any other.
   */
  private static List<String> enclosing(Class<?> testClass) {
    List<String> names = new ArrayList<>();
    Class<?> inner = testClass;
    while (inner.isMemberClass() && !Modifier.isStatic(inner.getModifiers())) {
      inner = inner.getEnclosingClass();
      names.add(0, inner.getName());
    }
    return names;
  }

  private static void delete(Path folder) {
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      // A temporary folder left behind costs nothing the run needs.
    }
  }
}
