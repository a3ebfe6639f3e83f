package dev.junitbench.output;

import dev.junitbench.internal.AtomicFiles;
import dev.junitbench.results.QueryTimes;
import dev.junitbench.results.ScenarioResult;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes queries.csv: {@code
 * result_id,query,scheduled_ns,issued_ns,started_ns,completed_ns,worker}, one row per query of a
 * scenario measured under Offline, Server or Concurrency (query from 1, times in nanoseconds since
 * its run started, worker from 0). Every figure of the result's {@code load} group is computed from
 * these rows. The file exists only in runs with such a scenario.
 */
public final class QueriesCsv {

  /** File name inside a run folder. */
  public static final String FILE = "queries.csv";

  /** The header row. */
  public static final String HEADER =
      "result_id,query,scheduled_ns,issued_ns,started_ns,completed_ns,worker";

  private QueriesCsv() {}

  /**
   * Appends the query times of {@code result}, if it has any, as {@link SamplesCsv#append} does.
   */
  public static void append(Path runDir, ScenarioResult result) throws IOException {
    QueryTimes times = result.queryTimes();
    if (times == null) {
      return;
    }
    AtomicFiles.appendRows(
        runDir.resolve(FILE),
        HEADER,
        writer -> {
          for (int i = 0; i < times.count(); i++) {
            writer.write(
                result.id()
                    + ","
                    + (i + 1)
                    + ","
                    + times.scheduledNs()[i]
                    + ","
                    + times.issuedNs()[i]
                    + ","
                    + times.startedNs()[i]
                    + ","
                    + times.completedNs()[i]
                    + ","
                    + times.worker()[i]
                    + "\n");
          }
        });
  }
}
