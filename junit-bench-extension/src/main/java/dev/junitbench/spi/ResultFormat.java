package dev.junitbench.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.junitbench.results.RunFolder;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * A file format a run is also written in, besides the built-in results.json, results.csv and
 * samples.csv: an HTML report, JMH's JSON, a format of your own. Implementations are found through
 * {@link java.util.ServiceLoader} ({@code META-INF/services/dev.junitbench.spi.ResultFormat}) on
 * the test class path and called after the built-in files are written: after each scenario, and
 * once at the end of the run. A format that throws is reported once (stderr and {@code
 * run.warnings}) and costs neither the other files nor the run.
 *
 * <p>Each format can be switched with {@code junit.bench.format.<name>=true|false}; without it,
 * {@link #enabledByDefault()} decides. A format with settings of its own declares their keys in
 * {@link #configurationKeys()} and reads their values from the run's {@code run.config}.
 *
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface ResultFormat {

  /** A short name, used in {@code junit.bench.format.<name>} and in warnings: {@code html}. */
  String name();

  /**
   * The configuration keys this format reads besides its switch, each in full and starting with
   * {@code junit.bench.} ({@code junit.bench.report.title}): the run accepts them from any source
   * and records their values in results.json's {@code run.config} ({@code
   * run.run().config().get(key)}). A key outside {@code junit.bench.} fails the run, naming this
   * class. None by default.
   */
  default Set<String> configurationKeys() {
    return Set.of();
  }

  /** Whether the format writes when {@code junit.bench.format.<name>} is not set. */
  default boolean enabledByDefault() {
    return true;
  }

  /**
   * Called after each scenario's result is in the run's built-in files; {@code run} holds every
   * result written so far. Most formats write at the end only.
   */
  default void scenarioWritten(RunFolder run) throws Exception {}

  /**
   * Called once, when the run has ended and its built-in files are complete. Write the files
   * atomically (a temporary file, then a rename): a reader must never see half of one.
   *
   * @return the files written, which the run's summary names last
   */
  List<Path> runFinished(RunFolder run) throws Exception;
}
