package dev.junitbench.gate;

import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.internal.ScenarioComparison;
import dev.junitbench.results.JmhResultFile;
import dev.junitbench.results.ResultFileException;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.Samples;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The run a benchmark run is gated against ({@code junit.bench.baseline}), read once: its results
 * by scenario and, when it kept them, its raw samples.
 */
public final class Baseline {

  private final RunFolder folder;
  private final Samples samples;
  private final Map<ScenarioKey, ScenarioResult> byScenario = new LinkedHashMap<>();
  private final Map<ScenarioKey, ScenarioResult> asJunitBench = new HashMap<>();

  /** For a JMH baseline, the modes of each benchmark and params; empty for junit-bench's. */
  private final Map<ScenarioKey, List<String>> modes = new LinkedHashMap<>();

  private Baseline(RunFolder folder, Samples samples) {
    this.folder = folder;
    this.samples = samples;
    for (ScenarioResult result : folder.results()) {
      // A scenario measured twice in one run (a class selected twice) is compared with the last
      // one.
      byScenario.put(result.key(), result);
    }
    if (folder.jmhVersion() != null) {
      // A JMH scenario's key holds its mode, which a benchmark of junit-bench's lacks, and lacks
      // the device, which junit-bench's has: found by the key a junit-bench benchmark would have
      // too, where one mode alone has that benchmark and params.
      JmhResultFile.byJunitBenchKey(folder.results())
          .forEach(
              (key, group) -> {
                modes.put(key, group.stream().map(r -> JmhResultFile.mode(r.key())).toList());
                if (group.size() == 1) {
                  asJunitBench.put(key, group.get(0));
                }
              });
    }
  }

  /**
   * The keys a scenario of this run is matched on: the baseline's, or for a JMH baseline, each as a
   * junit-bench benchmark's: without its mode, with its device ({@link
   * JmhResultFile#junitBenchKey}).
   */
  public Set<ScenarioKey> matchedKeys() {
    return modes.isEmpty() ? byScenario.keySet() : modes.keySet();
  }

  /**
   * Why a JMH baseline cannot stand for {@code key}: it has the benchmark with these params in
   * several modes ({@code avgt, thrpt}), and a junit-bench scenario has no mode to pick one; else
   * null.
   */
  public String severalModes(ScenarioKey key) {
    List<String> found = modes.get(key);
    return found == null || found.size() < 2
        ? null
        : baselineName()
            + " has it in several JMH modes ("
            + String.join(", ", found)
            + ") and a scenario here has no mode to pick one: give a JMH file of one mode (JMH's"
            + " -bm)";
  }

  private String baselineName() {
    return folder.resultsFile().getFileName().toString();
  }

  /**
   * Reads the baseline at {@code path} (a run folder or its results.json).
   *
   * @throws BenchmarkConfigurationException naming {@code junit.bench.baseline} and the problem
   */
  public static Baseline read(Path path) {
    try {
      RunFolder folder = RunFolder.read(path);
      if (folder.results().stream().noneMatch(result -> result.latencyMs() != null)) {
        throw new BenchmarkConfigurationException(
            "-D"
                + BenchConfig.BASELINE
                + "="
                + path
                + " cannot be used: "
                + folder.resultsFile()
                + (folder.results().isEmpty()
                    ? " holds no scenario (its run measured nothing)"
                    : " holds no measured scenario"
                        + " (each of its "
                        + folder.results().size()
                        + " failed, was aborted or skipped, or the run was a dry run)")
                + "; give the run folder of a run that measured these benchmarks");
      }
      return new Baseline(folder, folder.hasSamples() ? folder.samples() : null);
    } catch (ResultFileException e) {
      throw new BenchmarkConfigurationException(
          "-D" + BenchConfig.BASELINE + "=" + path + " cannot be used: " + e.getMessage());
    }
  }

  /** The baseline's results.json. */
  public Path file() {
    return folder.resultsFile();
  }

  /** The baseline's run folder. */
  public Path dir() {
    return folder.dir();
  }

  /** The baseline run's id. */
  public String runId() {
    return folder.run().id();
  }

  /** The baseline's result of the scenario {@code key}, or null. */
  public ScenarioResult result(ScenarioKey key) {
    ScenarioResult result = byScenario.get(key);
    return result != null ? result : asJunitBench.get(key);
  }

  /** Every scenario of the baseline, in its order. */
  public Set<ScenarioKey> keys() {
    return byScenario.keySet();
  }

  /**
   * The JVM runs that measured the baseline's scenario {@code key}: its forks, or 1 when it was not
   * forked; 0 when the baseline lacks it or did not measure it.
   */
  public int jvms(ScenarioKey key) {
    ScenarioResult result = result(key);
    if (result == null || result.latencyMs() == null) {
      return 0;
    }
    return ScenarioComparison.jvmMedians(result).length;
  }

  /**
   * Whether the baseline measured {@code key} in the JVM that ran its suite, unforked (an ordinary
   * run), which the current run's JUnit JVM can be measured alike to.
   */
  public boolean measuredInItsJunitJvm(ScenarioKey key) {
    ScenarioResult result = result(key);
    return result != null && result.latencyMs() != null && result.forks() == null;
  }

  /** The raw samples of {@code result}, or null when the baseline kept none. */
  long[] samples(ScenarioResult result) {
    return samples == null ? null : samples.of(result.id());
  }
}
