package dev.junitbench.reports.history;

import dev.junitbench.environment.GitInfo;
import dev.junitbench.environment.HostInfo;
import dev.junitbench.machine.SoftwareReader;
import dev.junitbench.output.RunWriter;
import dev.junitbench.results.RunInfo;
import dev.junitbench.results.ScenarioResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Run folders of a history: each with its host, start time and commit. */
final class HistoryRuns {

  private HistoryRuns() {}

  /**
   * The host of the runs: named {@code name}, or nameless (junit.bench.host.include-name=false)
   * when null.
   */
  static HostInfo host(String name) {
    return new HostInfo(
        name,
        "Linux",
        "6.1",
        "amd64",
        "Debian GNU/Linux 12",
        null,
        2,
        "Test CPU",
        null,
        null,
        2,
        null,
        8L << 30,
        null,
        List.of(),
        null);
  }

  /**
   * Writes run {@code id} of {@code host}, started at {@code started}, measuring {@code commit}.
   */
  static Path write(
      Path parent,
      String id,
      String host,
      Instant started,
      String commit,
      List<ScenarioResult> results) {
    try {
      RunInfo run =
          new RunInfo(
              id,
              started.toString(),
              null,
              commit == null ? null : new GitInfo(commit, "main", false),
              host(host),
              SoftwareReader.current(),
              Map.of("junit.bench.forks", "0"),
              List.of());
      RunWriter writer = new RunWriter(parent.resolve("run-" + id), run);
      for (ScenarioResult result : results) {
        writer.add(result);
      }
      writer.finish(started.plusSeconds(60).toString());
      return writer.runDir();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
