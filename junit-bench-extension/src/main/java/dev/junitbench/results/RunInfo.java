package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.junitbench.environment.GitInfo;
import dev.junitbench.environment.HostInfo;
import dev.junitbench.environment.SoftwareInfo;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The {@code run} object of results.json: one JVM's run of benchmarks.
 *
 * @param id the run's id; its folder is {@code run-<id>}
 * @param startedAt ISO-8601 UTC
 * @param finishedAt ISO-8601 UTC, null while the run goes on
 * @param git the checkout measured, null outside git
 * @param host the machine
 * @param software Java, JUnit and junit-bench versions
 * @param config the effective junit-bench configuration parameters, and every other {@code
 *     junit.bench.*} key the run was given, as written
 * @param configSources where each {@code junit.bench.*} key the run was given came from: {@code
 *     system property}, {@code explicit}, or {@code junit-platform.properties <url>}; null in files
 *     written before it was recorded
 * @param warnings figures the run could not give, and why: each cause once
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record RunInfo(
    String id,
    String startedAt,
    String finishedAt,
    GitInfo git,
    HostInfo host,
    SoftwareInfo software,
    Map<String, String> config,
    Map<String, String> configSources,
    List<String> warnings) {

  /** A run whose keys' sources are not known. */
  public RunInfo(
      String id,
      String startedAt,
      String finishedAt,
      GitInfo git,
      HostInfo host,
      SoftwareInfo software,
      Map<String, String> config,
      List<String> warnings) {
    this(id, startedAt, finishedAt, git, host, software, config, null, warnings);
  }

  /**
   * This run with the inference runtimes loaded so far ({@code onnxruntime -> 1.29.0}) and the
   * warnings given so far.
   */
  public RunInfo updated(Map<String, String> runtimes, List<String> newWarnings) {
    return runtimes.equals(software.runtimes()) && newWarnings.equals(warnings)
        ? this
        : new RunInfo(
            id,
            startedAt,
            finishedAt,
            git,
            host,
            software.withRuntimes(runtimes),
            config,
            configSources,
            List.copyOf(newWarnings));
  }

  /** This run, finished at {@code time}. */
  public RunInfo finished(String time) {
    return new RunInfo(id, startedAt, time, git, host, software, config, configSources, warnings);
  }
}
