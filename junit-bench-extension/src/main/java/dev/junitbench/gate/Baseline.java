package dev.junitbench.gate;

import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.results.ResultFileException;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.Samples;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The run a benchmark run is gated against ({@code junit.bench.baseline}), read once: its results
 * by scenario and, when it kept them, its raw samples.
 */
public final class Baseline {

  private final RunFolder folder;
  private final Samples samples;
  private final Map<ScenarioKey, ScenarioResult> byScenario = new HashMap<>();

  private Baseline(RunFolder folder, Samples samples) {
    this.folder = folder;
    this.samples = samples;
    for (ScenarioResult result : folder.results()) {
      // A scenario measured twice in one run (a class selected twice) is compared with the last one.
      byScenario.put(result.key(), result);
    }
  }

  /**
   * Reads the baseline at {@code path} (a run folder or its results.json).
   *
   * @throws BenchmarkConfigurationException naming {@code junit.bench.baseline} and the problem
   */
  public static Baseline read(Path path) {
    try {
      RunFolder folder = RunFolder.read(path);
      return new Baseline(folder, folder.hasSamples() ? folder.samples() : null);
    } catch (ResultFileException e) {
      throw new BenchmarkConfigurationException("-D" + BenchConfig.BASELINE + "=" + path + " cannot be used: "
          + e.getMessage());
    }
  }

  /** The baseline's results.json. */
  public Path file() {
    return folder.resultsFile();
  }

  /** The baseline run's id. */
  public String runId() {
    return folder.run().id();
  }

  /** The baseline's result of the scenario {@code key}, or null. */
  ScenarioResult result(ScenarioKey key) {
    return byScenario.get(key);
  }

  /** The raw samples of {@code result}, or null when the baseline kept none. */
  long[] samples(ScenarioResult result) {
    return samples == null ? null : samples.of(result.id());
  }
}
