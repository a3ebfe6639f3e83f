package dev.junitbench.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Set;
import org.apiguardian.api.API;

/**
 * Measures something while a scenario is measured and hands back a group of figures: the
 * extension's memory, utilization, energy and GPU figures are probes, and so is one of your own.
 * Implementations are found through {@link java.util.ServiceLoader} ({@code
 * META-INF/services/dev.junitbench.spi.Probe} on the test class path, or {@code provides} in a
 * module) and created afresh for every scenario, so a probe keeps its state in fields. Its figures
 * land in results.json under {@code probes.<name>} and in results.csv as {@code
 * probes_<name>_<figure>} columns.
 *
 * <p>{@link #measurementStarts()} runs right before the first measured call and {@link
 * #measurementEnds(ProbeEnd)} right after the last, on the benchmark's thread: keep both short,
 * they are outside the measured time but inside the scenario's. A probe that throws loses its own
 * figures (their group says why, and the run warns once), never the scenario's.
 *
 * <p>A probe with settings of its own declares their keys in {@link #configurationKeys()}: a run
 * fails on any {@code junit.bench.*} key nobody declared, and the probe reads the values the run
 * sets from {@link ProbeScenario#configuration()}.
 *
 * <pre>{@code
 * public final class OpenFilesProbe implements Probe {
 *   private long before;
 *
 *   public String name() { return "open_files"; }
 *
 *   public void measurementStarts() { before = count(); }
 *
 *   public ProbeFigures measurementEnds(ProbeEnd end) {
 *     return new ProbeFigures().put("opened", count() - before, Aggregation.SUM);
 *   }
 * }
 * }</pre>
 *
 * <p>Under {@code @Fork} each fork measures with a probe of its own, and each number joins across
 * forks as it was put: a total over the measurement as {@link
 * dev.junitbench.results.Aggregation#SUM}, a peak as {@code MAX}; without one, the forks' mean.
 *
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface Probe {

  /**
   * The group's name in lower_snake_case ({@code open_files}): the key under {@code probes} in
   * results.json and the middle of its results.csv columns. Two probes may not share a name, and
   * {@code memory}, {@code utilization}, {@code energy} and {@code gpu} are the built-in probes'.
   */
  String name();

  /**
   * The configuration keys this probe reads, each in full and starting with {@code junit.bench.}
   * ({@code junit.bench.open-files.limit}): the run accepts them from any source (system property,
   * junit-platform.properties, launcher parameter), and {@link ProbeScenario#configuration()} hands
   * their values to {@link #scenarioStarts(ProbeScenario)}. A key outside {@code junit.bench.}
   * fails the run, naming this class. None by default. To ask, the run creates one instance of each
   * probe when it starts: keep the constructor cheap, and start what is slow in {@link
   * #scenarioStarts(ProbeScenario)}.
   */
  default Set<String> configurationKeys() {
    return Set.of();
  }

  /**
   * The scenario is about to run, before its warm-up: start what is slow to start (a child
   * process), so its start falls outside the measurement.
   */
  default void scenarioStarts(ProbeScenario scenario) throws Exception {}

  /** The measurement starts now. */
  void measurementStarts() throws Exception;

  /**
   * The measurement ended now. Also called when the scenario failed, even before its measurement
   * started (then {@link #measurementStarts()} never ran), and after this probe threw: stop what it
   * started; the figures are then dropped.
   *
   * @return the figures, never null: a figure that could not be measured is put as null, with
   *     {@link ProbeFigures#unavailable(String, String)} saying why
   */
  ProbeFigures measurementEnds(ProbeEnd end) throws Exception;
}
